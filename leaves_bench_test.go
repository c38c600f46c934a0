package keccak

import (
	"testing"
	"time"
)

// BenchmarkPairedLeafBackends times the tree hashes on the avx2 backend
// and on the best one (c/avx512 on AVX-512 CPUs), alternating every few
// hashes inside one benchmark so that both see the same machine: the
// reports are avx2-ns/op, best-ns/op and avx2/best (>1: the best backend
// is faster). It is skipped unless both backends run here and differ.
func BenchmarkPairedLeafBackends(b *testing.B) {
	var avx2 backend
	for _, be := range backends() {
		if be.label == "c/avx2" {
			avx2 = be
		}
	}
	best := bestBackend()
	if avx2.label == "" || best == avx2 {
		b.Skip("needs the c/avx2 backend and a faster one")
	}
	in := make([]byte, 1<<20)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"KT128_1MB", func() { SumKT128(in[:1000000], nil, 32) }},
		{"KT256_1MB", func() { SumKT256(in[:1000000], nil, 64) }},
		{"KT128_100KB", func() { SumKT128(in[:100000], nil, 32) }},
		{"ParallelHash128_B8192_1MiB", func() { SumParallelHash128(in, nil, 8192, 32) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer func(saved backend) { impl = saved }(impl)
			const slice = 8
			var tA, tB time.Duration
			n := 0
			for b.Loop() {
				if n%slice == 0 {
					impl = avx2
					t0 := time.Now()
					for range slice {
						c.f()
					}
					impl = best
					t1 := time.Now()
					for range slice {
						c.f()
					}
					tA += t1.Sub(t0)
					tB += time.Since(t1)
				}
				n++
			}
			ops := float64(n - n%slice + min(n%slice, 1)*slice)
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(float64(tA.Nanoseconds())/ops, "avx2-ns/op")
			b.ReportMetric(float64(tB.Nanoseconds())/ops, "best-ns/op")
			b.ReportMetric(float64(tA)/float64(tB), "avx2/best")
		})
	}
}
