package keccak

import (
	"hash"

	"github.com/go-xkcp/keccak/internal/engine"
)

// dsKeccak is the original Keccak padding's domain byte (pad10*1 alone),
// from before FIPS 202 added its suffix bits: Ethereum's Keccak-256.
const dsKeccak = 0x01

// LegacyKeccak is Keccak-256 or Keccak-512 with the original padding, as
// used by Ethereum and by golang.org/x/crypto/sha3's NewLegacyKeccak256 and
// NewLegacyKeccak512. It implements hash.Hash, hash.Cloner and io.Reader
// (Read squeezes output past the digest, as x/crypto's legacy state does),
// and the three marshal methods with x/crypto's encoding.
//
// Sum after Read and Write after Read panic, as in x/crypto; Reset reopens
// the input. The zero value is not usable: use NewLegacyKeccak256 or
// NewLegacyKeccak512.
type LegacyKeccak struct {
	s    engine.Sponge
	size int
}

func newLegacyKeccak(size int) *LegacyKeccak {
	return &LegacyKeccak{s: engine.NewSponge(200-2*size, dsKeccak, 24), size: size}
}

// NewLegacyKeccak256 returns a new Keccak-256 hash (Ethereum's Keccak256).
func NewLegacyKeccak256() *LegacyKeccak { return newLegacyKeccak(32) }

// NewLegacyKeccak512 returns a new Keccak-512 hash.
func NewLegacyKeccak512() *LegacyKeccak { return newLegacyKeccak(64) }

// Write absorbs more data. It never returns an error; it panics after Read.
func (d *LegacyKeccak) Write(p []byte) (int, error) {
	d.s.Write(p)
	return len(p), nil
}

// Read squeezes len(p) bytes: the first Size bytes are the digest, and
// reading on continues the output stream. It never returns an error.
func (d *LegacyKeccak) Read(p []byte) (int, error) {
	d.s.Read(p)
	return len(p), nil
}

// Sum appends the digest to b. It does not change the hash's state; it
// panics after Read.
func (d *LegacyKeccak) Sum(b []byte) []byte {
	if d.s.Squeezing() {
		panic("keccak: Sum after Read")
	}
	return d.s.Sum(b, d.size)
}

// Reset restores the initial state.
func (d *LegacyKeccak) Reset() { d.s.Reset() }

// Size is the digest length in bytes.
func (d *LegacyKeccak) Size() int { return d.size }

// BlockSize is the rate in bytes.
func (d *LegacyKeccak) BlockSize() int { return d.s.Rate() }

// Clone returns an independent copy of d.
func (d *LegacyKeccak) Clone() (hash.Cloner, error) {
	dup := *d
	return &dup, nil
}

// SumLegacyKeccak256 returns the Keccak-256 digest of data.
func SumLegacyKeccak256(data []byte) (out [32]byte) {
	engine.Hash(136, dsKeccak, data, nil, out[:], 24)
	return
}

// SumLegacyKeccak512 returns the Keccak-512 digest of data.
func SumLegacyKeccak512(data []byte) (out [64]byte) {
	engine.Hash(72, dsKeccak, data, nil, out[:], 24)
	return
}
