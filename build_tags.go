package keccak

// Build tags and backends
//
// With cgo (the default where a C compiler is found), the package uses the C
// kernels in xkcp/ through the seam in csrc/, picking at start-up the
// fastest one the CPU supports: "c/avx2" (x86-64 with AVX2 and BMI2; also
// the 4-way kernel), "c/armv7m" (32-bit ARM, Thumb-2 assembly) or
// "c/portable" (64-bit C, any CPU). Backend reports the choice.
//
// Two ways give the pure-Go backend ("go") with the same API and results:
//
//	CGO_ENABLED=0 go build ...
//	go build -tags purego ...
//
// The generic backend is compiled in every build, so tests compare it with
// the native ones in one binary.
//
// The fixed-key AES of the PRG (FixedKeyAes128Key) uses AES-NI through C on
// x86-64 with cgo when the CPU has it, crypto/aes otherwise. The tag
// keccak_goaes forces crypto/aes, to compare the two:
//
//	go test -tags keccak_goaes -bench FixedKey
