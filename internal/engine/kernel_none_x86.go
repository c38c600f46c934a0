//go:build !amd64 || purego

package engine

// This build has no amd64 Go-assembly kernels: the declarations of
// keccakp_amd64.go, never called (asmX86 is false).

const asmX86, asmBMI2, asmAVX2, asmAVX512 = false, false, false, false

func keccakP1600BMI2(a *[25]uint64, nr int) { panic(noKernel) }

func keccakP1600BMI2Digest(a *[25]uint64, out []byte, ds uint64, last int, column int, nr int) {
	panic(noKernel)
}

func absorbBlocksBMI2(a *[25]uint64, p []byte, rate int, nr int) int { panic(noKernel) }

func keccakP1600x4AVX2(a *[4][25]uint64, nr int) { panic(noKernel) }

func absorb4AVX2(a *[4][25]uint64, p *[4][]byte, rate int, nr int) int { panic(noKernel) }

func keccakP1600x4AVX512(a *[4][25]uint64, nr int) { panic(noKernel) }

func absorb4AVX512(a *[4][25]uint64, p *[4][]byte, rate int, nr int) int { panic(noKernel) }

func keccakP1600AVX512(a *[25]uint64, nr int) { panic(noKernel) }

func absorbBlocksAVX512(a *[25]uint64, p []byte, rate int, nr int) int { panic(noKernel) }

func keccakP1600x8AVX512(a *[8][25]uint64, nr int) { panic(noKernel) }

func absorb8AVX512(a *[8][25]uint64, p *[8][]byte, rate int, nr int) int { panic(noKernel) }
