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
// unequal length. The zero SHA3 is a
// SHA3-256 and the zero SHAKE a SHAKE256, as in crypto/sha3; every other
// type's zero value panics when used: make it with its New function.
//
// # Saved states
//
// Every hash and XOF type but SHAKEx4 implements
// encoding.BinaryMarshaler, BinaryAppender and BinaryUnmarshaler, and
// resumes from any point: mid-block, mid-leaf, with staged bytes, between
// tuple elements, after Read. SHA3, SHAKE and cSHAKE use crypto/sha3's
// encoding and LegacyKeccak x/crypto/sha3's, so states move between the
// libraries. TurboSHAKE, which crypto/sha3 lacks, has crypto/sha3's layout
// with a magic of its own and D after it. KT, KMAC, KMACXOF, TupleHash,
// TupleHashXOF, ParallelHash and ParallelHashXOF have versioned encodings
// of this package's own (a magic per type and a version byte; marshal.go,
// marshal_kt.go and marshal_sp800185.go give the layouts). Those bind the
// parameters the state does not show (customization, key, block size,
// output length) with a one-way hash: a state loads only into a hash made
// with the same ones. A KMAC state holds no key, but it is as secret as
// the key. The sizes: 207 bytes for SHA3, SHAKE and LegacyKeccak (208 for
// TurboSHAKE, and cSHAKE's N and S after them), 240 or 248 for KMAC and
// TupleHash, and for KT and ParallelHash about 270 bytes plus the
// staged message bytes (under 512 KiB, or 768 KiB for ParallelHash blocks
// near 32 KiB). A state that does not parse, is of another type or
// parameters, or contradicts itself returns an error and leaves the hash
// unchanged; what loading allocates is bounded by the input's length.
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

import (
	"hash"

	"github.com/go-xkcp/keccak/internal/engine"
)

// Domain bytes (the suffix bits plus the first padding bit, FIPS 202 B.2).
const (
	dsSHA3   = 0x06
	dsSHAKE  = 0x1f
	dsCSHAKE = 0x04
)

// SHA3 is a SHA3-224/256/384/512 hash. It implements hash.Hash and
// hash.Cloner, and encoding.BinaryMarshaler/BinaryAppender/BinaryUnmarshaler
// with crypto/sha3's encoding, so a state saved by either library resumes in
// the other. As in crypto/sha3, the zero value is a usable SHA3-256.
type SHA3 struct {
	s    engine.Sponge
	size int
}

func newSHA3(size int) *SHA3 {
	d := makeSHA3(size)
	return &d
}

func makeSHA3(size int) SHA3 {
	return SHA3{s: engine.NewSponge(200-2*size, dsSHA3, 24), size: size}
}

// init turns a zero value into a SHA3-256, as crypto/sha3 does.
func (d *SHA3) init() {
	if d.size == 0 {
		*d = makeSHA3(32)
	}
}

// New224 returns a new SHA3-224 hash.
func New224() *SHA3 { return newSHA3(28) }

// New256 returns a new SHA3-256 hash.
func New256() *SHA3 { return newSHA3(32) }

// New384 returns a new SHA3-384 hash.
func New384() *SHA3 { return newSHA3(48) }

// New512 returns a new SHA3-512 hash.
func New512() *SHA3 { return newSHA3(64) }

// Write absorbs more data. It never returns an error.
func (d *SHA3) Write(p []byte) (int, error) {
	d.init()
	d.s.Write(p)
	return len(p), nil
}

// Sum appends the digest to b. It does not change the hash's state. It
// panics on a state saved while squeezing (crypto/sha3 loads one, and its
// Sum panics too): the digest is behind the read position there.
func (d *SHA3) Sum(b []byte) []byte {
	d.init()
	if d.s.Squeezing() {
		panic("keccak: SHA3.Sum after Read (the state was saved while squeezing)")
	}
	return d.s.Sum(b, d.size)
}

// Reset restores the initial state.
func (d *SHA3) Reset() {
	d.init()
	d.s.Reset()
}

// Size is the digest length in bytes.
func (d *SHA3) Size() int {
	d.init()
	return d.size
}

// BlockSize is the rate in bytes.
func (d *SHA3) BlockSize() int {
	d.init()
	return d.s.Rate()
}

// Clone returns an independent copy of d, a *SHA3, and a nil error; it
// implements hash.Cloner.
func (d *SHA3) Clone() (hash.Cloner, error) {
	dup := *d
	return &dup, nil
}

// Sum224 returns the SHA3-224 digest of data.
func Sum224(data []byte) (out [28]byte) {
	engine.Hash(144, dsSHA3, data, nil, out[:], 24)
	return
}

// Sum256 returns the SHA3-256 digest of data.
func Sum256(data []byte) (out [32]byte) {
	engine.Hash(136, dsSHA3, data, nil, out[:], 24)
	return
}

// Sum384 returns the SHA3-384 digest of data.
func Sum384(data []byte) (out [48]byte) {
	engine.Hash(104, dsSHA3, data, nil, out[:], 24)
	return
}

// Sum512 returns the SHA3-512 digest of data.
func Sum512(data []byte) (out [64]byte) {
	engine.Hash(72, dsSHA3, data, nil, out[:], 24)
	return
}

// Backend names the backend in use: "go" for the pure-Go one, "c/KERNEL" for
// a C kernel ("c/portable", "c/avx2", "c/avx512", "c/armv7m", "c/arm64sha3",
// "c/arm64sha3x2"). By default it is the fastest one the CPU runs, and it
// serves every package of this module (xof, idpf and poplar1 included). The
// environment variable KECCAK_KERNEL, read once at start-up, forces one:
// "go", or a kernel's name with or without "c/" (KECCAK_KERNEL=portable). A
// name this build or CPU cannot run leaves the default in use, and Backend
// then says so after the name, listing the names that would work.
func Backend() string { return engine.Name() }
