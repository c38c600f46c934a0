//go:build arm64 && !purego

package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func needSHA3(tb testing.TB) {
	if !asmSHA3 {
		tb.Skip("no SHA3 instructions")
	}
}

// The times-1 and times-2 kernels are the generic permutation, at every
// round count (0 included: the assembly skips its round loop).
func TestPermuteSHA3(t *testing.T) {
	needSHA3(t)
	permutesLikeGeneric(t, func(a *[4][25]uint64, nr int) {
		keccakP1600SHA3(&a[0], nr)
		keccakP1600x2SHA3((*[2][25]uint64)(a[1:3]), nr)
		keccakP1600SHA3(&a[3], nr)
	})
}

// Both absorbs are the generic block loop (absorbsLikeGeneric): times-1 on
// the first and last states, times-2 on the middle two.
func TestAbsorbSHA3(t *testing.T) {
	needSHA3(t)
	absorbsLikeGeneric(t, func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
		n := absorbBlocksSHA3(&a[0], p[0], rate, nr)
		require.Equal(t, n, absorb2SHA3((*[2][25]uint64)(a[1:3]), (*[2][]byte)(p[1:3]), rate, nr))
		require.Equal(t, n, absorbBlocksSHA3(&a[3], p[3], rate, nr))
		return n
	})
}

// One state and two at a time, 12 and 24 rounds, against the generic code.
func BenchmarkPermuteSHA3(b *testing.B) {
	needSHA3(b)
	var a [2][25]uint64
	for _, nr := range []int{12, 24} {
		b.Run("x1/"+itoa(nr), func(b *testing.B) {
			for b.Loop() {
				keccakP1600SHA3(&a[0], nr)
			}
		})
		b.Run("x2/"+itoa(nr), func(b *testing.B) {
			for b.Loop() {
				keccakP1600x2SHA3(&a, nr)
			}
		})
		b.Run("go/"+itoa(nr), func(b *testing.B) {
			for b.Loop() {
				keccakPGeneric(&a[0], nr)
			}
		})
	}
}
