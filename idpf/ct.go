package idpf

import "encoding/binary"

// Constant-time helpers. Control bits and alpha's bits are 0 or 1 in a
// uint64; masks are 0 or all ones.

// bit converts b to 0 or 1.
func bit(b bool) uint64 {
	var x uint64
	if b {
		x = 1
	}
	return x
}

// sel16 sets dst to a if c == 1 and to b if c == 0.
func sel16(dst, a, b []byte, c uint64) {
	m := -c
	a0, a1 := binary.LittleEndian.Uint64(a[:8]), binary.LittleEndian.Uint64(a[8:16])
	b0, b1 := binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:16])
	binary.LittleEndian.PutUint64(dst[:8], b0^((a0^b0)&m))
	binary.LittleEndian.PutUint64(dst[8:16], b1^((a1^b1)&m))
}

// xor16If XORs src into dst if c == 1.
func xor16If(dst, src []byte, c uint64) {
	m := -c
	d0 := binary.LittleEndian.Uint64(dst[:8]) ^ binary.LittleEndian.Uint64(src[:8])&m
	d1 := binary.LittleEndian.Uint64(dst[8:16]) ^ binary.LittleEndian.Uint64(src[8:16])&m
	binary.LittleEndian.PutUint64(dst[:8], d0)
	binary.LittleEndian.PutUint64(dst[8:16], d1)
}

// sel returns a if c == 1 and b if c == 0.
func sel(c, a, b uint64) uint64 { return b ^ ((a ^ b) & -c) }

// xor16 sets dst to a ^ b (16 bytes each).
func xor16(dst, a, b []byte) {
	binary.LittleEndian.PutUint64(dst[:8], binary.LittleEndian.Uint64(a[:8])^binary.LittleEndian.Uint64(b[:8]))
	binary.LittleEndian.PutUint64(dst[8:16], binary.LittleEndian.Uint64(a[8:16])^binary.LittleEndian.Uint64(b[8:16]))
}
