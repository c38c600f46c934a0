package keccak

import (
	"slices"
	"testing"

	"github.com/go-xkcp/keccak/internal/impl"
	"github.com/go-xkcp/keccak/internal/testkit/benchpair"
)

// BenchmarkPairedLeafBackends times the tree hashes on the best backend
// (c/avx512 on AVX-512 CPUs; reported as keccak) against c/avx2 (as peer),
// alternating inside one benchmark so that both see the same machine:
// peer/keccak > 1 means the best backend is faster. Skipped unless both
// backends run here and differ.
func BenchmarkPairedLeafBackends(b *testing.B) {
	names := impl.Names("keccak")
	best := names[len(names)-1]
	if !slices.Contains(names, "c/avx2") || best == "c/avx2" {
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
			benchpair.Run(b,
				func() { defer impl.Select("keccak", best)(); c.f() },
				func() { defer impl.Select("keccak", "c/avx2")(); c.f() })
		})
	}
}
