// A Go service for the capture tests: net/http/pprof on the address given (":0" picks a
// free port; the address is printed once listening), a hot function and an allocating
// function known by construction, and an end after the given seconds so that a test
// that dies leaves nothing running.
package main

import (
	"fmt"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"runtime"
	"strconv"
	"time"
)

var sink [][]byte

//go:noinline
func hotSpin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i % 7
	}
	return s
}

//go:noinline
func hoardMemory() {
	sink = append(sink, make([]byte, 64<<10))
	if len(sink) > 2000 {
		sink = sink[1000:]
	}
}

func main() {
	lifetime, _ := strconv.Atoi(os.Args[2])
	time.AfterFunc(time.Duration(lifetime)*time.Second, func() { os.Exit(0) })
	ln, err := net.Listen("tcp", os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	go func() {
		for {
			hotSpin(1 << 16)
			// A point where the runtime may stop this goroutine, often (a collection's
			// stop-the-world waits for it): the test runs the program without
			// asynchronous preemption, and hotSpin's loop has none.
			runtime.Gosched()
		}
	}()
	go func() {
		for {
			hoardMemory()
			time.Sleep(time.Millisecond)
		}
	}()
	// Held before anyone asks: a heap profile from the start shows the hoard.
	for i := 0; i < 100; i++ {
		hoardMemory()
	}
	fmt.Println(ln.Addr())
	http.Serve(ln, nil)
}
