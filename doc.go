// Package keccak is the Keccak family for Go, on XKCP-style C and assembly
// kernels: SHA3 and SHAKE (the API of crypto/sha3, so switching is a
// one-line import change), cSHAKE, TurboSHAKE and KangarooTwelve (RFC 9861),
// KMAC, TupleHash and ParallelHash (NIST SP 800-185), legacy Keccak-256 and
// Keccak-512 (the original padding, as in Ethereum), four SHAKE instances
// in lockstep (SHAKEx4), and the raw Keccak-p[1600] permutation. The VDAF
// draft's XOFs built on it are in package xof.
//
// Long inputs go to C in one call per buffer, several states at a time
// where the CPU has AVX2 or AVX-512, and KangarooTwelve and ParallelHash
// also spread their leaves over goroutines.
//
// As in crypto/sha3, misuse panics: Write after Read, Sum on a state that
// was saved while squeezing, a TurboSHAKE domain byte outside 0x01..0x7F,
// a negative output length, a round count outside 1..24, SHAKEx4 slices of
// unequal length. Marshaled states that do not parse return an error and
// leave the hash unchanged. The zero SHA3 is a
// SHA3-256 and the zero SHAKE a SHAKE256, as in crypto/sha3; every other
// type's zero value panics when used: make it with its New function.
//
// # Concurrency
//
// As in crypto/sha3, no hash or XOF value is safe for concurrent use: one
// goroutine at a time may call its methods, Sum and Clone included (Clone
// first to hand a copy to another goroutine). The functions that are not
// methods (Sum256, SumKT128, SumKMAC128, ...) may run on any number of
// goroutines at once. KT and ParallelHash hash leaves on goroutines of
// their own inside a call; SetParallelism changes how many, between calls:
// never while a Write, Read or Sum of the same value is running.
//
// # Build tags and backends
//
// With cgo (the default where a C compiler is found) the package runs the C
// kernels of xkcp/ through the seam in csrc/, choosing at start-up the
// fastest one the CPU supports (features read once with
// github.com/klauspost/cpuid/v2): "c/avx512" (x86-64 with AVX-512 F, VL, BW
// and DQ), "c/avx2" (AVX2 and BMI2), "c/arm64sha3" (arm64 with the SHA3
// instructions, on macOS) or "c/arm64sha3x2" (the same instructions for two
// states at a time, portable C for one, elsewhere), "c/armv7m" (32-bit ARM,
// Thumb-2 assembly) or "c/portable" (64-bit C, any CPU). Backend reports the
// choice; the environment variable KECCAK_KERNEL forces one (see Backend).
//
// Two ways give the pure-Go backend ("go") with the same API and results:
//
//	CGO_ENABLED=0 go build ...
//	go build -tags purego ...
//
// The generic backend is compiled into every build, so the tests compare it
// with the native ones in one binary. The tag keccak_goaes makes package
// xof's fixed-key AES use crypto/aes even where its AES-NI code in C could
// run, to compare the two.
package keccak
