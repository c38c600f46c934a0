package keccak

import "encoding/binary"

// genericBackend is the pure-Go backend: always compiled, so tests can hold
// the native kernels against it; the only one under purego or without cgo.
type genericBackend struct{}

func (genericBackend) name() string { return "go" }

func (genericBackend) permute(a *[25]uint64, nr int) { keccakPGeneric(a, nr) }

func (genericBackend) absorb(a *[25]uint64, rate int, p []byte, nr int) int {
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

func (genericBackend) squeeze(a *[25]uint64, rate int, out []byte, nr int) {
	for ; len(out) >= rate; out = out[rate:] {
		keccakPGeneric(a, nr)
		for i := range rate / 8 {
			binary.LittleEndian.PutUint64(out[8*i:], a[i])
		}
	}
}

func (g genericBackend) sponge(rate int, ds byte, in, out []byte, nr int) {
	var a [25]uint64
	in = in[g.absorb(&a, rate, in, nr):]
	xorIn(&a, 0, in)
	xorByte(&a, len(in), ds)
	xorByte(&a, rate-1, 0x80)
	for {
		keccakPGeneric(&a, nr)
		out = out[copyOut(&a, 0, out[:min(rate, len(out))]):]
		if len(out) == 0 {
			return
		}
	}
}

func (genericBackend) permute4(a *[4][25]uint64, nr int) {
	for i := range a {
		keccakPGeneric(&a[i], nr)
	}
}

func (g genericBackend) absorb4(a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	n := 0
	for i := range a {
		n = g.absorb(&a[i], rate, p[i], nr)
	}
	return n
}

func (g genericBackend) squeeze4(a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	for i := range a {
		g.squeeze(&a[i], rate, out[i], nr)
	}
}

func (g genericBackend) leaves(l *leafSpec, in, cv []byte) {
	for ; len(in) >= l.blockLen; in, cv = in[l.blockLen:], cv[l.cvLen:] {
		g.sponge(l.rate, l.ds, in[:l.blockLen], cv[:l.cvLen], l.rounds)
	}
}
