// Package benchpair runs paired benchmarks: ours and a peer alternating
// every few operations inside one benchmark, so that both see the same
// machine. On a shared VM the load drifts within a second (the other vCPU
// shares our core's execution units), and back-to-back sub-benchmarks then
// compare different moods: their per-round ratios for SHA3-256 of 32 bytes
// ranged 0.81-1.25x. Used by the tests of the root package and of bench/;
// bench/run.sh and bench/table.py take medians of the reported metrics.
package benchpair

import (
	"testing"
	"time"
)

// slice is how many operations run before switching sides: long enough
// that reading the clock costs nothing, short next to the drift.
const slice = 32

// Run times ours and peer alternately and reports keccak-ns/op, peer-ns/op
// and peer/keccak (>1: ours is faster).
func Run(b *testing.B, ours, peer func()) {
	ours() // warm up both: page in, start pools
	peer()
	var tOurs, tPeer time.Duration
	n := 0
	for b.Loop() {
		if n%slice == 0 {
			t0 := time.Now()
			for range slice {
				ours()
			}
			t1 := time.Now()
			for range slice {
				peer()
			}
			tOurs += t1.Sub(t0)
			tPeer += time.Since(t1)
		}
		n++
	}
	ops := float64(n - n%slice + min(n%slice, 1)*slice) // every started slice ran whole
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(tOurs.Nanoseconds())/ops, "keccak-ns/op")
	b.ReportMetric(float64(tPeer.Nanoseconds())/ops, "peer-ns/op")
	b.ReportMetric(float64(tPeer)/float64(tOurs), "peer/keccak")
}
