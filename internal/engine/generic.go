package engine

import "encoding/binary"

// The generic backend's block loops, in pure Go: always compiled, so tests
// can hold the native kernels against them; the only backend under purego
// or without cgo.

// absorbBlocks XORs in and permutes every whole block of p, and returns
// the bytes consumed.
func absorbBlocks(a *[25]uint64, rate int, p []byte, nr int) int {
	done := 0
	for ; len(p)-done >= rate; done += rate {
		block := p[done : done+rate]
		for i := range rate / 8 {
			a[i] ^= binary.LittleEndian.Uint64(block[8*i:])
		}
		keccakPGeneric(a, nr)
	}
	return done
}

// genericAbsorb is backend.absorb in Go.
func genericAbsorb(a *[25]uint64, rate, pos int, p []byte, nr int) int {
	if len(p) == 0 {
		return pos
	}
	if pos == rate {
		keccakPGeneric(a, nr)
		pos = 0
	}
	if pos > 0 {
		k := min(len(p), rate-pos)
		xorIn(a, pos, p[:k])
		if k == len(p) {
			return pos + k
		}
		keccakPGeneric(a, nr)
		p = p[k:]
	}
	// Every whole block but a last one that ends p, as in C.
	fast := len(p) - len(p)%rate
	if fast == len(p) {
		fast -= rate
	}
	done := absorbBlocks(a, rate, p[:fast], nr)
	xorIn(a, 0, p[done:])
	return len(p) - done
}

// padAt ends the input at pos (pos == rate: a full block to permute first).
func padAt(a *[25]uint64, rate, pos int, ds byte, nr int) {
	if pos == rate {
		keccakPGeneric(a, nr)
		pos = 0
	}
	xorByte(a, pos, ds)
	xorByte(a, rate-1, 0x80)
}

// genericSqueeze is backend.squeeze in Go.
func genericSqueeze(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) int {
	if ds != 0 {
		padAt(a, rate, pos, ds, nr)
		pos = rate
	}
	for len(out) > 0 {
		if pos == rate {
			keccakPGeneric(a, nr)
			pos = 0
		}
		k := copyOut(a, pos, out[:min(len(out), rate-pos)])
		pos += k
		out = out[k:]
	}
	return pos
}

func genericSponge(rate int, ds byte, in, tail, out []byte, nr int) {
	var a [25]uint64
	n := genericAbsorb(&a, rate, 0, in, nr)
	n = genericAbsorb(&a, rate, n, tail, nr)
	genericSqueeze(&a, rate, n, ds, out, nr)
}
