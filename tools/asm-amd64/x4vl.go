package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX-512 4-way kernel is the one-state lane kernel (lanes.go) on YMM
// registers: AVX-512VL gives 32 of them, so register i holds lane i of
// the four states, one state a quadword, for the whole call and across an
// absorb's blocks, and the same round code (lnRound on lnY) does each
// lane step for the four at once, with the round constant broadcast from
// the 8-byte table. A round reads nothing else from memory and stores
// nothing, where the AVX2 kernel (x4.go), with 16 registers, loads and
// stores each lane once a round.
//
// Lanes come in and go out two at a time by transposes: 16 bytes of
// states 0 and 2 in the two halves of one register, of 1 and 3 in
// another (a load and an insert from memory each), then one quadword
// unpack a lane; a lane past the last pair (lane 24 of a state, the last
// of an odd rate) takes four 8-byte loads or stores. Every instruction
// is EVEX-encodable (the temporaries are registers 25 and up), and none
// needs more than AVX-512F and AVX-512VL.

// x4vlTemps are the temporaries of the transposes, outside the lanes.
var x4vlTemps = [4]VecPhysical{Y25, Y26, Y27, Y28}

// x4EVEX are the transposes' moves in EVEX forms (x4Moves).
func x4EVEX(c *build.Context) x4Moves {
	return x4Moves{
		mov:     func(s, d Op) { c.VMOVDQU64(s, d) },
		insert:  func(i, s, y, d Op) { c.VINSERTI32X4(i, s, y, d) },
		extract: func(i, y, m Op) { c.VEXTRACTI32X4(i, y, m) },
		setHigh: func(m, x Op) { c.VMOVHPD(m, x, x) },
		getHigh: func(x, m Op) { c.VMOVHPD(x, m) },
	}
}

// x4vlLoad puts lane i of the four states at a into register i.
func x4vlLoad(c *build.Context, a Register) {
	L, t := lnY.reg, x4vlTemps
	for l := 0; l < 24; l += 2 {
		x4LoadPair(c, x4EVEX(c), x4Planar(a, l), L[l], L[l+1], t[l%4], t[l%4+1])
	}
	x4LoadLane(c, x4EVEX(c), x4Planar(a, 24), L[24], t[0])
}

// x4vlStore writes register i to lane i of the four states at a.
func x4vlStore(c *build.Context, a Register) {
	L, t := lnY.reg, x4vlTemps
	for l := 0; l < 24; l += 2 {
		x4StorePair(c, x4EVEX(c), x4Planar(a, l), L[l], L[l+1], t[l%4], t[l%4+1])
	}
	x4StoreLane(c, x4EVEX(c), x4Planar(a, 24), L[24], t[0])
}

func permute4VLFunc(c *build.Context, name string, rc Mem) {
	multiStatePermute(c, name, "four", attr.NOSPLIT, "with AVX-512VL (lane i of the four in", "YMM register i)")
	lanePermuteBody(c, rc, 8, &lnY, func(a Register) { x4vlLoad(c, a) }, func(a Register) { x4vlStore(c, a) })
}

func absorb4VLFunc(c *build.Context, name string, rc Mem) {
	multiStateAbsorb(c, name, "four", "AVX-512VL", attr.NOSPLIT)
	a, end, start := RDI, RDX, R8
	n, rate := R11, R12
	ptr := [4]Register{RAX, RBX, RCX, R9}
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), RCX)
	roundRange(c, rc, 8, nr, lnR, end)
	c.MOVQ(lnR, start)
	x4vlLoad(c, a)
	c.Load(c.Param("p"), R10)
	c.MOVQ(Mem{Base: R10, Disp: 8}, n)
	for k := range ptr {
		c.MOVQ(Mem{Base: R10, Disp: 24 * k}, ptr[k])
	}
	c.Load(c.Param("rate"), rate)

	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	c.Comment("XOR the block in, two lanes at a time while the rate has two more.")
	L, t := lnY.reg, x4vlTemps
	in := func(l int) stream {
		return func(k, d int) Mem { return Mem{Base: ptr[k], Disp: 8*l + d} }
	}
	for l := 0; l < 25; l += 2 {
		c.CMPQ(rate, U32(8*(l+1)))
		c.JB(LabelRef("xored"))
		if l == 24 {
			break
		}
		c.CMPQ(rate, U32(8*(l+2)))
		c.JB(LabelRef("lane" + itoa(l)))
		x4LoadPair(c, x4EVEX(c), in(l), t[0], t[1], t[2], t[3])
		c.VPXORQ(t[0], L[l], L[l])
		c.VPXORQ(t[1], L[l+1], L[l+1])
	}
	// The last lane of an odd rate; lane 24's is reached in order.
	for l := 24; l >= 0; l -= 2 {
		c.Label("lane" + itoa(l))
		x4LoadLane(c, x4EVEX(c), in(l), t[0], t[1])
		c.VPXORQ(t[0], L[l], L[l])
		if l > 0 {
			c.JMP(LabelRef("xored"))
		}
	}
	wideAbsorbEnd(c, &lnY, ptr[:], a, n, rate, start, end, func() { x4vlStore(c, a) })
}
