//go:build amd64 && !purego

package engine

import "testing"

func needAVX512(tb testing.TB) {
	if !asmAVX512 {
		tb.Skip("no AVX-512VL")
	}
}

// The AVX-512 times-4 kernel is the generic permutation on each state, at
// every round count.
func TestPermute4AVX512(t *testing.T) {
	needAVX512(t)
	permutesLikeGeneric(t, keccakP1600x4AVX512)
}

// absorb4AVX512 is the generic block loop on each state (absorbsLikeGeneric).
func TestAbsorb4AVX512(t *testing.T) {
	needAVX512(t)
	absorbsLikeGeneric(t, func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
		return absorb4AVX512(a, p, rate, nr)
	})
}
