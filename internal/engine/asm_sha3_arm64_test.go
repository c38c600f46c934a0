//go:build arm64 && !purego

package engine

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
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
	r := rand.New(rand.NewPCG(1, 2))
	for nr := 0; nr <= 24; nr++ {
		for range 4 {
			a := randomStates(r)
			want := a
			for i := range want {
				keccakPGeneric(&want[i], nr)
			}
			keccakP1600SHA3(&a[0], nr)
			keccakP1600x2SHA3((*[2][25]uint64)(a[1:3]), nr)
			keccakP1600SHA3(&a[3], nr)
			require.Equal(t, want, a, "nr=%d", nr)
		}
	}
}

// absorbGeneric is what absorbBlocksSHA3 does, in Go.
func absorbGeneric(a *[25]uint64, p []byte, rate, nr int) int {
	n := len(p) / rate * rate
	for j := 0; j < n; j += rate {
		for l := range rate / 8 {
			a[l] ^= binary.LittleEndian.Uint64(p[j+8*l:])
		}
		keccakPGeneric(a, nr)
	}
	return n
}

// Both absorbs match the generic loop at every rate (every entry into the
// computed branch), for 0..3 blocks and a partial block more, on unaligned
// slices at unrelated places. Each slice ends where more random bytes
// follow (its capacity too), so a read past len(p[0]) that reached the
// state would show.
func TestAbsorbSHA3(t *testing.T) {
	needSHA3(t)
	r := rand.New(rand.NewPCG(5, 6))
	for rate := 8; rate <= 200; rate += 8 {
		for blocks := range 4 {
			for _, tail := range []int{0, 1, 7, 8, 9, rate - 1} {
				if tail >= rate {
					continue
				}
				n := blocks*rate + tail
				for nr := 0; nr <= 24; nr++ {
					if testing.Short() && nr%4 != 0 && nr != 1 {
						continue
					}
					var p [3][]byte
					for i, off := range []int{1, 3, 5} {
						buf := randomBytes(r, off+n+2*rate)
						p[i] = buf[off : off+n : off+n]
					}
					a := randomStates(r)
					want := a
					for i := range p {
						absorbGeneric(&want[i], p[i], rate, nr)
					}
					where := fmt.Sprintf("rate=%d n=%d nr=%d", rate, n, nr)
					require.Equal(t, n-tail, absorbBlocksSHA3(&a[0], p[0], rate, nr), where)
					require.Equal(t, n-tail, absorb2SHA3((*[2][25]uint64)(a[1:3]), (*[2][]byte)(p[1:3]), rate, nr), where)
					require.Equal(t, want, a, where)
				}
			}
		}
	}
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
