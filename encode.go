package keccak

// The string encodings of NIST SP 800-185, section 2.3.

// appendLeftEncode appends left_encode(x): the byte count, then x big endian
// in as few bytes as possible (at least one).
func appendLeftEncode(b []byte, x uint64) []byte {
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

// appendRightEncode appends right_encode(x): x big endian, then the count.
func appendRightEncode(b []byte, x uint64) []byte {
	start := len(b)
	b = appendLeftEncode(b, x)
	n := b[start]
	copy(b[start:], b[start+1:])
	b[len(b)-1] = n
	return b
}

// appendEncodeString appends encode_string(s) = left_encode(bitlen(s)) || s.
func appendEncodeString(b, s []byte) []byte {
	return append(appendLeftEncode(b, uint64(len(s))*8), s...)
}

// parseEncodeString reads one encode_string from the front of b.
func parseEncodeString(b []byte) (s, rest []byte, ok bool) {
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

// writeBytepad absorbs bytepad(X, rate) = left_encode(rate) || X || zeros
// up to a multiple of rate, where X is the concatenation of parts (absorbed
// in place, never copied: KMAC's key is one of them).
func writeBytepad(s *sponge, parts ...[]byte) {
	var enc [9]byte
	prefix := appendLeftEncode(enc[:0], uint64(s.rate))
	s.write(prefix)
	n := len(prefix)
	for _, p := range parts {
		s.write(p)
		n += len(p)
	}
	if pad := n % s.rate; pad != 0 {
		var zeros [200]byte
		s.write(zeros[:s.rate-pad])
	}
}
