package engine

import "encoding/binary"

// The block loops in Go, around a times-1 permutation run from Go: the
// generic Go code (always compiled, so tests can hold the other kernels
// against it; the only one under purego) or the Go-assembly kernel.

// goKernel names the permutation the Go block loops call. It is a small
// value the loops branch on, so every call stays direct and states stay
// on the caller's stack.
type goKernel uint8

const (
	kernelGo     goKernel = iota // keccakPGeneric
	kernelBMI2                   // keccakP1600BMI2 (amd64 assembly, BMI2)
	kernelAVX2                   // keccakP1600BMI2, and keccakP1600x4AVX2 for four states
	kernelAVX512                 // keccakP1600AVX512 and keccakP1600x4AVX512 (AVX-512VL); digests on keccakP1600BMI2Digest
	kernelSHA3                   // keccakP1600SHA3 (arm64 assembly), and keccakP1600x2SHA3 twice for four states
)

// noKernel is the panic of the stubs a build without an assembly kernel
// declares in its place (kernel_none_*.go); the backends never call them.
const noKernel = "engine: no such assembly kernel in this build"

// bmi2 reports whether k's times-1 permutation is the BMI2 assembly.
func (k goKernel) bmi2() bool { return asmX86 && (k == kernelBMI2 || k == kernelAVX2) }

// avx512 reports whether k's times-1 permutation is the AVX-512 assembly.
func (k goKernel) avx512() bool { return asmX86 && k == kernelAVX512 }

// beatsC reports whether k's times-1 kernel is faster than the C kernels'
// at every size, so that a mixed backend runs every single-state call
// from Go: the AVX-512 one is (docs/PERFORMANCE.md), the BMI2 one only on
// short calls.
func (k goKernel) beatsC() bool { return k.avx512() }

// sha3 reports whether k's times-1 permutation is the SHA3 assembly.
func (k goKernel) sha3() bool { return asmARM && k == kernelSHA3 }

// permute applies the last nr rounds of Keccak-f[1600].
func (k goKernel) permute(a *[25]uint64, nr int) {
	switch {
	case k.bmi2():
		keccakP1600BMI2(a, nr)
	case k.avx512():
		keccakP1600AVX512(a, nr)
	case k.sha3():
		keccakP1600SHA3(a, nr)
	default:
		keccakPGeneric(a, nr)
	}
}

// digestLanes is how many lanes from lane 0 on the BMI2 digest kernel
// computes: plane 0, 40 bytes.
const digestLanes = 5

// digestsInOneCall reports whether a digest of n bytes at this rate goes
// to the BMI2 digest kernel (keccakP1600BMI2Digest), which reads the state
// and writes only the digest: one call for the pending block, the padding
// and the last permutation, whose last round computes plane 0 alone. The
// AVX-512 kernel's CPUs take it too: on Zen 4 that one call beats the
// AVX-512 kernel's two and a copy (New+Write(136 B)+Sum 514 -> 497 ns).
func (k goKernel) digestsInOneCall(n, rate, nr int) bool {
	return (k.bmi2() || k.avx512() && asmBMI2) && n <= min(rate, 8*digestLanes) && nr > 0
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

// absorbBlocks XORs in and permutes every whole block of p, and returns
// the bytes consumed.
func (k goKernel) absorbBlocks(a *[25]uint64, rate int, p []byte, nr int) int {
	switch {
	case k.bmi2():
		return absorbBlocksBMI2(a, p, rate, nr)
	case k.avx512():
		return absorbBlocksAVX512(a, p, rate, nr)
	case k.sha3():
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

// absorb is backend.absorb in Go.
func (k goKernel) absorb(a *[25]uint64, rate, pos int, p []byte, nr int) int {
	if len(p) == 0 {
		return pos
	}
	if pos == rate {
		k.permute(a, nr)
		pos = 0
	}
	if pos > 0 {
		n := min(len(p), rate-pos)
		xorIn(a, pos, p[:n])
		if n == len(p) {
			return pos + n
		}
		k.permute(a, nr)
		p = p[n:]
	}
	// Every whole block but a last one that ends p, as in C.
	fast := len(p) - len(p)%rate
	if fast == len(p) {
		fast -= rate
	}
	done := 0
	if fast > 0 {
		done = k.absorbBlocks(a, rate, p[:fast], nr)
	}
	xorIn(a, 0, p[done:])
	return len(p) - done
}

// padAt ends the input at pos (pos == rate: a full block to permute first).
func (k goKernel) padAt(a *[25]uint64, rate, pos int, ds byte, nr int) {
	if pos == rate {
		k.permute(a, nr)
		pos = 0
	}
	padBytes(a, pos, rate, ds)
}

// squeeze is backend.squeeze in Go.
func (k goKernel) squeeze(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) int {
	if ds != 0 {
		k.padAt(a, rate, pos, ds, nr)
		pos = rate
	}
	for len(out) > 0 {
		if pos == rate {
			k.permute(a, nr)
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
func (k goKernel) digest(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) {
	if k.digestsInOneCall(len(out), rate, nr) {
		digestBMI2(a, rate, pos, ds, out, nr, false)
		return
	}
	t := *a
	k.finish(&t, rate, pos, ds, out, nr)
}

// finish is digest on a state that is dropped after it: the other
// kernels pad and permute a itself, with no block loop for a digest of
// at most a block.
func (k goKernel) finish(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) {
	switch {
	case k.digestsInOneCall(len(out), rate, nr):
		digestBMI2(a, rate, pos, ds, out, nr, true)
	case len(out) <= rate:
		k.padAt(a, rate, pos, ds, nr)
		k.permute(a, nr)
		copyOut(a[:], 0, out)
	default:
		k.squeeze(a, rate, pos, ds, out, nr)
	}
}

// sponge is backend.hash in Go.
func (k goKernel) sponge(rate int, ds byte, in, tail, out []byte, nr int) {
	var a [25]uint64
	if n := len(in) + len(tail); n < rate && len(out) <= rate {
		// One block in, one out (most short hashes): no block loops.
		xorIn(&a, 0, in)
		if len(tail) > 0 {
			xorIn(&a, len(in), tail)
		}
		k.finish(&a, rate, n, ds, out, nr)
		return
	}
	n := k.absorb(&a, rate, 0, in, nr)
	n = k.absorb(&a, rate, n, tail, nr)
	k.finish(&a, rate, n, ds, out, nr)
}
