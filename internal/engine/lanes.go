package engine

import "encoding/binary"

// Byte access to a state held as lanes: byte i of the state is byte i%8 of
// lane i/8, little endian, whatever the host's byte order. Only partial
// blocks go through here; whole blocks go to the backend.

// xorByte XORs b into byte i of the state.
func xorByte(a *[25]uint64, i int, b byte) {
	a[i/8] ^= uint64(b) << (8 * (i % 8))
}

// xorIn XORs p into the state starting at byte off.
func xorIn(a *[25]uint64, off int, p []byte) {
	for ; len(p) > 0 && off%8 != 0; off, p = off+1, p[1:] {
		xorByte(a, off, p[0])
	}
	for ; len(p) >= 8; off, p = off+8, p[8:] {
		a[off/8] ^= binary.LittleEndian.Uint64(p)
	}
	for i, b := range p {
		xorByte(a, off+i, b)
	}
}

// copyOut copies state bytes from off on into out and returns how many it
// copied: len(out), or fewer if the state ends first.
func copyOut(a *[25]uint64, off int, out []byte) int {
	n := min(len(out), 200-off)
	out = out[:n]
	for ; len(out) > 0 && off%8 != 0; off, out = off+1, out[1:] {
		out[0] = byte(a[off/8] >> (8 * (off % 8)))
	}
	for ; len(out) >= 8; off, out = off+8, out[8:] {
		binary.LittleEndian.PutUint64(out, a[off/8])
	}
	for i := range out {
		out[i] = byte(a[(off+i)/8] >> (8 * ((off + i) % 8)))
	}
	return n
}
