// listdemo: a CPU-bound program for tst_sourcelist's `go tool pprof -list` references.
// Its hot loops sit on lines of their own, one helper is small enough for the compiler to
// inline (pprof charges inlined code to the helper's own lines), and the other stays a call.
package main

import (
	"flag"
	"os"
	"runtime/pprof"
	"time"
)

// square is inlined into sumSquares.
func square(x uint64) uint64 {
	return x * x
}

func sumSquares(n uint64) uint64 {
	var total uint64
	for i := uint64(0); i < n; i++ {
		total += square(i)
	}
	return total
}

//go:noinline
func mix(h, v uint64) uint64 {
	h ^= v
	h *= 0x100000001b3
	h ^= h >> 29
	return h
}

func hashLoop(n uint64) uint64 {
	h := uint64(14695981039346656037)
	for i := uint64(0); i < n; i++ {
		h = mix(h, i)
	}
	return h
}

func main() {
	out := flag.String("o", "cpu.pb.gz", "the CPU profile to write")
	seconds := flag.Duration("d", 3*time.Second, "how long to run")
	flag.Parse()
	f, err := os.Create(*out)
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	var sink uint64
	for deadline := time.Now().Add(*seconds); time.Now().Before(deadline); {
		sink += sumSquares(2_000_000)
		sink += hashLoop(1_000_000)
	}
	pprof.StopCPUProfile()
	f.Close()
	if sink == 42 {
		println(sink)
	}
}
