// Package benchpair runs paired benchmarks: ours and a peer alternating
// inside one benchmark, so that both see the same machine. On a shared VM
// the load drifts within a second (the other vCPU shares our core's
// execution units), and back-to-back sub-benchmarks then compare different
// moods, their per-round ratios spread wide (docs/MEASUREMENTS.md,
// "benchpair.RunCPU").
// Used by the tests of the root package and of bench/; bench/run.sh and
// bench/table.py take medians of the reported metrics.
package benchpair

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// maxSlice is how many operations run before switching sides: long enough
// that reading the clock costs nothing, short next to the drift. Slow
// operations switch sooner, every sliceTime or so (a 1 MB hash every
// operation), so that the two sides still see the same moment.
const (
	maxSlice  = 32
	sliceTime = time.Millisecond
)

// Run times ours and peer alternately by the wall clock and reports
// keccak-ns/op, peer-ns/op and peer/keccak (>1: ours is faster), the ratio
// of the totals, and peer/keccak-med, the median of the slices' ratios:
// each compares two neighbouring slices, so a busy spell that hits a few
// slices moves it less than the totals.
func Run(b *testing.B, ours, peer func()) {
	start := time.Now()
	run(b, func() time.Duration { return time.Since(start) }, maxSlice, ours, peer)
}

// RunCPU is Run for operations that stay on the calling goroutine (no
// worker goroutines), timed with the thread's CPU clock where there is one
// (Linux): the goroutine is locked to its thread, cgo calls run on it, and
// time spent descheduled by other processes does not count, so under load
// its pairs spread far less from round to round than wall-clock ones
// (docs/MEASUREMENTS.md). Reading that clock is a system call, so a side
// runs about sliceTime whatever the operation's speed.
func RunCPU(b *testing.B, ours, peer func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	run(b, threadCPU, 1<<20, ours, peer)
}

func run(b *testing.B, now func() time.Duration, most int, ours, peer func()) {
	t0 := now()
	ours() // warm up both: page in, start pools
	slice := int(min(max(sliceTime/max(now()-t0, 1), 1), time.Duration(most)))
	peer()
	var tOurs, tPeer time.Duration
	var ratios []float64
	n := 0
	for b.Loop() {
		if n%slice == 0 {
			t0 := now()
			for range slice {
				ours()
			}
			t1 := now()
			for range slice {
				peer()
			}
			dOurs, dPeer := t1-t0, now()-t1
			tOurs += dOurs
			tPeer += dPeer
			ratios = append(ratios, float64(dPeer)/float64(max(dOurs, 1)))
		}
		n++
	}
	ops := float64(len(ratios) * slice) // every started slice ran whole
	slices.Sort(ratios)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(tOurs.Nanoseconds())/ops, "keccak-ns/op")
	b.ReportMetric(float64(tPeer.Nanoseconds())/ops, "peer-ns/op")
	b.ReportMetric(float64(tPeer)/float64(tOurs), "peer/keccak")
	b.ReportMetric(ratios[len(ratios)/2], "peer/keccak-med")
}
