package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Registers of the BMI2 kernel: all fifteen hold round data. The five
// lanes of a plane B, the theta offsets D, the next round's column
// parities C (column 4's shares B[4]'s register, see bmRound) and one
// temporary. Both state copies and the round-constant pointer are in the
// frame, addressed from SP.
var (
	bmB = [5]Register{R10, R11, R12, R13, R14}
	bmC = [5]Register{RBX, RCX, RDX, RSI, bmB[4]}
	bmD = [5]Register{R8, R9, R15, RBP, RDI}
	bmT = RAX
)

// bmFrame is the kernel's stack: the two state copies, the current and
// the end round-constant pointers and the round count.
type bmFrame struct {
	s          [2]Mem
	rc, end, n Mem
}

func newBmFrame(c *build.Context) bmFrame {
	return bmFrame{s: [2]Mem{c.AllocLocal(200), c.AllocLocal(200)},
		rc: c.AllocLocal(8), end: c.AllocLocal(8), n: c.AllocLocal(8)}
}

func bmLane(base Mem, x, y int) Mem { return base.Offset(8 * (x + 5*y)) }

// bmEnter loads the state at src into the parities C and, unless dst is
// nil, copies it to dst.
func bmEnter(c *build.Context, src Mem, dst *Mem) {
	for y := range 5 {
		for x := range 5 {
			switch {
			case y == 0:
				c.MOVQ(bmLane(src, x, y), bmC[x])
				if dst != nil {
					c.MOVQ(bmC[x], bmLane(*dst, x, y))
				}
			case dst != nil:
				c.MOVQ(bmLane(src, x, y), bmT)
				c.MOVQ(bmT, bmLane(*dst, x, y))
				c.XORQ(bmT, bmC[x])
			default:
				c.XORQ(bmLane(src, x, y), bmC[x])
			}
		}
	}
}

// bmRound emits one round from src to dst: D from the parities C, then
// each plane's rho, pi, chi (and iota in plane 0), its outputs stored and
// XORed into the next round's C. Column 4's parity is not carried: it is
// summed at the end from the stored lanes into B[4], which frees a register
// for the fifth D. The round-constant pointer is loaded for iota into B[4]
// once that lane is dead.
func bmRound(c *build.Context, f bmFrame, src, dst Mem) {
	c.Comment("theta: D[x] = C[x-1] ^ (C[x+1] <<< 1)")
	for x := range 5 {
		c.RORXQ(U8(63), bmC[(x+1)%5], bmD[x])
		c.XORQ(bmC[(x+4)%5], bmD[x])
	}
	B := bmB
	for y := range 5 {
		c.Commentf("plane %d", y)
		for x := range 5 {
			sx, sy := piSource(x, y)
			c.MOVQ(bmLane(src, sx, sy), B[x])
			c.XORQ(bmD[sx], B[x])
			if r := rotations[sx][sy]; r != 0 {
				c.RORXQ(U8(64-r), B[x], B[x])
			}
		}
		// Lane 4 goes before lane 0 so that B[4]'s register is free for
		// the round-constant pointer.
		for _, x := range []int{2, 3, 4, 1, 0} {
			var out Register = bmT
			switch {
			case x == 4 && y == 4:
				out = B[4] // in place: B[4]'s other readers are done
				c.ANDNQ(B[1], B[0], bmT)
				c.XORQ(bmT, out)
				c.MOVQ(out, bmLane(dst, x, y))
				continue
			case y == 0 && x != 4:
				out = bmC[x] // plane 0 starts the next parities
			}
			c.ANDNQ(B[(x+2)%5], B[(x+1)%5], out) // ^B[x+1] & B[x+2]
			c.XORQ(B[x], out)
			if x == 0 && y == 0 {
				c.MOVQ(f.rc, B[4])
				c.XORQ(Mem{Base: B[4]}, out)
				c.ADDQ(U8(8), B[4])
				c.MOVQ(B[4], f.rc)
			}
			c.MOVQ(out, bmLane(dst, x, y))
			if y != 0 && x != 4 {
				c.XORQ(out, bmC[x])
			}
		}
	}
	c.Comment("column 4's parity, from the stored lanes, into B[4]")
	for y := range 4 {
		c.XORQ(bmLane(dst, 4, y), bmC[4])
	}
}

// bmRounds runs the rounds from f.rc to f.end, the state entering from
// src: two rounds an iteration, s[0] -> s[1] -> s[0]. An odd count enters
// into s[1] and starts at the second round. The state ends in s[0].
func bmRounds(c *build.Context, f bmFrame, src Mem, label string) {
	c.MOVQ(f.rc, bmT)
	c.CMPQ(bmT, f.end)
	c.JE(LabelRef(label + "_done"))
	c.TESTQ(U32(1), f.n)
	c.JZ(LabelRef(label + "_even"))
	bmEnter(c, src, &f.s[1])
	c.JMP(LabelRef(label + "_second"))
	c.Label(label + "_even")
	if src == f.s[0] {
		bmEnter(c, src, nil)
	} else {
		bmEnter(c, src, &f.s[0])
	}
	c.Label(label + "_loop")
	bmRound(c, f, f.s[0], f.s[1])
	c.Label(label + "_second")
	bmRound(c, f, f.s[1], f.s[0])
	c.MOVQ(f.rc, bmT)
	c.CMPQ(bmT, f.end)
	c.JNE(LabelRef(label + "_loop"))
	c.Label(label + "_done")
}

func bmSetup(c *build.Context, f bmFrame, rc Mem, nr Register) {
	c.MOVQ(nr, f.n)
	roundRange(c, rc, 8, nr, bmT, bmB[0])
	c.MOVQ(bmT, f.rc)
	c.MOVQ(bmB[0], f.end)
}

func bmCopy(c *build.Context, src, dst Mem) {
	for i := range 25 {
		c.MOVQ(src.Offset(8*i), bmT)
		c.MOVQ(bmT, dst.Offset(8*i))
	}
}

func permuteFunc(c *build.Context, rc Mem) {
	c.Function("keccakP1600BMI2")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, nr int)")
	c.Doc("keccakP1600BMI2 applies the last nr (0..24) rounds of Keccak-f[1600]",
		"to a, in Go assembly with BMI2 (ANDN, RORX).")
	c.Pragma("noescape")
	f := newBmFrame(c)
	a := bmB[1]
	nr := c.Load(c.Param("nr"), RCX)
	bmSetup(c, f, rc, nr)
	c.Load(c.Param("a"), a)
	c.MOVQ(f.rc, bmT)
	c.CMPQ(bmT, f.end)
	c.JE(LabelRef("none"))
	bmRounds(c, f, Mem{Base: a}, "permute")
	c.Load(c.Param("a"), bmB[0])
	bmCopy(c, f.s[0], Mem{Base: bmB[0]})
	c.Label("none")
	c.RET()
}

func absorbFunc(c *build.Context, rc Mem) {
	c.Function("absorbBlocksBMI2")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, p []byte, rate int, nr int) int")
	c.Doc("absorbBlocksBMI2 XORs each whole rate-byte block of p (rate a",
		"nonzero multiple of 8, at most 200) into a and applies the last nr",
		"rounds of Keccak-f[1600] after each; it returns the bytes consumed.")
	c.Pragma("noescape")
	f := newBmFrame(c)
	start, pos, rem := c.AllocLocal(8), c.AllocLocal(8), c.AllocLocal(8)
	nr := c.Load(c.Param("nr"), RCX)
	bmSetup(c, f, rc, nr)
	c.MOVQ(f.rc, bmT)
	c.MOVQ(bmT, start)
	a := bmB[0]
	c.Load(c.Param("a"), a)
	bmCopy(c, Mem{Base: a}, f.s[0])
	p, n, rate, i := R10, R11, R12, R13
	c.Load(c.Param("p").Base(), p)
	c.Load(c.Param("p").Len(), n)
	c.Load(c.Param("rate"), rate)
	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	c.XORQ(i, i)
	c.Label("lanes")
	c.MOVQ(Mem{Base: p, Index: i, Scale: 1}, bmT)
	s0 := f.s[0]
	s0.Index, s0.Scale = i, 1
	c.XORQ(bmT, s0)
	c.ADDQ(U8(8), i)
	c.CMPQ(i, rate)
	c.JB(LabelRef("lanes"))
	c.ADDQ(rate, p)
	c.SUBQ(rate, n)
	c.MOVQ(p, pos)
	c.MOVQ(n, rem)
	c.MOVQ(start, bmT)
	c.MOVQ(bmT, f.rc)
	bmRounds(c, f, f.s[0], "absorb")
	c.MOVQ(pos, p)
	c.MOVQ(rem, n)
	c.Load(c.Param("rate"), rate)
	c.JMP(LabelRef("block"))
	c.Label("end")
	c.Load(c.Param("a"), a)
	bmCopy(c, f.s[0], Mem{Base: a})
	c.Load(c.Param("p").Len(), bmT)
	c.SUBQ(n, bmT)
	c.Store(bmT, c.ReturnIndex(0))
	c.RET()
}
