package xsha3

import (
	"hash"
	"io"

	"github.com/go-xkcp/keccak"
)

// ShakeHash is a SHAKE or cSHAKE XOF with x/crypto's hash.Hash face: Sum
// appends Size bytes of output (32 for the 128-bit functions, 64 for the
// 256-bit ones) without changing the state.
type ShakeHash interface {
	hash.Hash

	// Read squeezes output; Write after Read panics.
	io.Reader

	// Clone returns an independent copy of the state.
	Clone() ShakeHash
}

// NewShake128 returns a new SHAKE128 XOF.
func NewShake128() ShakeHash { return &shake{keccak.NewSHAKE128(), 32, false} }

// NewShake256 returns a new SHAKE256 XOF.
func NewShake256() ShakeHash { return &shake{keccak.NewSHAKE256(), 64, false} }

// NewCShake128 returns a new cSHAKE128 XOF with function name N and
// customization S; with both empty it is SHAKE128.
func NewCShake128(N, S []byte) ShakeHash { return &shake{keccak.NewCSHAKE128(N, S), 32, false} }

// NewCShake256 returns a new cSHAKE256 XOF; see NewCShake128.
func NewCShake256(N, S []byte) ShakeHash { return &shake{keccak.NewCSHAKE256(N, S), 64, false} }

// ShakeSum128 writes len(hash) bytes of SHAKE128 output for data to hash.
func ShakeSum128(hash, data []byte) { copy(hash, keccak.SumSHAKE128(data, len(hash))) }

// ShakeSum256 writes len(hash) bytes of SHAKE256 output for data to hash.
func ShakeSum256(hash, data []byte) { copy(hash, keccak.SumSHAKE256(data, len(hash))) }

// shake adds Size, Sum and x/crypto's Clone to a keccak.SHAKE (whose
// Write, Read, BlockSize and marshal methods it keeps, UnmarshalBinary
// wrapped to track squeezing).
type shake struct {
	*keccak.SHAKE
	size      int
	squeezing bool // Sum panics after Read, as in x/crypto, and on a loaded squeezing state
}

func (s *shake) Read(p []byte) (int, error) {
	s.squeezing = true
	return s.SHAKE.Read(p)
}

func (s *shake) Reset() {
	s.SHAKE.Reset()
	s.squeezing = false
}

func (s *shake) Size() int { return s.size }

func (s *shake) Sum(b []byte) []byte {
	if s.squeezing {
		panic("xsha3: Sum after Read")
	}
	out := make([]byte, s.size)
	s.SHAKE.Clone().Read(out)
	return append(b, out...)
}

// directionByte is where crypto/sha3's encoding (keccak.SHAKE's too) keeps
// the sponge's direction: 1 while squeezing.
const directionByte = 4 + 1 + 200 + 1

// UnmarshalBinary loads a state as keccak.SHAKE does and takes Sum's
// Read-or-not from it: Sum panics on a state saved while squeezing (its
// digest is behind the read position) and works on one saved before.
func (s *shake) UnmarshalBinary(b []byte) error {
	if err := s.SHAKE.UnmarshalBinary(b); err != nil {
		return err
	}
	s.squeezing = b[directionByte] == 1
	return nil
}

func (s *shake) Clone() ShakeHash { return &shake{s.SHAKE.Clone(), s.size, s.squeezing} }
