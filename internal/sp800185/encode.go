// Package sp800185 holds the string encodings of NIST SP 800-185, section
// 2.3, shared by the public SP 800-185 functions and the draft-06 fixed-key
// derivation (internal/fixedkey).
package sp800185

import "github.com/go-xkcp/keccak/internal/engine"

// AppendLeftEncode appends left_encode(x): the byte count, then x big endian
// in as few bytes as possible (at least one).
func AppendLeftEncode(b []byte, x uint64) []byte {
	n := 1
	for x>>(8*n) != 0 && n < 8 {
		n++
	}
	b = append(b, byte(n))
	for i := n - 1; i >= 0; i-- {
		b = append(b, byte(x>>(8*i)))
	}
	return b
}

// AppendRightEncode appends right_encode(x): x big endian, then the count.
func AppendRightEncode(b []byte, x uint64) []byte {
	start := len(b)
	b = AppendLeftEncode(b, x)
	n := b[start]
	copy(b[start:], b[start+1:])
	b[len(b)-1] = n
	return b
}

// AppendEncodeString appends encode_string(s) = left_encode(bitlen(s)) || s.
func AppendEncodeString(b, s []byte) []byte {
	return append(AppendLeftEncode(b, uint64(len(s))*8), s...)
}

// ParseEncodeString reads one encode_string from the front of b.
func ParseEncodeString(b []byte) (s, rest []byte, ok bool) {
	if len(b) < 1 || b[0] < 1 || b[0] > 8 || len(b) < 1+int(b[0]) {
		return nil, nil, false
	}
	var bits uint64
	for _, c := range b[1 : 1+b[0]] {
		bits = bits<<8 | uint64(c)
	}
	b = b[1+b[0]:]
	if bits%8 != 0 || bits/8 > uint64(len(b)) {
		return nil, nil, false
	}
	return b[:bits/8], b[bits/8:], true
}

// WriteBytepad absorbs bytepad(X, rate) = left_encode(rate) || X || zeros
// up to a multiple of rate, where X is the concatenation of parts (absorbed
// in place, never copied: KMAC's key is one of them).
func WriteBytepad(s *engine.Sponge, parts ...[]byte) {
	var enc [9]byte
	prefix := AppendLeftEncode(enc[:0], uint64(s.Rate()))
	s.Write(prefix)
	n := len(prefix)
	for _, p := range parts {
		s.Write(p)
		n += len(p)
	}
	if pad := n % s.Rate(); pad != 0 {
		var zeros [200]byte
		s.Write(zeros[:s.Rate()-pad])
	}
}
