//go:build amd64 && !purego

package engine

import (
	"testing"

	"github.com/go-xkcp/keccak/csrc"
	"github.com/go-xkcp/keccak/internal/cpu"
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
	permutesLikeGeneric(t, keccakP1600x4AVX2)
}

// absorb4AVX2 is the generic block loop on each state (absorbsLikeGeneric).
func TestAbsorb4AVX2(t *testing.T) {
	needAVX2(t)
	absorbsLikeGeneric(t, func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
		return absorb4AVX2(a, p, rate, nr)
	})
}

// Times-4 permutations: the AVX2 kernel, the AVX-512 one, four calls of
// the BMI2 one and the C avx2 kernel's four-way form (cgo builds only).
func BenchmarkPermute4AVX2(b *testing.B) {
	needAVX2(b)
	var a [4][25]uint64
	for _, nr := range []int{12, 24} {
		b.Run("avx2x4/"+itoa(nr), func(b *testing.B) {
			for b.Loop() {
				keccakP1600x4AVX2(&a, nr)
			}
		})
		if asmAVX512 {
			b.Run("avx512x4/"+itoa(nr), func(b *testing.B) {
				for b.Loop() {
					keccakP1600x4AVX512(&a, nr)
				}
			})
		}
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
