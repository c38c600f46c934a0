//go:build amd64 && !purego

package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/csrc"
	"github.com/go-xkcp/keccak/internal/cpu"
	"github.com/stretchr/testify/require"
)

func needAVX2(tb testing.TB) {
	if !asmAVX2 {
		tb.Skip("no AVX2")
	}
}

// The times-4 kernel is the generic permutation on each state, at every
// round count.
func TestPermute4AVX2(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(1, 2))
	for nr := 0; nr <= 24; nr++ {
		for range 4 {
			a := randomStates(r)
			want := a
			for i := range want {
				keccakPGeneric(&want[i], nr)
			}
			keccakP1600x4AVX2(&a, nr)
			require.Equal(t, want, a, "nr=%d", nr)
		}
	}
}

// absorb4Generic is what absorb4AVX2 does, a block and a state at a time.
func absorb4Generic(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
	n := len(p[0]) / rate * rate
	for j := 0; j < n; j += rate {
		for i := range a {
			for l := range rate / 8 {
				a[i][l] ^= le64(p[i][j+8*l:])
			}
			keccakPGeneric(&a[i], nr)
		}
	}
	return n
}

func le64(b []byte) uint64 {
	var v uint64
	for i := range 8 {
		v |= uint64(b[i]) << (8 * i)
	}
	return v
}

// absorb4AVX2 matches the generic loop at every rate, for 0..3 blocks and
// a partial block more, on four unaligned slices at unrelated places. Each
// slice ends where different random bytes begin (its capacity too), so a
// read past len(p[0]) that reached the state would show.
func TestAbsorb4AVX2(t *testing.T) {
	needAVX2(t)
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
					var p [4][]byte
					for i, off := range []int{1, 3, 5, 7} {
						buf := randomBytes(r, off+n+2*rate)
						p[i] = buf[off : off+n : off+n]
					}
					a := randomStates(r)
					want := a
					wantN := absorb4Generic(&want, &p, rate, nr)
					got := absorb4AVX2(&a, &p, rate, nr)
					where := fmt.Sprintf("rate=%d n=%d nr=%d", rate, n, nr)
					require.Equal(t, wantN, got, where)
					require.Equal(t, want, a, where)
				}
			}
		}
	}
}

// Times-4 permutations: the AVX2 kernel, four calls of the BMI2 one and
// the C avx2 kernel's four-way form (cgo builds only).
func BenchmarkPermute4AVX2(b *testing.B) {
	needAVX2(b)
	var a [4][25]uint64
	for _, nr := range []int{12, 24} {
		b.Run("avx2x4/"+itoa(nr), func(b *testing.B) {
			for b.Loop() {
				keccakP1600x4AVX2(&a, nr)
			}
		})
		if asmBMI2 {
			b.Run("bmi2x1/"+itoa(nr), func(b *testing.B) {
				for b.Loop() {
					for i := range a {
						keccakP1600BMI2(&a[i], nr)
					}
				}
			})
		}
		for _, k := range cpu.Kernels {
			if csrc.KernelName(k) == "avx2" {
				b.Run("c-avx2/"+itoa(nr), func(b *testing.B) {
					for b.Loop() {
						csrc.Permute4(k, &a, nr)
					}
				})
			}
		}
	}
}

// KangarooTwelve's leaf shape: 8 KiB per state at rate 168, 12 rounds.
func BenchmarkAbsorb4AVX2(b *testing.B) {
	needAVX2(b)
	var a [4][25]uint64
	var p [4][]byte
	for i := range p {
		p[i] = make([]byte, 8192)
	}
	b.SetBytes(4 * 8192)
	for b.Loop() {
		absorb4AVX2(&a, &p, 168, 12)
	}
}
