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

// The times-1 kernels, with BMI2 and with AVX-512 (lanes in registers).
var x1Kernels = []struct {
	name    string
	runs    bool
	permute func(a *[25]uint64, nr int)
	absorb  func(a *[25]uint64, p []byte, rate int, nr int) int
}{
	{"bmi2", asmBMI2, keccakP1600BMI2, absorbBlocksBMI2},
	{"avx512", asmAVX512, keccakP1600AVX512, absorbBlocksAVX512},
}

// Each times-1 kernel is the generic permutation at every round count, and
// its absorb the generic block loop (absorbsLikeGeneric), on each of four
// states in turn.
func TestKernels1(t *testing.T) {
	for _, k := range x1Kernels {
		t.Run(k.name, func(t *testing.T) {
			if !k.runs {
				t.Skip("not on this CPU")
			}
			permutesLikeGeneric(t, func(a *[4][25]uint64, nr int) {
				for i := range a {
					k.permute(&a[i], nr)
				}
			})
			absorbsLikeGeneric(t, func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
				n := 0
				for i := range a {
					n = k.absorb(&a[i], p[i], rate, nr)
				}
				return n
			})
		})
	}
}

// One permutation on each times-1 kernel, 12 and 24 rounds.
func BenchmarkPermute1(b *testing.B) {
	var a [25]uint64
	for _, nr := range []int{12, 24} {
		for _, k := range x1Kernels {
			if k.runs {
				b.Run(k.name+"/"+itoa(nr), func(b *testing.B) {
					for b.Loop() {
						k.permute(&a, nr)
					}
				})
			}
		}
	}
}

// The times-4 kernels, in AVX2 and in AVX-512 (on YMM registers).
var x4Kernels = []struct {
	name    string
	runs    bool
	permute func(a *[4][25]uint64, nr int)
	absorb  func(a *[4][25]uint64, p *[4][]byte, rate int, nr int) int
}{
	{"avx2", asmAVX2, keccakP1600x4AVX2, absorb4AVX2},
	{"avx512", asmAVX512, keccakP1600x4AVX512, absorb4AVX512},
}

// Each times-4 kernel is the generic permutation on each state, at every
// round count, and its absorb the generic block loop on each state
// (absorbsLikeGeneric).
func TestKernels4(t *testing.T) {
	for _, k := range x4Kernels {
		t.Run(k.name, func(t *testing.T) {
			if !k.runs {
				t.Skip("not on this CPU")
			}
			permutesLikeGeneric(t, k.permute)
			absorbsLikeGeneric(t, k.absorb)
		})
	}
}

// Times-4 permutations: the assembly kernels, four calls of the BMI2 one and the C avx2 kernel's four-way form (cgo builds only).
func BenchmarkPermute4(b *testing.B) {
	needAVX2(b)
	var a [4][25]uint64
	for _, nr := range []int{12, 24} {
		for _, k := range x4Kernels {
			if k.runs {
				b.Run(k.name+"x4/"+itoa(nr), func(b *testing.B) {
					for b.Loop() {
						k.permute(&a, nr)
					}
				})
			}
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
func BenchmarkAbsorb4(b *testing.B) {
	var a [4][25]uint64
	var p [4][]byte
	for i := range p {
		p[i] = make([]byte, 8192)
	}
	for _, k := range x4Kernels {
		if k.runs {
			b.Run(k.name, func(b *testing.B) {
				b.SetBytes(4 * 8192)
				for b.Loop() {
					k.absorb(&a, &p, 168, 12)
				}
			})
		}
	}
}
