package engine

import "encoding/binary"

// The generic backend's block loops, in pure Go: always compiled, so tests
// can hold the native kernels against them; the only backend under purego
// or without cgo.

func genericAbsorb(a *[25]uint64, rate int, p []byte, nr int) int {
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

func genericSqueeze(a *[25]uint64, rate int, out []byte, nr int) {
	for ; len(out) >= rate; out = out[rate:] {
		keccakPGeneric(a, nr)
		for i := range rate / 8 {
			binary.LittleEndian.PutUint64(out[8*i:], a[i])
		}
	}
}

func genericSponge(rate int, ds byte, in, tail, out []byte, nr int) {
	var a [25]uint64
	n := 0 // bytes in the open block
	for _, p := range [2][]byte{in, tail} {
		if n > 0 {
			k := min(rate-n, len(p))
			xorIn(&a, n, p[:k])
			if n += k; n < rate {
				continue
			}
			keccakPGeneric(&a, nr)
			p = p[k:]
		}
		p = p[genericAbsorb(&a, rate, p, nr):]
		xorIn(&a, 0, p)
		n = len(p)
	}
	xorByte(&a, n, ds)
	xorByte(&a, rate-1, 0x80)
	for len(out) > 0 {
		keccakPGeneric(&a, nr)
		out = out[copyOut(&a, 0, out[:min(rate, len(out))]):]
	}
}
