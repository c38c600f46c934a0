package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Registers of the BMI2 kernel: every general register but SP and BP (the
// frame pointer, which stays intact). The five lanes of a plane B, the
// theta offsets D, the next round's column parities C (those of columns
// bmCarried and up share B's registers, see bmRound) and one temporary.
// After the first round (bmFirst, which reads the caller's state through
// C[2]'s register) the state is in the frame, so no register holds a
// pointer to it.
var (
	bmB = [5]Register{R10, R11, R12, R13, R14}
	bmC = [5]Register{RBX, RCX, RDX, bmB[3], bmB[4]}
	bmD = [5]Register{R8, R9, R15, RSI, RDI}
	bmT = RAX
	bmP = bmB[0] // the caller's state or block, outside the rounds
)

// bmCarried is the number of columns whose parity is carried in a
// register of its own through the round (bmC above). It cannot be less
// than 2: plane 4, in order, computes lane 4 from B[0] and B[1], which
// must not have been overwritten in place.
const bmCarried = 3

// bmFrame is the kernel's stack: the state (st) and the other copy the
// rounds alternate with, the current and the end round-constant pointers
// and the round count. Both copies are addressed from SP.
type bmFrame struct {
	st, s      Mem
	rc, end, n Mem
}

func newBmFrame(c *build.Context) bmFrame {
	return bmFrame{st: c.AllocLocal(200), s: c.AllocLocal(200), rc: c.AllocLocal(8), end: c.AllocLocal(8), n: c.AllocLocal(8)}
}

func bmLane(base Mem, x, y int) Mem { return base.Offset(8 * (x + 5*y)) }

// bmEnter loads the state at a into the parities C and, if dup, copies
// it to to.
func bmEnter(c *build.Context, a, to Mem, dup bool) {
	for y := range 5 {
		for x := range 5 {
			switch {
			case y == 0:
				c.MOVQ(bmLane(a, x, y), bmC[x])
				if dup {
					c.MOVQ(bmC[x], bmLane(to, x, y))
				}
			case dup:
				c.MOVQ(bmLane(a, x, y), bmT)
				c.MOVQ(bmT, bmLane(to, x, y))
				c.XORQ(bmT, bmC[x])
			default:
				c.XORQ(bmLane(a, x, y), bmC[x])
			}
		}
	}
}

// bmRound emits one round from src to dst: D from the parities C, then
// each plane's rho, pi, chi (and iota in plane 0), its outputs stored and
// XORed into the next round's C. The parities of columns carried and up
// (bmCarried) are not carried: plane 4 computes those lanes in place and
// the rest of each column is XORed in from the stored lanes at the end,
// which frees registers for the five D. The round-constant pointer is
// loaded for iota into B[4] once that lane is dead.
//
// The kind says what else: bmFirst reads the caller's state, whose
// pointer takes C[2]'s register once D is known (src is ignored), so that
// one parity fewer is carried; bmLast is the call's last round, with no
// parities, stored into the caller's state (dst is ignored).
func bmRound(c *build.Context, f bmFrame, src, dst Mem, kind bmKind) {
	bmTheta(c)
	last, carries := kind == bmLast, bmCarried
	rc := Mem{Base: bmB[4]}
	switch kind {
	case bmFirst:
		src, carries = Mem{Base: bmC[2]}, 2
		c.Load(c.Param("a"), src.Base)
	case bmLast:
		// C is spent (D holds what it said): its registers hold the
		// caller's state pointer and the round-constant pointer.
		dst, rc = Mem{Base: bmC[2]}, Mem{Base: bmC[0]}
		c.Load(c.Param("a"), dst.Base)
		c.MOVQ(f.rc, rc.Base)
	}
	B := bmB
	for y := range 5 {
		bmPlane(c, src, y)
		// Plane 0 does lane 4 before lane 0, so that B[4]'s register is
		// free for the round-constant pointer; plane 4 goes in order, so
		// that each lane not carried comes after the other two readers of
		// its B and can be computed in place.
		order := []int{2, 3, 4, 1, 0}
		if y == 4 || last {
			order = []int{0, 1, 2, 3, 4}
		}
		for _, x := range order {
			carried := x < carries && !last
			var out Register = bmT
			switch {
			case last:
			case y == 4 && !carried:
				out = B[x]
				c.ANDNQ(B[(x+2)%5], B[(x+1)%5], bmT)
				c.XORQ(bmT, out)
				c.MOVQ(out, bmLane(dst, x, y))
				continue
			case y == 0 && carried:
				out = bmC[x] // plane 0 starts the next parities
			}
			bmChi(c, x, out)
			if x == 0 && y == 0 {
				if !last {
					c.MOVQ(f.rc, rc.Base)
				}
				c.XORQ(rc, out)
				if !last {
					c.ADDQ(U8(8), rc.Base)
					c.MOVQ(rc.Base, f.rc)
				}
			}
			c.MOVQ(out, bmLane(dst, x, y))
			if y != 0 && carried {
				c.XORQ(out, bmC[x])
			}
		}
	}
	if last {
		return
	}
	// Summed apart from plane 4's lane (in registers that chi no longer
	// needs), so that they do not wait for plane 4. A column carried in
	// the next round but not in this one (bmFirst's) ends in its register.
	c.Comment("the parities not carried: planes 0-3, then plane 4's lane")
	for i, t := range []Register{bmT, B[0], B[1]}[:5-carries] {
		x := carries + i
		c.MOVQ(bmLane(dst, x, 0), t)
		for y := 1; y < 4; y++ {
			c.XORQ(bmLane(dst, x, y), t)
		}
		if x < bmCarried {
			c.XORQ(B[x], t)
			c.MOVQ(t, bmC[x])
		} else {
			c.XORQ(t, bmC[x])
		}
	}
}

// The kinds of round bmRound emits.
type bmKind int

const (
	bmInner bmKind = iota // from the frame to the frame
	bmFirst               // from the caller's state to the frame
	bmLast                // from the frame to the caller's state
)

// bmTheta sets the theta offsets D from the parities C.
func bmTheta(c *build.Context) {
	c.Comment("theta: D[x] = C[x-1] ^ (C[x+1] <<< 1)")
	for x := range 5 {
		c.RORXQ(U8(63), bmC[(x+1)%5], bmD[x])
		c.XORQ(bmC[(x+4)%5], bmD[x])
	}
}

// bmPlane loads plane y of B: each lane of src that rho and pi move there,
// XORed with its D and rotated.
func bmPlane(c *build.Context, src Mem, y int) {
	c.Commentf("plane %d", y)
	for x := range 5 {
		sx, sy := piSource(x, y)
		c.MOVQ(bmLane(src, sx, sy), bmB[x])
		c.XORQ(bmD[sx], bmB[x])
		if r := rotations[sx][sy]; r != 0 {
			c.RORXQ(U8(64-r), bmB[x], bmB[x])
		}
	}
}

// bmChi sets out to lane x of the plane in B after chi.
func bmChi(c *build.Context, x int, out Register) {
	c.ANDNQ(bmB[(x+2)%5], bmB[(x+1)%5], out) // ^B[x+1] & B[x+2]
	c.XORQ(bmB[x], out)
}

// bmLoop emits the loop of rounds from f.rc to f.end, two an iteration,
// from f.st to f.s and back, with the state and its parities C in their
// places: it is entered at label_second with the state in f.s, or at
// label_check with it in f.st, and leaves it in f.st.
func bmLoop(c *build.Context, f bmFrame, label string) {
	c.Label(label + "_loop")
	bmRound(c, f, f.st, f.s, bmInner)
	c.Label(label + "_second")
	bmRound(c, f, f.s, f.st, bmInner)
	c.Label(label + "_check")
	c.MOVQ(f.rc, bmT)
	c.CMPQ(bmT, f.end)
	c.JNE(LabelRef(label + "_loop"))
}

// bmCopy copies the 200-byte state from src to dst, 16 bytes a move.
func bmCopy(c *build.Context, src, dst Mem) {
	for i := 0; i < 192; i += 16 {
		c.MOVUPS(src.Offset(i), X0)
		c.MOVUPS(X0, dst.Offset(i))
	}
	c.MOVQ(src.Offset(192), bmT)
	c.MOVQ(bmT, dst.Offset(192))
}

// bmSetup loads the caller's state pointer into bmP and the round range
// for nr (clobbered).
func bmSetup(c *build.Context, f bmFrame, rc Mem, nr Register) {
	c.MOVQ(nr, f.n)
	roundRange(c, rc, 8, nr, bmT, bmB[1])
	c.MOVQ(bmT, f.rc)
	c.MOVQ(bmB[1], f.end)
	c.Load(c.Param("a"), bmP)
}

func permuteFunc(c *build.Context, rc Mem) {
	oneStatePermute(c, "keccakP1600BMI2", "in Go assembly with BMI2 (ANDN, RORX)")
	bmPermute(c, rc)
}

// bmPermute is the permutation kernel's body: the parities summed from
// the caller's state, the first round from it into the frame (into the
// copy from which the rest end in f.st), the rounds in the frame, and the
// last into the caller's state. A single round, which would overwrite
// lanes it still reads, runs on a copy made as the parities are summed.
// With nr = 0 it leaves the state alone.
func bmPermute(c *build.Context, rc Mem) {
	f := newBmFrame(c)
	nr := c.Load(c.Param("nr"), RCX)
	c.TESTQ(nr, nr)
	c.JZ(LabelRef("permute_none"))
	bmSetup(c, f, rc, nr)
	c.SUBQ(U8(8), f.end) // the last round is apart
	c.DECQ(f.n)          // the rounds before it
	c.CMPQ(f.n, U8(0))
	c.JNE(LabelRef("permute_first"))
	bmEnter(c, Mem{Base: bmP}, f.st, true)
	c.JMP(LabelRef("permute_last"))
	c.Label("permute_first")
	bmEnter(c, Mem{Base: bmP}, Mem{}, false)
	c.TESTQ(U32(1), f.n)
	c.JNZ(LabelRef("permute_odd"))
	bmRound(c, f, Mem{}, f.s, bmFirst)
	c.JMP(LabelRef("permute_second"))
	c.Label("permute_odd")
	bmRound(c, f, Mem{}, f.st, bmFirst)
	c.JMP(LabelRef("permute_check"))
	bmLoop(c, f, "permute")
	c.Label("permute_last")
	bmRound(c, f, f.st, Mem{}, bmLast)
	c.Label("permute_none")
	c.RET()
}

// digestFunc emits keccakP1600BMI2Digest: a Sum's last permutation from a
// state left as it is, and with a whole block pending, both of its last
// permutations and the padding between them in one call. The parities of
// the state are summed at entry and the first round reads it where it is
// (bmFirst; a single round, the last, does too). The rounds alternate
// between the copies with a check before each: the end of the round
// constants is, with a block pending, the padding's point the first time
// (bmPad, into the copy that then holds the state), and the last round's,
// which computes plane 0 alone into out. One call instead of two saves a
// return and a reload of the state between the permutations, and the last
// round writes the digest's bytes itself.
func digestFunc(c *build.Context, rc Mem) {
	name := "keccakP1600BMI2Digest"
	c.Function(name)
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, out []byte, ds uint64, last int, column int, nr int)")
	c.Doc(name+" sets out (at most 40 bytes) to the first bytes of a",
		"permuted with the last nr (1..24) rounds of Keccak-f[1600], for a",
		"padded state (ds = 0). With ds != 0, a holds a whole block not yet",
		"permuted: it is permuted first, then ds is XORed into lane 0 and",
		"pad10*1's last bit into lane last (the rate's last, in this column).",
		"It does not write a.")
	c.Pragma("noescape")
	f := newBmFrame(c)
	start, padded := c.AllocLocal(8), c.AllocLocal(8)
	bmSetup(c, f, rc, c.Load(c.Param("nr"), RCX))
	c.MOVQ(f.rc, bmT)
	c.MOVQ(bmT, start)
	c.MOVQ(U32(0), padded)
	bmEnter(c, Mem{Base: bmP}, Mem{}, false)
	c.Load(c.Param("ds"), bmT)
	c.TESTQ(bmT, bmT)
	c.JNZ(LabelRef("digest_first"))
	c.MOVQ(U32(1), padded)
	c.SUBQ(U8(8), f.end) // the last round is apart
	c.MOVQ(f.rc, bmT)
	c.CMPQ(bmT, f.end)
	c.JE(LabelRef("digest_last_a"))
	c.Label("digest_first")
	bmRound(c, f, Mem{}, f.s, bmFirst)
	c.JMP(LabelRef("digest_s"))
	// digest_X is the check before the next round from copy X,
	// digest_end_X and digest_last_X where the constants end with the
	// state in X.
	copies := []struct {
		state Mem
		name  string
	}{{f.st, "st"}, {f.s, "s"}}
	for i, from := range copies {
		c.Label("digest_" + from.name)
		c.MOVQ(f.rc, bmT)
		c.CMPQ(bmT, f.end)
		c.JE(LabelRef("digest_end_" + from.name))
		bmRound(c, f, from.state, copies[1-i].state, bmInner)
	}
	c.JMP(LabelRef("digest_st"))
	for _, at := range copies {
		c.Label("digest_end_" + at.name)
		c.CMPQ(padded, U8(0))
		c.JNE(LabelRef("digest_last_" + at.name))
		bmPad(c, at.state)
		c.MOVQ(U32(1), padded)
		c.MOVQ(start, bmT)
		c.MOVQ(bmT, f.rc)
		c.SUBQ(U8(8), f.end)
		c.JMP(LabelRef("digest_" + at.name))
		c.Label("digest_last_" + at.name)
		bmDigestRound(c, f, at.state)
	}
	c.Label("digest_last_a") // one round, from a padded state
	bmDigestRound(c, f, Mem{})
	bmDigestTail(c)
}

// bmDigestRound is the digest kernel's last round: plane 0 alone, written
// into out as bytes, whole lanes first (at most 40 bytes). With a zero src
// it reads the caller's state, through bmT until chi needs it.
func bmDigestRound(c *build.Context, f bmFrame, src Mem) {
	bmTheta(c)
	p, n, rc := Mem{Base: bmC[2]}, bmC[1], Mem{Base: bmC[0]} // C is spent
	c.Load(c.Param("out").Base(), p.Base)
	c.Load(c.Param("out").Len(), n)
	c.MOVQ(f.rc, rc.Base)
	if src.Base == nil {
		src = Mem{Base: bmT}
		c.Load(c.Param("a"), src.Base)
	}
	bmPlane(c, src, 0)
	for x := range 5 {
		bmChi(c, x, bmT)
		if x == 0 {
			c.XORQ(rc, bmT)
		}
		c.CMPQ(n, U8(8))
		c.JB(LabelRef("digest_tail"))
		c.MOVQ(bmT, p)
		c.ADDQ(U8(8), p.Base)
		c.SUBQ(U8(8), n)
	}
	c.RET()
}

// bmDigestTail writes the last n < 8 bytes of out from the lane in bmT.
func bmDigestTail(c *build.Context) {
	p, n := Mem{Base: bmC[2]}, bmC[1]
	c.Label("digest_tail")
	c.TESTQ(n, n)
	c.JZ(LabelRef("digest_done"))
	c.Label("digest_byte")
	c.MOVB(AL, p)
	c.SHRQ(U8(8), bmT)
	c.INCQ(p.Base)
	c.DECQ(n)
	c.JNZ(LabelRef("digest_byte"))
	c.Label("digest_done")
	c.RET()
}

// bmPad XORs the padding after a pending block into the state copy at st
// and into the parities C: ds into lane 0 (column 0), the last bit into
// lane last, whose column is only known at run time, so each parity takes
// it by a conditional move. D's registers are free between rounds.
func bmPad(c *build.Context, st Mem) {
	v, i, t := bmD[0], bmD[1], bmD[2]
	c.Load(c.Param("ds"), v)
	c.XORQ(v, st)
	c.XORQ(v, bmC[0])
	c.Load(c.Param("last"), i)
	c.MOVQ(U64(1<<63), v)
	c.XORQ(v, st.Idx(i, 8))
	c.Load(c.Param("column"), i)
	for x := range 5 {
		c.MOVQ(bmC[x], t)
		c.XORQ(v, t)
		c.CMPQ(i, U8(x))
		c.CMOVQEQ(t, bmC[x])
	}
}

func absorbFunc(c *build.Context, rc Mem) {
	oneStateAbsorb(c, "absorbBlocksBMI2")
	f := newBmFrame(c)
	start, pos, rem := c.AllocLocal(8), c.AllocLocal(8), c.AllocLocal(8)
	bmSetup(c, f, rc, c.Load(c.Param("nr"), RCX))
	bmCopy(c, Mem{Base: bmP}, f.st)
	c.MOVQ(f.rc, bmT)
	c.MOVQ(bmT, start)
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
	c.XORQ(bmT, f.st.Idx(i, 1))
	c.ADDQ(U8(8), i)
	c.CMPQ(i, rate)
	c.JB(LabelRef("lanes"))
	c.ADDQ(rate, p)
	c.SUBQ(rate, n)
	c.MOVQ(p, pos)
	c.MOVQ(n, rem)
	c.MOVQ(start, bmT)
	c.MOVQ(bmT, f.rc)
	c.TESTQ(U32(1), f.n)
	c.JZ(LabelRef("absorb_even"))
	bmEnter(c, f.st, f.s, true)
	c.JMP(LabelRef("absorb_second"))
	c.Label("absorb_even")
	bmEnter(c, f.st, Mem{}, false)
	c.JMP(LabelRef("absorb_check"))
	bmLoop(c, f, "absorb")
	c.MOVQ(pos, p)
	c.MOVQ(rem, n)
	c.Load(c.Param("rate"), rate)
	c.JMP(LabelRef("block"))
	c.Label("end")
	c.Load(c.Param("a"), p) // the blocks are done with
	bmCopy(c, f.st, Mem{Base: p})
	c.Load(c.Param("p").Len(), bmT)
	c.SUBQ(n, bmT)
	c.Store(bmT, c.ReturnIndex(0))
	c.RET()
}
