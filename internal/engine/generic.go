package engine

import "encoding/binary"

// The block loops in Go, around the times-1 kernel a backend's route
// names (route.go): the generic Go code (always compiled, so tests can
// hold the other kernels against it; the only one under purego) or a
// Go-assembly kernel.

// oneKernel is a times-1 permutation run from Go. It is a small value the
// loops branch on, so every call stays direct and states stay on the
// caller's stack.
type oneKernel uint8

const (
	oneGo     oneKernel = iota // keccakPGeneric
	oneBMI2                    // keccakP1600BMI2 (amd64 assembly, BMI2)
	oneAVX512                  // keccakP1600AVX512 (amd64 assembly, AVX-512VL)
	oneSHA3                    // keccakP1600SHA3 (arm64 assembly)
)

// noKernel is the panic of the stubs a build without an assembly kernel
// declares in its place (kernel_none_*.go); the backends never call them.
const noKernel = "engine: no such assembly kernel in this build"

// permute applies the last nr rounds of Keccak-f[1600].
func (k oneKernel) permute(a *[25]uint64, nr int) {
	switch {
	case asmX86 && k == oneBMI2:
		keccakP1600BMI2(a, nr)
	case asmX86 && k == oneAVX512:
		keccakP1600AVX512(a, nr)
	case asmARM && k == oneSHA3:
		keccakP1600SHA3(a, nr)
	default:
		keccakPGeneric(a, nr)
	}
}

// absorbBlocks XORs in and permutes every whole block of p, and returns
// the bytes consumed.
func (k oneKernel) absorbBlocks(a *[25]uint64, rate int, p []byte, nr int) int {
	switch {
	case asmX86 && k == oneBMI2:
		return absorbBlocksBMI2(a, p, rate, nr)
	case asmX86 && k == oneAVX512:
		return absorbBlocksAVX512(a, p, rate, nr)
	case asmARM && k == oneSHA3:
		return absorbBlocksSHA3(a, p, rate, nr)
	}
	done := 0
	for ; len(p)-done >= rate; done += rate {
		block := p[done : done+rate]
		for i := range rate / 8 {
			a[i] ^= binary.LittleEndian.Uint64(block[8*i:])
		}
		k.permute(a, nr)
	}
	return done
}

// digestLanes is how many lanes from lane 0 on the BMI2 digest kernel
// computes: plane 0, 40 bytes.
const digestLanes = 5

// digestsInOneCall reports whether a digest of n bytes at this rate goes
// to the BMI2 digest kernel (keccakP1600BMI2Digest), which reads the state
// and writes only the digest: one call for the pending block, the padding
// and the last permutation, whose last round computes plane 0 alone.
func (r *route) digestsInOneCall(n, rate, nr int) bool {
	return asmX86 && r.bmi2Digest && n <= min(rate, 8*digestLanes) && nr > 0
}

// digestBMI2 is digest on the BMI2 digest kernel: a pending block and the
// padding after it go to the kernel, other padding is done here, on a copy
// unless the state is dropped after (spent).
func digestBMI2(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int, spent bool) {
	if pos == rate {
		last := rate/8 - 1
		keccakP1600BMI2Digest(a, out, uint64(ds), last, last%5, nr)
		return
	}
	if !spent {
		t := *a
		a = &t
	}
	padBytes(a, pos, rate, ds)
	keccakP1600BMI2Digest(a, out, 0, 0, 0, nr)
}

// absorb is backend.absorb in Go.
func (r *route) absorb(a *[25]uint64, rate, pos int, p []byte, nr int) int {
	if len(p) == 0 {
		return pos
	}
	if pos == rate {
		r.one.permute(a, nr)
		pos = 0
	}
	if pos > 0 {
		n := min(len(p), rate-pos)
		xorIn(a, pos, p[:n])
		if n == len(p) {
			return pos + n
		}
		r.one.permute(a, nr)
		p = p[n:]
	}
	// Every whole block but a last one that ends p, as in C.
	fast := len(p) - len(p)%rate
	if fast == len(p) {
		fast -= rate
	}
	done := 0
	if fast > 0 {
		done = r.one.absorbBlocks(a, rate, p[:fast], nr)
	}
	xorIn(a, 0, p[done:])
	return len(p) - done
}

// padAt ends the input at pos (pos == rate: a full block to permute first).
func (r *route) padAt(a *[25]uint64, rate, pos int, ds byte, nr int) {
	if pos == rate {
		r.one.permute(a, nr)
		pos = 0
	}
	padBytes(a, pos, rate, ds)
}

// squeeze is backend.squeeze in Go.
func (r *route) squeeze(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) int {
	if ds != 0 {
		r.padAt(a, rate, pos, ds, nr)
		pos = rate
	}
	for len(out) > 0 {
		if pos == rate {
			r.one.permute(a, nr)
			pos = 0
		}
		n := copyOut(a[:], pos, out[:min(len(out), rate-pos)])
		pos += n
		out = out[n:]
	}
	return pos
}

// digest is squeeze from a state still absorbing (ds != 0) that is left
// as it is: a Sum.
func (r *route) digest(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) {
	if r.digestsInOneCall(len(out), rate, nr) {
		digestBMI2(a, rate, pos, ds, out, nr, false)
		return
	}
	t := *a
	r.finish(&t, rate, pos, ds, out, nr)
}

// finish is digest on a state that is dropped after it: the other
// kernels pad and permute a itself, with no block loop for a digest of
// at most a block.
func (r *route) finish(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) {
	switch {
	case r.digestsInOneCall(len(out), rate, nr):
		digestBMI2(a, rate, pos, ds, out, nr, true)
	case len(out) <= rate:
		r.padAt(a, rate, pos, ds, nr)
		r.one.permute(a, nr)
		copyOut(a[:], 0, out)
	default:
		r.squeeze(a, rate, pos, ds, out, nr)
	}
}

// hash is backend.hash in Go.
func (r *route) hash(rate int, ds byte, in, tail, out []byte, nr int) {
	var a [25]uint64
	if n := len(in) + len(tail); n < rate && len(out) <= rate {
		// One block in, one out (most short hashes): no block loops.
		xorIn(&a, 0, in)
		if len(tail) > 0 {
			xorIn(&a, len(in), tail)
		}
		r.finish(&a, rate, n, ds, out, nr)
		return
	}
	n := r.absorb(&a, rate, 0, in, nr)
	n = r.absorb(&a, rate, n, tail, nr)
	r.finish(&a, rate, n, ds, out, nr)
}
