package keccak

// The build tags this module understands, and what each changes. With none,
// a build with cgo (the default where a C compiler is found) has the C
// kernels of xkcp/ and csrc/ and, on amd64 and arm64, the Go-assembly
// kernels, and routes each call to the faster of the two for its shape and
// size ("c/avx512+asm/avx512" on AVX-512 CPUs, "c/avx2+asm/bmi2" on AVX2
// ones); a build without cgo (CGO_ENABLED=0, also what Go picks when it
// finds no C compiler or cross-compiles) runs the Go-assembly kernels the
// CPU has ("asm/avx512", "asm/avx2", "asm/bmi2", "asm/arm64sha3") and the
// pure-Go backend elsewhere. The results are the same in every build;
// Backend says which backend runs.
const (
	// TagPurego is the tag for pure Go, with the standard library's meaning:
	// `go build -tags purego` links no C and no assembly even where cgo is
	// on, and Backend reports "go".
	TagPurego = "purego"

	// TagGoAES makes the fixed-key AES of packages xof, idpf and poplar1 run
	// on crypto/aes even where its AES-NI code in C could run, to compare
	// the two: `go build -tags keccak_goaes`. Keccak is unchanged.
	TagGoAES = "keccak_goaes"
)
