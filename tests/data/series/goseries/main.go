// goseries writes series of profiles with a known truth, for tst_runseries:
//
//	goseries cpu DIR N SECONDS     N CPU profiles (DIR/cpu-01.pprof ...), each SECONDS long;
//	                               parseRecords is the hot function in the first half,
//	                               renderPage (three times the work) from capture N/2+1 on
//	goseries check FILE FACTOR SECONDS  one CPU profile: encodeBlock does FACTOR times the
//	                               work of decodeBlock
//	goseries heap DIR N            N heap profiles, one per round; leakCache keeps 64 KiB
//	                               more every round, scratchBuffers allocates and frees
//
// CPU profiles are recorded at 500 Hz (more samples in less time than Go's 100 Hz).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"time"
)

var sink uint64

// spin does `units` units of CPU work that the compiler cannot remove.
//
//go:noinline
func spin(units int) {
	x := sink | 1
	for i := 0; i < units*20000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	sink = x
}

//go:noinline
func parseRecords(units int) { spin(units) }

//go:noinline
func renderPage(units int) { spin(units) }

//go:noinline
func encodeBlock(units int) { spin(units) }

//go:noinline
func decodeBlock(units int) { spin(units) }

// record runs work under the CPU profiler, into path: for `seconds`, or `rounds` times
// when that is not 0.
func record(path string, seconds float64, rounds int, work func()) {
	f, err := os.Create(path)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	runtime.SetCPUProfileRate(500)
	if err := pprof.StartCPUProfile(f); err != nil {
		fail(err)
	}
	end := time.Now().Add(time.Duration(seconds * float64(time.Second)))
	for i := 0; rounds == 0 && time.Now().Before(end) || i < rounds; i++ {
		work()
	}
	pprof.StopCPUProfile()
}

// roundsIn is how many times work runs in `seconds` here, measured once: a series then
// does the same CPU work per capture however loaded the machine is (a capture of fixed
// wall time gets less CPU, and so less of every function, while other work runs).
func roundsIn(seconds float64, work func()) int {
	start := time.Now()
	rounds := 0
	for time.Since(start) < 200*time.Millisecond {
		work()
		rounds++
	}
	return int(float64(rounds) * seconds / time.Since(start).Seconds())
}

var retained [][]byte

//go:noinline
func leakCache() { retained = append(retained, make([]byte, 64<<10)) }

//go:noinline
func scratchBuffers() {
	for i := 0; i < 64; i++ {
		b := make([]byte, 16<<10)
		b[0] = byte(i)
		sink += uint64(b[0])
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "goseries:", err)
	os.Exit(1)
}

func number(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		fail(err)
	}
	return v
}

func main() {
	if len(os.Args) < 4 {
		fail(fmt.Errorf("usage: goseries cpu DIR N SECONDS | check FILE FACTOR SECONDS | heap DIR N"))
	}
	switch os.Args[1] {
	case "cpu":
		n, seconds := int(number(os.Args[3])), number(os.Args[4])
		rounds := roundsIn(seconds, func() { parseRecords(3); renderPage(1) })
		for i := 1; i <= n; i++ {
			parse, render := 3, 1
			if i > n/2 {
				parse, render = 1, 3
			}
			record(filepath.Join(os.Args[2], fmt.Sprintf("cpu-%02d.pprof", i)), 0, rounds, func() {
				parseRecords(parse)
				renderPage(render)
			})
		}
	case "check":
		factor, seconds := int(number(os.Args[3])), number(os.Args[4])
		record(os.Args[2], seconds, 0, func() {
			encodeBlock(factor)
			decodeBlock(1)
		})
	case "heap":
		// Every allocation: a coarser rate leaves each P's first sampling distance at
		// the default 512 KiB, so the first rounds' leaks went unrecorded.
		runtime.MemProfileRate = 1
		n := int(number(os.Args[3]))
		for i := 1; i <= n; i++ {
			leakCache()
			scratchBuffers()
			// The profile shows the heap as of the last completed collection.
			runtime.GC()
			runtime.GC()
			f, err := os.Create(filepath.Join(os.Args[2], fmt.Sprintf("heap-%02d.pprof", i)))
			if err != nil {
				fail(err)
			}
			if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
				fail(err)
			}
			f.Close()
		}
	default:
		fail(fmt.Errorf("unknown mode %q", os.Args[1]))
	}
}
