package poplar1

import (
	"encoding"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/go-xkcp/keccak/idpf"
)

// FieldVec is a vector of field elements: Field64 at the inner levels of
// the tree (Inner), Field255 at the leaf level (Leaf). Only the one the
// level calls for is used. Verifier shares and messages, output shares and
// aggregate shares are FieldVecs.
type FieldVec struct {
	Inner []idpf.Field64
	Leaf  []idpf.Field255
}

// Len returns the number of elements.
func (v *FieldVec) Len() int { return len(v.Inner) + len(v.Leaf) }

// AppendBinary appends the elements' little-endian encodings, the draft's
// encoding of every Poplar1 vector on the wire.
func (v *FieldVec) AppendBinary(b []byte) ([]byte, error) {
	b = appendVec(b, v.Inner)
	return appendVec(b, v.Leaf), nil
}

// MarshalBinary returns the draft's encoding of v.
func (v *FieldVec) MarshalBinary() ([]byte, error) { return v.AppendBinary(nil) }

// elem is one of the IDPF's two fields; the algorithms below are written
// once for both.
type elem[F any] interface {
	idpf.Field64 | idpf.Field255
	Add(F) F
	Sub(F) F
	Mul(F) F
	Neg() F
	Equal(F) bool
	AppendBinary([]byte) ([]byte, error)
}

// part is the slice of v that holds F elements.
func part[F elem[F]](v *FieldVec) *[]F {
	if s, ok := any(&v.Inner).(*[]F); ok {
		return s
	}
	return any(&v.Leaf).(*[]F)
}

// vecOf wraps s in a FieldVec.
func vecOf[F elem[F]](s []F) *FieldVec {
	v := new(FieldVec)
	*part[F](v) = s
	return v
}

// size is F's encoded size in bytes.
func size[F elem[F]]() int {
	var z F
	if _, ok := any(z).(idpf.Field64); ok {
		return idpf.Field64Size
	}
	return idpf.Field255Size
}

func appendVec[F elem[F]](b []byte, v []F) []byte {
	for _, x := range v {
		b, _ = x.AppendBinary(b)
	}
	return b
}

// decodeVec decodes exactly n elements from b, rejecting any other length
// and any element not below the modulus.
func decodeVec[F elem[F]](b []byte, n int, what string) ([]F, error) {
	sz := size[F]()
	if n < 0 || len(b)/sz != n || len(b)%sz != 0 {
		return nil, fmt.Errorf("poplar1: %s is %d bytes, want %d elements of %d bytes", what, len(b), n, sz)
	}
	v := make([]F, n)
	for i := range v {
		u := any(&v[i]).(encoding.BinaryUnmarshaler)
		if err := u.UnmarshalBinary(b[i*sz : (i+1)*sz]); err != nil {
			return nil, fmt.Errorf("poplar1: %s element %d: %w", what, i, err)
		}
	}
	return v, nil
}

// vecAdd returns a + b (equal lengths).
func vecAdd[F elem[F]](a, b []F) []F {
	r := make([]F, len(a))
	for i := range a {
		r[i] = a[i].Add(b[i])
	}
	return r
}

// nextVec is the draft's next_vec: fill v with elements sampled from the
// XOF's stream by rejection (Field255 clears bit 255 first). Rejection
// branches, as the draft allows; its chance is 2^-32 (Field64) or ~2^-250.
func nextVec[F elem[F]](x io.Reader, v []F, scratch *[]byte) {
	switch v := any(v).(type) {
	case []idpf.Field64:
		nextVec64(x, v, scratch)
	case []idpf.Field255:
		buf := grow(scratch, idpf.Field255Size*len(v))
		x.Read(buf)
		for i := 0; i < len(v); {
			c := buf[:idpf.Field255Size]
			c[len(c)-1] &= 0x7f
			if v[i].UnmarshalBinary(c) == nil {
				i++
				buf = buf[idpf.Field255Size:]
				continue
			}
			refill(x, buf, idpf.Field255Size)
		}
	}
}

// nextVec64 is nextVec for Field64, the bulk of Poplar1's sampling.
func nextVec64(x io.Reader, v []idpf.Field64, scratch *[]byte) {
	buf := grow(scratch, idpf.Field64Size*len(v))
	x.Read(buf)
	for i := 0; i < len(v); {
		e := binary.LittleEndian.Uint64(buf)
		if e < idpf.Modulus64 {
			v[i] = idpf.NewField64(e)
			i++
			buf = buf[idpf.Field64Size:]
			continue
		}
		refill(x, buf, idpf.Field64Size)
	}
}

// refill drops buf's first (rejected) chunk of sz bytes: the rest moves
// up and one more chunk is read from x at the end.
func refill(x io.Reader, buf []byte, sz int) {
	copy(buf, buf[sz:])
	x.Read(buf[len(buf)-sz:])
}

func grow(b *[]byte, n int) []byte {
	if cap(*b) < n {
		*b = make([]byte, n)
	}
	return (*b)[:n]
}
