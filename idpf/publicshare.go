package idpf

import (
	"errors"
	"fmt"
)

// PublicShare is the IDPF's public share: one correction word per level,
// each a seed, two control bits and VALUE_LEN field elements.
type PublicShare struct {
	bits, valueLen int
	legacy         bool
	seeds          []byte     // 16 bytes per level
	ctrl           []uint8    // 2 bits per level (0 or 1): left, right
	inner          []Field64  // (bits-1)*valueLen, level by level
	leaf           []Field255 // valueLen
}

func (p *Idpf) newPublicShare() *PublicShare {
	return &PublicShare{
		bits: p.bits, valueLen: p.valueLen, legacy: p.legacy,
		seeds: make([]byte, 16*p.bits),
		ctrl:  make([]uint8, 2*p.bits),
		inner: make([]Field64, (p.bits-1)*p.valueLen),
		leaf:  make([]Field255, p.valueLen),
	}
}

// matches reports whether ps was made for p's parameters.
func (ps *PublicShare) matches(p *Idpf) bool {
	return ps != nil && ps.bits == p.bits && ps.valueLen == p.valueLen && ps.legacy == p.legacy &&
		len(ps.seeds) == 16*p.bits && len(ps.ctrl) == 2*p.bits &&
		len(ps.inner) == (p.bits-1)*p.valueLen && len(ps.leaf) == p.valueLen
}

// EncodedLen returns the size of an encoded public share:
// ceil(2*BITS/8) + 16*BITS + 8*VALUE_LEN*(BITS-1) + 32*VALUE_LEN.
func (p *Idpf) EncodedLen() int {
	n, _ := encodedLen(p.bits, p.valueLen)
	return n
}

// encodedLen computes in 64 bits so that large parameters cannot wrap
// around on 32-bit platforms; ok is false if the size does not fit an int.
func encodedLen(bits, valueLen int) (n int, ok bool) {
	b, v := int64(bits), int64(valueLen)
	total := (2*b+7)/8 + 16*b + 8*v*(b-1) + 32*v
	if int64(int(total)) != total {
		return 0, false
	}
	return int(total), true
}

// Encode returns the draft's encoding of the public share. Draft 20: the
// packed control bits (cw_left_0, cw_right_0, cw_left_1, ..., least
// significant bit first), all seeds, all inner payloads, the leaf payload.
// Draft 06: the packed control bits, then each level's seed followed by its
// payload.
func (ps *PublicShare) Encode() []byte {
	n, _ := encodedLen(ps.bits, ps.valueLen)
	out := make([]byte, (2*ps.bits+7)/8, n)
	for i, c := range ps.ctrl {
		out[i/8] |= c << (i % 8)
	}
	if ps.legacy {
		for l := range ps.bits {
			out = append(out, ps.seeds[16*l:16*l+16]...)
			if l < ps.bits-1 {
				out = appendField64s(out, ps.inner[l*ps.valueLen:(l+1)*ps.valueLen])
			} else {
				out = appendField255s(out, ps.leaf)
			}
		}
		return out
	}
	out = append(out, ps.seeds...)
	out = appendField64s(out, ps.inner)
	return appendField255s(out, ps.leaf)
}

func appendField64s(b []byte, v []Field64) []byte {
	for _, x := range v {
		b, _ = x.AppendBinary(b)
	}
	return b
}

func appendField255s(b []byte, v []Field255) []byte {
	for _, x := range v {
		b, _ = x.AppendBinary(b)
	}
	return b
}

var (
	errPublicShareLen = errors.New("idpf: public share has the wrong length")
	errPadding        = errors.New("idpf: public share has non-zero padding bits")
)

// DecodePublicShare parses an encoded public share for p. It rejects a
// wrong length (truncated or trailing bytes), non-zero padding bits after
// the last control bit, and field elements that are not below the modulus.
func (p *Idpf) DecodePublicShare(b []byte) (*PublicShare, error) {
	n, ok := encodedLen(p.bits, p.valueLen)
	if !ok || len(b) != n {
		return nil, fmt.Errorf("%w: %d bytes, want %d", errPublicShareLen, len(b), n)
	}
	ps := p.newPublicShare()
	nctrl := (2*p.bits + 7) / 8
	for i := range ps.ctrl {
		ps.ctrl[i] = (b[i/8] >> (i % 8)) & 1
	}
	if rem := 2 * p.bits % 8; rem != 0 && b[nctrl-1]>>rem != 0 {
		return nil, errPadding
	}
	b = b[nctrl:]
	var err error
	if p.legacy {
		for l := range p.bits {
			copy(ps.seeds[16*l:], b[:16])
			b = b[16:]
			if l < p.bits-1 {
				b, err = decodeField64s(b, ps.inner[l*p.valueLen:(l+1)*p.valueLen])
			} else {
				b, err = decodeField255s(b, ps.leaf)
			}
			if err != nil {
				return nil, err
			}
		}
		return ps, nil
	}
	b = b[copy(ps.seeds, b):]
	if b, err = decodeField64s(b, ps.inner); err != nil {
		return nil, err
	}
	if _, err = decodeField255s(b, ps.leaf); err != nil {
		return nil, err
	}
	return ps, nil
}

// decodeField64s fills v from the front of b (which is long enough) and
// returns the rest.
func decodeField64s(b []byte, v []Field64) ([]byte, error) {
	for i := range v {
		if err := v[i].UnmarshalBinary(b[:Field64Size]); err != nil {
			return nil, err
		}
		b = b[Field64Size:]
	}
	return b, nil
}

func decodeField255s(b []byte, v []Field255) ([]byte, error) {
	for i := range v {
		if err := v[i].UnmarshalBinary(b[:Field255Size]); err != nil {
			return nil, err
		}
		b = b[Field255Size:]
	}
	return b, nil
}
