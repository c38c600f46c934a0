package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The 8-way AVX-512 kernel is the one-state lane kernel (lanes.go) on ZMM
// registers: register i holds lane i of all eight states, one state a
// quadword, for the whole call, and the same round code (lnRound on lnZ)
// does each lane step for the eight at once, with the round constant
// broadcast from the 8-byte table: a round reads nothing else from memory.
//
// Lanes come in with transposes, four lanes at a time: lanes l..l+3 of
// states k and k+2 (32 bytes each) in the two halves of one register,
// then one 128-bit shuffle and one quadword unpack a lane; the states go
// out with one unpack a lane and 16-byte stores, each 128 bits of an
// unpacked pair being two lanes of one state. Lanes past the last whole
// four (lane 24 of a state, the last one to three of a block) take a
// gather (and lane 24 a scatter). On an Intel Xeon (family 6 model 207)
// the transposes beat a gather and a scatter for each lane, both for the
// states and for an absorb's input (docs/MEASUREMENTS.md).
//
// The absorb's input comes from eight pointers in general registers,
// which advance by the rate each block, and the gathers address the
// eight slices from the first one's pointer with an index vector of the
// others' offsets from it. The states stay in registers across blocks.
//
// Every instruction is AVX-512F on ZMM registers (the loads and stores of
// parts of a register too), so the kernels need AVX-512F and no more.

// x8IndexTable emits x8Index: the byte offsets of the eight states of a
// [8][25]uint64 (200 bytes apart), then those of the pointers of the
// eight slices of a [8][]byte (24 bytes apart), each as a ZMM vector.
func x8IndexTable(c *build.Context) Mem {
	table := c.StaticGlobal("x8Index")
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for k := range 8 {
		c.AddDatum(8*k, U64(200*k))
	}
	for k := range 8 {
		c.AddDatum(64+8*k, U64(24*k))
	}
	return table
}

// x8Mask are the opmask registers the gathers and scatters take in turn
// (each clears its own), so consecutive ones do not wait on one another.
var x8Mask = []Register{K1, K2, K3, K4, K5, K6, K7}

// x8Gather loads into v the quadword at base+disp+idx[k] for each k, with
// mask register k (set to all ones first).
func x8Gather(c *build.Context, base Register, idx VecPhysical, disp int, k Register, v VecPhysical) {
	c.KXNORW(k, k, k)
	c.VPGATHERQQ(Mem{Base: base, Index: idx, Scale: 1, Disp: disp}, k, v)
}

// x8Scatter is the inverse of x8Gather.
func x8Scatter(c *build.Context, v VecPhysical, base Register, idx VecPhysical, disp int, k Register) {
	c.KXNORW(k, k, k)
	c.VPSCATTERQQ(v, k, Mem{Base: base, Index: idx, Scale: 1, Disp: disp})
}

// x8State addresses byte d of lane l of state k of the [8][25]uint64 at a.
func x8State(a Register, k, l, d int) Mem { return Mem{Base: a, Disp: 200*k + 8*l + d} }

// x8Quads loads four lanes of eight states, state k's at src(k), and
// returns the registers x8Unpack takes them from. Register t[j] (j = 0..3)
// gets the lanes of state k = 4(j/2) + j%2 in its low half and of k+2 in
// its high half; one 128-bit shuffle of t[0] with t[2] (and of t[1] with
// t[3]) gives two lanes of states 0, 2, 4 and 6 (and of 1, 3, 5 and 7) in
// order. The six registers t are clobbered.
func x8Quads(c *build.Context, src func(k int) Mem, t [6]VecPhysical) (q [4]VecPhysical) {
	for j := range 4 {
		k := 4*(j/2) + j%2
		c.VBROADCASTI64X4(src(k), t[j])
		c.VINSERTI64X4(U8(1), src(k+2), t[j], t[j])
	}
	// q[0] and q[1]: the first two lanes of the even states and of the odd
	// ones; q[2] and q[3]: the last two.
	q = [4]VecPhysical{t[4], t[5], t[0], t[1]}
	c.VSHUFI64X2(U8(0x88), t[2], t[0], q[0])
	c.VSHUFI64X2(U8(0x88), t[3], t[1], q[1])
	c.VSHUFI64X2(U8(0xdd), t[2], t[0], q[2])
	c.VSHUFI64X2(U8(0xdd), t[3], t[1], q[3])
	return q
}

// x8Unpack puts the j-th (0..3) of x8Quads's lanes into v.
func x8Unpack(c *build.Context, q [4]VecPhysical, j int, v VecPhysical) {
	if j%2 == 0 {
		c.VPUNPCKLQDQ(q[j|1], q[j&2], v)
	} else {
		c.VPUNPCKHQDQ(q[j|1], q[j&2], v)
	}
}

// x8StorePair writes lanes l and l+1 from their registers to the eight
// states at a: unpacked, each 128 bits is the pair of one state.
func x8StorePair(c *build.Context, a Register, l int, t0, t1 VecPhysical) {
	L := lnZ.reg
	c.VPUNPCKLQDQ(L[l+1], L[l], t0) // the pair of states 0, 2, 4, 6
	c.VPUNPCKHQDQ(L[l+1], L[l], t1) // and of 1, 3, 5, 7
	for u := range 4 {
		c.VEXTRACTI32X4(U8(u), t0, x8State(a, 2*u, l, 0))
		c.VEXTRACTI32X4(U8(u), t1, x8State(a, 2*u+1, l, 0))
	}
}

// x8Load puts lane i of the eight states at a into register i, with idx
// (x8Index's state offsets) free to use.
func x8Load(c *build.Context, a Register, rc Mem, idx VecPhysical) {
	t := [2][6]VecPhysical{
		{Z25, Z26, Z27, Z28, Z29, Z30},
		{Z24, Z31, Z23, Z22, Z21, Z20}, // lanes not loaded yet (groups 0..12)
	}
	for l := 0; l < 24; l += 4 {
		q := x8Quads(c, func(k int) Mem { return x8State(a, k, l, 0) }, t[l/4%2])
		for j := range 4 {
			x8Unpack(c, q, j, lnZ.reg[l+j])
		}
		if l == 12 {
			t[1] = t[0]
		}
	}
	c.VMOVDQU64(rc, idx)
	x8Gather(c, a, idx, 8*24, x8Mask[0], lnZ.reg[24])
}

// x8Store writes register i to lane i of the eight states at a.
func x8Store(c *build.Context, a Register, rc Mem, idx VecPhysical) {
	c.VMOVDQU64(rc, idx)
	x8Scatter(c, lnZ.reg[24], a, idx, 8*24, x8Mask[0])
	t := [][2]VecPhysical{{Z25, Z26}, {Z27, Z28}, {Z29, Z30}}
	for l := 0; l < 24; l += 2 {
		x8StorePair(c, a, l, t[l/2%3][0], t[l/2%3][1])
	}
}

func permute8Func(c *build.Context, rc, index Mem) {
	multiStatePermute(c, "keccakP1600x8AVX512", "eight", attr.NOSPLIT, "with AVX-512F (lane i of the eight in", "ZMM register i)")
	lanePermuteBody(c, rc, 8, &lnZ, func(a Register) { x8Load(c, a, index, Z31) },
		func(a Register) { x8Store(c, a, index, Z31) })
}

func absorb8Func(c *build.Context, rc, index Mem) {
	multiStateAbsorb(c, "absorb8AVX512", "eight", "AVX-512F", attr.NOSPLIT)
	a, end, start := RDI, RDX, R8
	n, rate := R11, R12
	// The slices' pointers; a's register is free once the states are in.
	ptr := [8]Register{RAX, RBX, RCX, RDI, R10, R13, R14, R9}
	pp := ptr[7]
	idx := Z31
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), RCX)
	roundRange(c, rc, 8, nr, lnR, end)
	c.MOVQ(lnR, start)
	x8Load(c, a, index, idx)
	c.Load(c.Param("p"), pp)
	c.MOVQ(Mem{Base: pp, Disp: 8}, n)
	c.Comment("The gathers' index vector: each slice's pointer less the first's.")
	c.VMOVDQU64(index.Offset(64), Z30)
	x8Gather(c, pp, Z30, 0, x8Mask[0], idx)
	c.VPBROADCASTQ(Mem{Base: pp}, Z30)
	c.VPSUBQ(Z30, idx, idx)
	for k := range ptr {
		c.MOVQ(Mem{Base: pp, Disp: 24 * k}, ptr[k]) // pp's own last
	}
	c.Load(c.Param("rate"), rate)

	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	c.Comment("XOR the block in, four lanes at a time while the rate has four more;",
		"the one to three lanes after the last four are gathered.")
	t := [6]VecPhysical{Z25, Z26, Z27, Z28, Z29, Z30}
	L := lnZ.reg
	for l := 0; l < 24; l += 4 {
		c.CMPQ(rate, U32(8*(l+4)))
		c.JB(LabelRef("tail" + itoa(l)))
		q := x8Quads(c, func(k int) Mem { return Mem{Base: ptr[k], Disp: 8 * l} }, t)
		for j := range 4 {
			v := t[2+j%2] // free after the shuffles
			x8Unpack(c, q, j, v)
			c.VPXORQ(v, L[l+j], L[l+j])
		}
	}
	// The tail of lanes l.. of a rate short of l+4 lanes; lane 24's is
	// reached in order.
	for l := 24; l >= 0; l -= 4 {
		c.Label("tail" + itoa(l))
		for i := l; i < min(l+3, 25); i++ {
			c.CMPQ(rate, U32(8*(i+1)))
			c.JB(LabelRef("xored"))
			v := t[i%len(t)]
			x8Gather(c, ptr[0], idx, 8*i, x8Mask[i%len(x8Mask)], v)
			c.VPXORQ(v, L[i], L[i])
		}
		if l > 0 {
			c.JMP(LabelRef("xored"))
		}
	}
	wideAbsorbEnd(c, &lnZ, ptr[:], a, n, rate, start, end, func() { x8Store(c, a, index, idx) })
}
