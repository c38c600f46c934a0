package idpf

import (
	"crypto/subtle"
	"errors"

	"filippo.io/edwards25519/field"
)

// Field255 is an element of GF(2^255 - 19), the field of the IDPF's leaf
// level. The zero value is 0. Arithmetic is filippo.io/edwards25519/field
// (constant time); this type adds the draft's strict encoding rules.
type Field255 struct{ e field.Element }

// Field255Size is the encoded size of a Field255 element in bytes.
const Field255Size = 32

var errField255Range = errors.New("idpf: Field255 encoding is not less than the modulus")

// NewField255 returns the element v.
func NewField255(v uint64) Field255 {
	var b [32]byte
	for i := range 8 {
		b[i] = byte(v >> (8 * i))
	}
	var x Field255
	x.e.SetBytes(b[:]) // cannot fail: 32 bytes
	return x
}

// Add returns x + y.
func (x Field255) Add(y Field255) Field255 {
	var r Field255
	r.e.Add(&x.e, &y.e)
	return r
}

// Sub returns x - y.
func (x Field255) Sub(y Field255) Field255 {
	var r Field255
	r.e.Subtract(&x.e, &y.e)
	return r
}

// Neg returns -x.
func (x Field255) Neg() Field255 {
	var r Field255
	r.e.Negate(&x.e)
	return r
}

// Mul returns x * y.
func (x Field255) Mul(y Field255) Field255 {
	var r Field255
	r.e.Multiply(&x.e, &y.e)
	return r
}

// Equal reports whether x == y, in constant time.
func (x Field255) Equal(y Field255) bool { return x.e.Equal(&y.e) == 1 }

func selectField255(bit uint64, a, b Field255) Field255 {
	var r Field255
	r.e.Select(&a.e, &b.e, int(bit))
	return r
}

// AppendBinary appends the canonical 32-byte little-endian encoding of x.
func (x Field255) AppendBinary(b []byte) ([]byte, error) {
	return append(b, x.e.Bytes()...), nil
}

// MarshalBinary returns the canonical 32-byte little-endian encoding of x.
func (x Field255) MarshalBinary() ([]byte, error) { return x.AppendBinary(nil) }

// UnmarshalBinary decodes a 32-byte little-endian encoding, rejecting
// values that are not less than p (including any with bit 255 set).
func (x *Field255) UnmarshalBinary(b []byte) error {
	if len(b) != Field255Size {
		return errors.New("idpf: Field255 encoding must be 32 bytes")
	}
	v, ok := decodeField255(b)
	if !ok {
		return errField255Range
	}
	*x = v
	return nil
}

// decodeField255 reads 32 little-endian bytes and reports whether they were
// the canonical encoding. field.SetBytes ignores bit 255 and reduces values
// in [p, 2^255), so re-encoding differs from the input exactly when the
// input was not below p.
func decodeField255(b []byte) (Field255, bool) {
	var x Field255
	x.e.SetBytes(b) // cannot fail: 32 bytes
	return x, subtle.ConstantTimeCompare(x.e.Bytes(), b) == 1
}

// sampleField255 is the draft's rejection sampling for one chunk: clear bit
// 255 (the mask is 2^255 - 1), then accept only if below p.
func sampleField255(b []byte) (Field255, bool) {
	var c [32]byte
	copy(c[:], b)
	c[31] &= 0x7f
	return decodeField255(c[:])
}
