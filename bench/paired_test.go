package bench

import (
	"crypto/sha3"
	"testing"
	"time"

	"github.com/cloudflare/circl/xof/k12"
	"github.com/go-xkcp/keccak"
)

// Paired benchmarks: the targets' cases again, with ours and the peer
// alternating every few operations inside one benchmark, so that both see
// the same machine. On this shared VM the load drifts within a second (the
// other vCPU shares our core's execution units), and the back-to-back
// sub-benchmarks above then compare different moods: their per-round ratios
// for SHA3-256 of 32 bytes ranged 0.81-1.25x. Each reports keccak-ns/op,
// peer-ns/op and peer/keccak (>1: ours is faster); run.sh takes medians.

// slice is how many operations run before switching sides: long enough
// that reading the clock costs nothing, short (tens of µs) next to the
// drift.
const slice = 32

func paired(b *testing.B, ours, peer func()) {
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

func BenchmarkPaired_SHA3_256_32(b *testing.B) {
	in := input(32)
	paired(b,
		func() { s := keccak.Sum256(in); sink = s[:] },
		func() { s := sha3.Sum256(in); sink = s[:] })
}

func BenchmarkPaired_SHA3_256_1MiB(b *testing.B) {
	in := input(1 << 20)
	paired(b,
		func() { s := keccak.Sum256(in); sink = s[:] },
		func() { s := sha3.Sum256(in); sink = s[:] })
}

func BenchmarkPaired_MLKEM_SampleX4(b *testing.B) {
	ours, peer := sampleX4()
	paired(b, ours, peer)
}

// Permute24: as BenchmarkPermute24, the peer squeezes one SHAKE128 block.
func BenchmarkPaired_Permute24(b *testing.B) {
	var a [25]uint64
	x := sha3.NewSHAKE128()
	out := make([]byte, 168)
	x.Read(out)
	paired(b,
		func() { keccak.Permute(&a, 24) },
		func() { x.Read(out) })
}

func BenchmarkPaired_KT128_2_100(b *testing.B) { pairedKT(b, 100) }
func BenchmarkPaired_KT128_3_1k(b *testing.B)  { pairedKT(b, 1000) }
func BenchmarkPaired_KT128_6_1m(b *testing.B)  { pairedKT(b, 1000000) }

func pairedKT(b *testing.B, size int) {
	in := input(size)
	out := make([]byte, 32)
	paired(b,
		func() { sink = keccak.SumKT128(in, nil, 32) },
		func() { k12.Draft10Sum(out, in, nil) })
}
