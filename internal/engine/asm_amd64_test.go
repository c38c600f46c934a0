//go:build amd64 && !purego

package engine

import (
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/bulk"
	"github.com/go-xkcp/keccak/internal/cpu"
)

func needAVX2(tb testing.TB) {
	if !asmAVX2 {
		tb.Skip("no AVX2")
	}
}

// The assembly kernels in their four-state form: a times-1 kernel runs on
// each state in turn.
var asmKernels = []struct {
	name    string
	runs    bool
	permute func(a *[4][25]uint64, nr int)
	absorb  func(a *[4][25]uint64, p *[4][]byte, rate int, nr int) int
	digest  func(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int, spent bool) // route.digest's kernel, if it has one
}{
	{"bmi2", asmBMI2, eachState(keccakP1600BMI2), eachStateAbsorb(absorbBlocksBMI2), digestBMI2},
	{"avx512", asmAVX512, eachState(keccakP1600AVX512), eachStateAbsorb(absorbBlocksAVX512), nil},
	{"avx2x4", asmAVX2, keccakP1600x4AVX2, absorb4AVX2, nil},
	{"avx512x4", asmAVX512, keccakP1600x4AVX512, absorb4AVX512, nil},
}

func eachState(permute func(a *[25]uint64, nr int)) func(a *[4][25]uint64, nr int) {
	return func(a *[4][25]uint64, nr int) {
		for i := range a {
			permute(&a[i], nr)
		}
	}
}

func eachStateAbsorb(absorb func(a *[25]uint64, p []byte, rate, nr int) int) func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
	return func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int {
		n := 0
		for i := range a {
			n = absorb(&a[i], p[i], rate, nr)
		}
		return n
	}
}

// Each assembly kernel is the generic permutation on each state at every
// round count, and its absorb the generic block loop on each state
// (absorbsLikeGeneric).
func TestAsmKernels(t *testing.T) {
	for _, k := range asmKernels {
		t.Run(k.name, func(t *testing.T) {
			if !k.runs {
				t.Skip("not on this CPU")
			}
			permutesLikeGeneric(t, k.permute)
			absorbsLikeGeneric(t, k.absorb)
			if k.digest != nil {
				digestsLikeGeneric(t, k.digest)
			}
		})
	}
}

// One permutation on each times-1 kernel, 12 and 24 rounds.
func BenchmarkPermute1(b *testing.B) {
	var a [25]uint64
	for _, nr := range []int{12, 24} {
		b.Run("bmi2/"+itoa(nr), func(b *testing.B) {
			for b.Loop() {
				keccakP1600BMI2(&a, nr)
			}
		})
		if asmAVX512 {
			b.Run("avx512/"+itoa(nr), func(b *testing.B) {
				for b.Loop() {
					keccakP1600AVX512(&a, nr)
				}
			})
		}
	}
}

// Times-4 permutations: the assembly times-4 kernels, four calls of the
// BMI2 one and the C avx2 kernel's four-way form (cgo builds only).
func BenchmarkPermute4(b *testing.B) {
	needAVX2(b)
	var a [4][25]uint64
	for _, nr := range []int{12, 24} {
		for _, k := range asmKernels {
			if k.runs && strings.HasSuffix(k.name, "x4") {
				b.Run(k.name+"/"+itoa(nr), func(b *testing.B) {
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
			if bulk.KernelName(k) == "avx2" {
				b.Run("c-avx2/"+itoa(nr), func(b *testing.B) {
					for b.Loop() {
						bulk.Permute4(k, &a, nr)
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
	for _, k := range asmKernels {
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
