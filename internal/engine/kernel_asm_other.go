//go:build (!amd64 && !arm64) || purego

package engine

// This build has no Go-assembly kernels: the declarations keccakp_amd64.go
// and keccakp_arm64.go have elsewhere, never called (asmBuilt is false).

const asmBuilt = false

const asmBMI2 = false

const asmAVX2 = false

const asmSHA3 = false

func keccakP1600BMI2(a *[25]uint64, nr int) { panic("engine: no assembly kernel in this build") }

func absorbBlocksBMI2(a *[25]uint64, p []byte, rate int, nr int) int {
	panic("engine: no assembly kernel in this build")
}

func keccakP1600x4AVX2(a *[4][25]uint64, nr int) { panic("engine: no assembly kernel in this build") }

func absorb4AVX2(a *[4][25]uint64, p *[4][]byte, rate int, nr int) int {
	panic("engine: no assembly kernel in this build")
}

func keccakP1600SHA3(a *[25]uint64, nr int) { panic("engine: no assembly kernel in this build") }

func absorbBlocksSHA3(a *[25]uint64, p []byte, rate int, nr int) int {
	panic("engine: no assembly kernel in this build")
}

func keccakP1600x2SHA3(a *[2][25]uint64, nr int) { panic("engine: no assembly kernel in this build") }

func absorb2SHA3(a *[2][25]uint64, p *[2][]byte, rate int, nr int) int {
	panic("engine: no assembly kernel in this build")
}
