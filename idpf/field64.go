package idpf

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Field64 is an element of GF(p) with p = 2^64 - 2^32 + 1, the field of the
// IDPF's inner levels. The zero value is 0. Values are always kept reduced
// (< p); every operation runs in constant time.
type Field64 struct{ v uint64 }

const (
	// Modulus64 is p = 2^64 - 2^32 + 1.
	Modulus64 = 0xFFFFFFFF00000001
	// eps64 = 2^64 mod p = 2^32 - 1.
	eps64 = 0xFFFFFFFF
	// Field64Size is the encoded size of a Field64 element in bytes.
	Field64Size = 8
)

var errField64Range = errors.New("idpf: Field64 encoding is not less than the modulus")

// NewField64 returns v mod p.
func NewField64(v uint64) Field64 { return Field64{reduce64(v)} }

// reduce64 maps any uint64 to [0, p): v < 2p always, so one conditional
// subtraction is enough.
func reduce64(v uint64) uint64 {
	t, borrow := bits.Sub64(v, Modulus64, 0)
	return ctSelect64(borrow, v, t)
}

// ctSelect64 returns a if bit == 1 and b if bit == 0.
func ctSelect64(bit, a, b uint64) uint64 { return b ^ ((a ^ b) & -bit) }

// Uint64 returns the canonical representative in [0, p).
func (x Field64) Uint64() uint64 { return x.v }

// Add returns x + y.
func (x Field64) Add(y Field64) Field64 {
	s, carry := bits.Add64(x.v, y.v, 0)
	// A carry dropped 2^64, which is eps64 mod p; x+y-p < p, so no overflow.
	s += eps64 & -carry
	return Field64{reduce64(s)}
}

// Sub returns x - y.
func (x Field64) Sub(y Field64) Field64 {
	d, borrow := bits.Sub64(x.v, y.v, 0)
	// A borrow added 2^64; taking eps64 back off gives x-y+p, which is >= 0.
	d -= eps64 & -borrow
	return Field64{d}
}

// Neg returns -x.
func (x Field64) Neg() Field64 { return Field64{}.Sub(x) }

// Mul returns x * y.
func (x Field64) Mul(y Field64) Field64 {
	hi, lo := bits.Mul64(x.v, y.v)
	// x*y = lo + hiLo*2^64 + hiHi*2^96, with 2^64 = eps64 and 2^96 = -1 mod p.
	hiHi, hiLo := hi>>32, hi&eps64
	t, borrow := bits.Sub64(lo, hiHi, 0)
	t -= eps64 & -borrow
	r, carry := bits.Add64(t, hiLo*eps64, 0)
	r += eps64 & -carry
	return Field64{reduce64(r)}
}

// Equal reports whether x == y, in constant time.
func (x Field64) Equal(y Field64) bool {
	d := x.v ^ y.v
	return (d|-d)>>63 == 0
}

// Select returns a if bit == 1 and b if bit == 0, in constant time.
func selectField64(bit uint64, a, b Field64) Field64 {
	return Field64{ctSelect64(bit, a.v, b.v)}
}

// AppendBinary appends the 8-byte little-endian encoding of x.
func (x Field64) AppendBinary(b []byte) ([]byte, error) {
	return binary.LittleEndian.AppendUint64(b, x.v), nil
}

// MarshalBinary returns the 8-byte little-endian encoding of x.
func (x Field64) MarshalBinary() ([]byte, error) { return x.AppendBinary(nil) }

// UnmarshalBinary decodes an 8-byte little-endian encoding, rejecting values
// that are not less than p.
func (x *Field64) UnmarshalBinary(b []byte) error {
	if len(b) != Field64Size {
		return errors.New("idpf: Field64 encoding must be 8 bytes")
	}
	v := binary.LittleEndian.Uint64(b)
	if v >= Modulus64 {
		return errField64Range
	}
	x.v = v
	return nil
}

// sampleField64 is the draft's rejection sampling for one chunk: the 8 bytes
// as a little-endian integer, accepted only if below p (no mask is needed
// since the next power of two is 2^64).
func sampleField64(b []byte) (Field64, bool) {
	v := binary.LittleEndian.Uint64(b)
	return Field64{v}, v < Modulus64
}
