//go:build !arm64 || purego

package engine

// This build has no arm64 Go-assembly kernels: the declarations of
// keccakp_arm64.go, never called (asmARM is false).

const asmARM, asmSHA3 = false, false

func keccakP1600SHA3(a *[25]uint64, nr int) { panic(noKernel) }

func absorbBlocksSHA3(a *[25]uint64, p []byte, rate int, nr int) int { panic(noKernel) }

func keccakP1600x2SHA3(a *[2][25]uint64, nr int) { panic(noKernel) }

func absorb2SHA3(a *[2][25]uint64, p *[2][]byte, rate int, nr int) int { panic(noKernel) }
