package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Registers of the permutation: the state pointer, the round-constant
// pointer, the five theta offsets D, the five lanes of a plane (the column
// parities C before D is known) and one temporary. R15 (which dynamic
// linking clobbers) and BP stay free.
var (
	regA = RDI
	regR = RSI
	regD = [5]Register{RBX, RCX, RDX, R8, R9}
	regB = [5]Register{R10, R11, R12, R13, R14}
	regT = RAX
)

// frame is the stack the permutation needs: the second state and the
// address just past the last round constant (where the rounds end).
type frame struct {
	e, end, nr Mem
}

func newFrame(c *build.Context) frame {
	return frame{e: c.AllocLocal(200), end: c.AllocLocal(8), nr: c.AllocLocal(8)}
}

// setup leaves in regR the address of RC[24-nr] and in f.end that of RC[24],
// for nr in nr (clobbered), and saves nr in f.nr.
func setup(c *build.Context, f frame, rc Mem, nr Register) {
	c.MOVQ(nr, f.nr)
	roundRange(c, rc, 8, nr, regR, regT)
	c.MOVQ(regT, f.end)
}

// permute emits the rounds: from regR to f.end, on the state at regA.
// Every register but regA and RSP is clobbered; regR ends at f.end.
func permute(c *build.Context, f frame, label string) {
	lane := func(base Mem, i int) Mem { return base.Offset(8 * i) }
	a := Mem{Base: regA}
	c.CMPQ(regR, f.end)
	c.JE(LabelRef(label + "_done"))
	c.TESTQ(U32(1), f.nr)
	c.JZ(LabelRef(label + "_loop"))
	c.Comment("An odd round count: copy the state and start at the second round of the pair.")
	for i := range 25 {
		c.MOVQ(lane(a, i), regT)
		c.MOVQ(regT, lane(f.e, i))
	}
	c.JMP(LabelRef(label + "_second"))
	c.Label(label + "_loop")
	round(c, a, f.e)
	c.Label(label + "_second")
	round(c, f.e, a)
	c.CMPQ(regR, f.end)
	c.JNE(LabelRef(label + "_loop"))
	c.Label(label + "_done")
}

// round emits one round from the state src to dst, XORing in the round
// constant at regR and advancing regR.
func round(c *build.Context, src, dst Mem) {
	lane := func(base Mem, x, y int) Mem { return base.Offset(8 * (x + 5*y)) }
	c.Comment("theta: column parities C, then the offsets D[x] = C[x-1] ^ (C[x+1] <<< 1)")
	C := regB
	for x := range 5 {
		c.MOVQ(lane(src, x, 0), C[x])
		for y := 1; y < 5; y++ {
			c.XORQ(lane(src, x, y), C[x])
		}
	}
	for x := range 5 {
		c.RORXQ(U8(63), C[(x+1)%5], regD[x])
		c.XORQ(C[(x+4)%5], regD[x])
	}
	B := regB
	for y := range 5 {
		c.Commentf("plane %d: rho and pi into B, then chi and iota", y)
		for x := range 5 {
			sx, sy := piSource(x, y)
			c.MOVQ(lane(src, sx, sy), B[x])
			c.XORQ(regD[sx], B[x])
			if r := rotations[sx][sy]; r != 0 {
				c.RORXQ(U8(64-r), B[x], B[x])
			}
		}
		for x := range 5 {
			c.ANDNQ(B[(x+2)%5], B[(x+1)%5], regT) // ^B[x+1] & B[x+2]
			c.XORQ(B[x], regT)
			if x == 0 && y == 0 {
				c.XORQ(Mem{Base: regR}, regT)
			}
			c.MOVQ(regT, lane(dst, x, y))
		}
	}
	c.ADDQ(U8(8), regR)
}

func permuteFunc(c *build.Context, rc Mem) {
	c.Function("keccakP1600BMI2")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, nr int)")
	c.Doc("keccakP1600BMI2 applies the last nr (0..24) rounds of Keccak-f[1600]",
		"to a, in Go assembly with BMI2 (ANDN, RORX).")
	c.Pragma("noescape")
	f := newFrame(c)
	c.Load(c.Param("a"), regA)
	nr := c.Load(c.Param("nr"), RCX)
	setup(c, f, rc, nr)
	permute(c, f, "permute")
	c.RET()
}

func absorbFunc(c *build.Context, rc Mem) {
	c.Function("absorbBlocksBMI2")
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, p []byte, rate int, nr int) int")
	c.Doc("absorbBlocksBMI2 XORs each whole rate-byte block of p (rate a",
		"nonzero multiple of 8) into a and applies the last nr rounds of",
		"Keccak-f[1600] after each; it returns the bytes consumed.")
	c.Pragma("noescape")
	f := newFrame(c)
	start, pos, rem := c.AllocLocal(8), c.AllocLocal(8), c.AllocLocal(8)
	c.Load(c.Param("a"), regA)
	nr := c.Load(c.Param("nr"), RCX)
	setup(c, f, rc, nr)
	c.MOVQ(regR, start)
	p, n, rate, i := R10, R11, R12, R13
	c.Load(c.Param("p").Base(), p)
	c.Load(c.Param("p").Len(), n)
	c.Load(c.Param("rate"), rate)
	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	c.XORQ(i, i)
	c.Label("lanes")
	c.MOVQ(Mem{Base: p, Index: i, Scale: 1}, regT)
	c.XORQ(regT, Mem{Base: regA, Index: i, Scale: 1})
	c.ADDQ(U8(8), i)
	c.CMPQ(i, rate)
	c.JB(LabelRef("lanes"))
	c.ADDQ(rate, p)
	c.SUBQ(rate, n)
	c.MOVQ(p, pos)
	c.MOVQ(n, rem)
	c.MOVQ(start, regR)
	permute(c, f, "absorb")
	c.MOVQ(pos, p)
	c.MOVQ(rem, n)
	c.Load(c.Param("rate"), rate)
	c.JMP(LabelRef("block"))
	c.Label("end")
	c.Load(c.Param("p").Len(), regT)
	c.SUBQ(n, regT)
	c.Store(regT, c.ReturnIndex(0))
	c.RET()
}
