// goseries writes series of profiles with a known truth, for tst_runseries:
//
//	goseries cpu DIR N SECONDS     N CPU profiles (DIR/cpu-01.pprof ...), each about SECONDS
//	                               of CPU;
//	                               parseRecords is the hot function in the first half,
//	                               renderPage (three times the work) from capture N/2+1 on
//	goseries check DIR SECONDS     three CPU profiles of the same number of rounds, each
//	                               about SECONDS of CPU: DIR/base.pprof and DIR/again.pprof,
//	                               where encodeBlock does the work of decodeBlock, and
//	                               DIR/tripled.pprof, where it does three times that work
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
	"syscall"
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

// record runs work `rounds` times under the CPU profiler, into path.
func record(path string, rounds int, work func()) {
	f, err := os.Create(path)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	runtime.SetCPUProfileRate(500)
	if err := pprof.StartCPUProfile(f); err != nil {
		fail(err)
	}
	for i := 0; i < rounds; i++ {
		work()
	}
	pprof.StopCPUProfile()
}

// cpuSeconds is the CPU time this process has used.
func cpuSeconds() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		fail(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano()).Seconds()
}

// roundsIn is how many times work runs in `seconds` of CPU time, measured once: every
// capture then does the same work, and so has about as many samples, however loaded the
// machine is (a capture of fixed wall time gets less CPU, and fewer samples, while other
// work runs; measured in wall time, the count itself would follow the load).
func roundsIn(seconds float64, work func()) int {
	start := cpuSeconds()
	rounds := 0
	for cpuSeconds()-start < 0.2 {
		work()
		rounds++
	}
	return int(float64(rounds) * seconds / (cpuSeconds() - start))
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
		fail(fmt.Errorf("usage: goseries cpu DIR N SECONDS | check DIR SECONDS | heap DIR N"))
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
			record(filepath.Join(os.Args[2], fmt.Sprintf("cpu-%02d.pprof", i)), rounds, func() {
				parseRecords(parse)
				renderPage(render)
			})
		}
	case "check":
		rounds := roundsIn(number(os.Args[3]), func() { encodeBlock(1); decodeBlock(1) })
		for _, capture := range []struct {
			name   string
			factor int
		}{{"base", 1}, {"again", 1}, {"tripled", 3}} {
			record(filepath.Join(os.Args[2], capture.name+".pprof"), rounds, func() {
				encodeBlock(capture.factor)
				decodeBlock(1)
			})
		}
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
