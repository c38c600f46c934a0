package engine

import "encoding/binary"

// Byte access to a state held as lanes: byte i of the state is byte i%8 of
// lane i/8, little endian, whatever the host's byte order. Input that
// fits the current block and the bytes around the whole blocks a kernel's
// absorb loop takes go through here, as does all output copied out in Go.

// xorByte XORs b into byte i of the state.
func xorByte(a *[25]uint64, i int, b byte) {
	a[i/8] ^= uint64(b) << (8 * (i % 8))
}

// xorIn XORs p into the state starting at byte off. Whole lanes go four a
// step, indexed by an unsigned lane number, through array pointers (one
// bounds check for the four): a loop of one lane a step spent more
// instructions on its index than on the lane, and xorIn is most of what a
// short Write costs.
func xorIn(a *[25]uint64, off int, p []byte) {
	for ; len(p) > 0 && off%8 != 0; off, p = off+1, p[1:] {
		xorByte(a, off, p[0])
	}
	w := uint(off) / 8
	for ; len(p) >= 32 && w+4 <= 25; w, p = w+4, p[32:] {
		l, q := (*[4]uint64)(a[w:w+4]), (*[32]byte)(p)
		l[0] ^= binary.LittleEndian.Uint64(q[:])
		l[1] ^= binary.LittleEndian.Uint64(q[8:])
		l[2] ^= binary.LittleEndian.Uint64(q[16:])
		l[3] ^= binary.LittleEndian.Uint64(q[24:])
	}
	for ; len(p) >= 8 && w < 25; w, p = w+1, p[8:] {
		a[w] ^= binary.LittleEndian.Uint64(p)
	}
	for i, b := range p {
		xorByte(a, int(8*w)+i, b)
	}
}

// copyOut copies the bytes of lanes a from off on into out and returns how
// many it copied: len(out), or fewer if a ends first. Lanes go as in
// xorIn.
func copyOut(a []uint64, off int, out []byte) int {
	n := min(len(out), 8*len(a)-off)
	out = out[:n]
	for ; len(out) > 0 && off%8 != 0; off, out = off+1, out[1:] {
		out[0] = byte(a[off/8] >> (8 * (off % 8)))
	}
	w := uint(off) / 8
	for ; len(out) >= 32 && w+4 <= uint(len(a)); w, out = w+4, out[32:] {
		l, q := (*[4]uint64)(a[w:w+4]), (*[32]byte)(out)
		binary.LittleEndian.PutUint64(q[:], l[0])
		binary.LittleEndian.PutUint64(q[8:], l[1])
		binary.LittleEndian.PutUint64(q[16:], l[2])
		binary.LittleEndian.PutUint64(q[24:], l[3])
	}
	for ; len(out) >= 8 && w < uint(len(a)); w, out = w+1, out[8:] {
		binary.LittleEndian.PutUint64(out, a[w])
	}
	for i := range out {
		out[i] = byte(a[w] >> (8 * i))
	}
	return n
}

// padBytes XORs in the domain byte ds at pos and pad10*1's last bit: the
// end of the input at pos, in Go (the block loops' squeeze and digest,
// Sponge4.Read).
func padBytes(a *[25]uint64, pos, rate int, ds byte) {
	xorByte(a, pos, ds)
	xorByte(a, rate-1, 0x80)
}
