package keccak

import "hash"

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
	s    sponge
	size int
}

func newSHA3(size int) *SHA3 {
	d := makeSHA3(size)
	return &d
}

func makeSHA3(size int) SHA3 {
	return SHA3{s: newSponge(200-2*size, dsSHA3, 24), size: size}
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
	d.s.write(p)
	return len(p), nil
}

// Sum appends the digest to b. It does not change the hash's state. It
// panics on a state saved while squeezing (crypto/sha3 loads one, and its
// Sum panics too): the digest is behind the read position there.
func (d *SHA3) Sum(b []byte) []byte {
	d.init()
	if d.s.squeezing {
		panic("keccak: SHA3.Sum after Read (the state was saved while squeezing)")
	}
	return d.s.sum(b, d.size)
}

// Reset restores the initial state.
func (d *SHA3) Reset() {
	d.init()
	d.s.reset()
}

// Size is the digest length in bytes.
func (d *SHA3) Size() int {
	d.init()
	return d.size
}

// BlockSize is the rate in bytes.
func (d *SHA3) BlockSize() int {
	d.init()
	return d.s.rate
}

// Clone returns an independent copy of d, a *SHA3, and a nil error; it
// implements hash.Cloner.
func (d *SHA3) Clone() (hash.Cloner, error) {
	dup := *d
	return &dup, nil
}

// Sum224 returns the SHA3-224 digest of data.
func Sum224(data []byte) (out [28]byte) {
	impl.sponge(144, dsSHA3, data, nil, out[:], 24)
	return
}

// Sum256 returns the SHA3-256 digest of data.
func Sum256(data []byte) (out [32]byte) {
	impl.sponge(136, dsSHA3, data, nil, out[:], 24)
	return
}

// Sum384 returns the SHA3-384 digest of data.
func Sum384(data []byte) (out [48]byte) {
	impl.sponge(104, dsSHA3, data, nil, out[:], 24)
	return
}

// Sum512 returns the SHA3-512 digest of data.
func Sum512(data []byte) (out [64]byte) {
	impl.sponge(72, dsSHA3, data, nil, out[:], 24)
	return
}
