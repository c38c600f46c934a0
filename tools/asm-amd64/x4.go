package main

import (
	"log"
	"strconv"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 times-4 kernel works on the four states interleaved: slot i (32
// bytes) holds lane i of states 0..3, so one YMM instruction does one lane
// step for all four. The slots live in two 32-byte-aligned stack buffers
// that the rounds alternate between, as the BMI2 kernel does: AVX2's 16
// registers cannot hold the 25 lanes (the AVX-512 4-way kernel, x4vl.go,
// with 32, does).

// x4Buf is the size of one interleaved state.
const x4Buf = 25 * 32

// General registers: the aligned base of the buffers, the round-constant
// pointer, the address of RC[24] and a temporary.
var (
	x4S   = RDI
	x4R   = RSI
	x4End = RDX
	x4T   = RAX
)

// Vector registers of a round: the column parities C, the theta offsets D,
// the plane's B and a temporary. Chi's outputs are XORed into C as they are
// stored, so the next round's theta starts from registers.
var (
	x4C   = [5]VecPhysical{Y0, Y1, Y2, Y3, Y4}
	x4D   = [5]VecPhysical{Y5, Y6, Y7, Y8, Y9}
	x4B   = [5]VecPhysical{Y10, Y11, Y12, Y13, Y14}
	x4Tmp = Y15
)

// x4RotateMasks emits rotateBytes, the VPSHUFB controls that rotate each
// 64-bit lane left by 8 (first 32 bytes) and by 56 (next 32): a whole-byte
// rotation is one shuffle instead of two shifts and an OR (measured a few
// percent faster on Zen 3).
func x4RotateMasks(c *build.Context) Mem {
	m := c.StaticGlobal("rotateBytes")
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for q := range 8 {
		// Output byte j of a lane takes input byte j-1 (rol 8) or j+1
		// (rol 56); the indexes count within a 16-byte half.
		back := 1
		if q >= 4 {
			back = 7
		}
		var v uint64
		for j := range 8 {
			v |= uint64(8*(q%2)+(j+8-back)%8) << (8 * j)
		}
		c.AddDatum(8*q, U64(v))
	}
	return m
}

// x4RoundConstantTable emits roundConstants4: each RC four times, so that
// iota is one VPXOR from memory rather than a broadcast and an XOR.
func x4RoundConstantTable(c *build.Context) Mem {
	table := c.StaticGlobal("roundConstants4")
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for i, v := range roundConstants() {
		for k := range 4 {
			c.AddDatum(32*i+8*k, U64(v))
		}
	}
	return table
}

// x4Slot is lane (x, y) of the interleaved state at offset buf.
func x4Slot(buf, x, y int) Mem { return Mem{Base: x4S, Disp: buf + 32*(x+5*y)} }

// x4Setup aligns x4S in the frame local buf and points x4R at RC[24-nr]
// and x4End at RC[24] in the 32-byte-per-round table rc (nr is clobbered).
func x4Setup(c *build.Context, buf, rc Mem, nr Register) {
	c.LEAQ(buf, x4S)
	c.ADDQ(U8(31), x4S)
	c.ANDQ(I8(-32), x4S)
	roundRange(c, rc, 32, nr, x4R, x4End)
}

// x4Parities leaves in x4C the column parities of the interleaved state at
// base, which the first round needs in registers.
func x4Parities(c *build.Context, base Register) {
	for x := range 5 {
		c.VMOVDQA(Mem{Base: base, Disp: 32 * x}, x4C[x])
		for y := 1; y < 5; y++ {
			c.VPXOR(Mem{Base: base, Disp: 32 * (x + 5*y)}, x4C[x], x4C[x])
		}
	}
}

// x4Round emits one round from the interleaved state at src to dst (stack
// offsets), with the column parities of src in x4C and those of dst left
// there; it XORs in the round constant at x4R and advances x4R.
func x4Round(c *build.Context, src, dst int, masks Mem) {
	C, D, B, T := x4C, x4D, x4B, x4Tmp
	c.Comment("theta: the offsets D[x] = C[x-1] ^ (C[x+1] <<< 1)")
	for x := range 5 {
		c.VPSRLQ(U8(63), C[(x+1)%5], T)
		c.VPADDQ(C[(x+1)%5], C[(x+1)%5], D[x])
		c.VPOR(T, D[x], D[x])
		c.VPXOR(C[(x+4)%5], D[x], D[x])
	}
	for y := range 5 {
		c.Commentf("plane %d: rho and pi into B, then chi and iota", y)
		for x := range 5 {
			sx, sy := piSource(x, y)
			c.VPXOR(x4Slot(src, sx, sy), D[sx], B[x])
			switch r := rotations[sx][sy]; {
			case r == 0:
			case r == 8:
				c.VPSHUFB(masks, B[x], B[x])
			case r == 56:
				c.VPSHUFB(masks.Offset(32), B[x], B[x])
			default:
				c.VPSLLQ(U8(r), B[x], T)
				c.VPSRLQ(U8(64-r), B[x], B[x])
				c.VPOR(T, B[x], B[x])
			}
		}
		for x := range 5 {
			// The first plane starts the new parities; the others add to them.
			out := T
			if y == 0 {
				out = C[x]
			}
			c.VPANDN(B[(x+2)%5], B[(x+1)%5], out) // ^B[x+1] & B[x+2]
			c.VPXOR(B[x], out, out)
			if x == 0 && y == 0 {
				c.VPXOR(Mem{Base: x4R}, out, out)
			}
			c.VMOVDQA(out, x4Slot(dst, x, y))
			if y != 0 {
				c.VPXOR(out, C[x], C[x])
			}
		}
	}
	c.ADDQ(U8(32), x4R)
}

// x4Rounds emits the rounds from x4R to x4End. The state starts in the
// first buffer for an even round count and in the second for an odd one
// (the loop then enters at its second round); it ends in the first.
func x4Rounds(c *build.Context, nr, masks Mem, label string) {
	c.CMPQ(x4R, x4End)
	c.JE(LabelRef(label + "_done"))
	c.TESTQ(U32(1), nr)
	c.JNZ(LabelRef(label + "_second"))
	c.Label(label + "_loop")
	x4Round(c, 0, x4Buf, masks)
	c.Label(label + "_second")
	x4Round(c, x4Buf, 0, masks)
	c.CMPQ(x4R, x4End)
	c.JNE(LabelRef(label + "_loop"))
	c.Label(label + "_done")
}

// A stream is where lane bytes of the four states come from or go to:
// stream(k, d) addresses byte d of the current lane pair of state k.
type stream func(k, d int) Mem

// x4Moves are the instructions the 4-way transposes move halves and
// quadwords with: VEX forms for the AVX2 kernel, EVEX forms, which reach
// registers 16-31, for the AVX-512VL one (x4vl.go), which also reaches the
// high quadword with VMOVHPD, as VPINSRQ and VPEXTRQ need AVX-512DQ there.
type x4Moves struct {
	mov              func(src, dst Op)       // 16 bytes
	insert           func(i, src, y, dst Op) // a 16-byte half into a YMM
	extract          func(i, y, dst Op)      // a 16-byte half out of a YMM
	setHigh, getHigh func(src, dst Op)       // the high quadword of an XMM
}

func x4VEX(c *build.Context) x4Moves {
	return x4Moves{
		mov:     c.VMOVDQU,
		insert:  c.VINSERTI128,
		extract: c.VEXTRACTI128,
		setHigh: func(m, x Op) { c.VPINSRQ(U8(1), m, x, x) },
		getHigh: func(x, m Op) { c.VPEXTRQ(U8(1), x, m) },
	}
}

// x4LoadPair leaves in lo and hi the slots of the two lanes at s(k, 0)
// and s(k, 8). Loading 16 bytes of states 0 and 2 into one register and
// of 1 and 3 into another leaves each slot one unpack away, and the
// inserts from memory do not need the shuffle port.
func x4LoadPair(c *build.Context, f x4Moves, s stream, lo, hi, t0, t1 VecPhysical) {
	f.mov(s(0, 0), t0.AsX())
	f.insert(U8(1), s(2, 0), t0, t0)
	f.mov(s(1, 0), t1.AsX())
	f.insert(U8(1), s(3, 0), t1, t1)
	c.VPUNPCKLQDQ(t1, t0, lo)
	c.VPUNPCKHQDQ(t1, t0, hi)
}

// x4StorePair is the inverse of x4LoadPair.
func x4StorePair(c *build.Context, f x4Moves, s stream, lo, hi, t0, t1 VecPhysical) {
	c.VPUNPCKLQDQ(hi, lo, t0)
	c.VPUNPCKHQDQ(hi, lo, t1)
	f.mov(t0.AsX(), s(0, 0))
	f.extract(U8(1), t0, s(2, 0))
	f.mov(t1.AsX(), s(1, 0))
	f.extract(U8(1), t1, s(3, 0))
}

// x4LoadLane leaves in v the slot of the one lane at s(k, 0).
func x4LoadLane(c *build.Context, f x4Moves, s stream, v, t VecPhysical) {
	c.VMOVQ(s(0, 0), v.AsX())
	f.setHigh(s(1, 0), v.AsX())
	c.VMOVQ(s(2, 0), t.AsX())
	f.setHigh(s(3, 0), t.AsX())
	f.insert(U8(1), t.AsX(), v, v)
}

// x4StoreLane is the inverse of x4LoadLane.
func x4StoreLane(c *build.Context, f x4Moves, s stream, v, t VecPhysical) {
	c.VMOVQ(v.AsX(), s(0, 0))
	f.getHigh(v.AsX(), s(1, 0))
	f.extract(U8(1), v, t.AsX())
	c.VMOVQ(t.AsX(), s(2, 0))
	f.getHigh(t.AsX(), s(3, 0))
}

// x4Planar addresses lane l of the four plain states [4][25]uint64 at a.
func x4Planar(a Register, l int) stream {
	return func(k, d int) Mem { return Mem{Base: a, Disp: 200*k + 8*l + d} }
}

// x4TransposeIn interleaves the four states at a into the buffer at base.
func x4TransposeIn(c *build.Context, a, base Register) {
	slot := func(l int) Mem { return Mem{Base: base, Disp: 32 * l} }
	for l := 0; l < 24; l += 2 {
		x4LoadPair(c, x4VEX(c), x4Planar(a, l), Y0, Y1, Y2, Y3)
		c.VMOVDQA(Y0, slot(l))
		c.VMOVDQA(Y1, slot(l+1))
	}
	x4LoadLane(c, x4VEX(c), x4Planar(a, 24), Y0, Y1)
	c.VMOVDQA(Y0, slot(24))
}

// x4TransposeOut writes the interleaved state in the first buffer back to
// the four states at a.
func x4TransposeOut(c *build.Context, a Register) {
	for l := 0; l < 24; l += 2 {
		c.VMOVDQA(x4Slot(0, l, 0), Y0)
		c.VMOVDQA(x4Slot(0, l+1, 0), Y1)
		x4StorePair(c, x4VEX(c), x4Planar(a, l), Y0, Y1, Y2, Y3)
	}
	c.VMOVDQA(x4Slot(0, 24, 0), Y0)
	x4StoreLane(c, x4VEX(c), x4Planar(a, 24), Y0, Y1)
}

// paramMem is the argument slot of the named parameter, for instructions
// that read it in place.
func paramMem(c *build.Context, name string) Mem {
	b, err := c.Param(name).Resolve()
	if err != nil {
		log.Fatal(err)
	}
	return b.Addr
}

// x4XorLane XORs the block's lane l at in into slot l and its column parity.
func x4XorLane(c *build.Context, in stream, l int) {
	x4LoadLane(c, x4VEX(c), in, x4B[0], x4B[1])
	x4XorSlot(c, x4B[0], l)
}

// x4XorSlot XORs the input lane v into slot l and into its column parity.
func x4XorSlot(c *build.Context, v VecPhysical, l int) {
	c.VPXOR(v, x4C[l%5], x4C[l%5])
	c.VPXOR(x4Slot(0, l, 0), v, v)
	c.VMOVDQA(v, x4Slot(0, l, 0))
}

func itoa(n int) string { return strconv.Itoa(n) }

// x4Frame is the stack of both functions: two interleaved states and
// slack to align them to 32 bytes (Go aligns the frame to 8 only). At
// 1,632 bytes it is past the NOSPLIT limit, so the functions have a normal
// frame and the stack check; they call nothing.
func x4Frame(c *build.Context) Mem { return c.AllocLocal(2*x4Buf + 32) }

func permute4Func(c *build.Context, rc, masks Mem) {
	multiStatePermute(c, "keccakP1600x4AVX2", "four", 0, "with AVX2")
	buf := x4Frame(c)
	a := RBX
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), RCX)
	x4Setup(c, buf, rc, nr)
	c.Comment("Interleave into the buffer the rounds start from: the second for odd nr.")
	c.Load(c.Param("nr"), x4T)
	c.ANDQ(U8(1), x4T)
	c.NEGQ(x4T)
	c.ANDQ(U32(x4Buf), x4T)
	c.ADDQ(x4S, x4T)
	x4TransposeIn(c, a, x4T)
	x4Parities(c, x4T)
	x4Rounds(c, paramMem(c, "nr"), masks, "permute")
	x4TransposeOut(c, a)
	c.VZEROUPPER()
	c.RET()
}

func absorb4Func(c *build.Context, rc, masks Mem) {
	multiStateAbsorb(c, "absorb4AVX2", "four", "", 0)
	buf := x4Frame(c)
	a, start := RBX, RCX
	ptrs := [4]Register{R8, R9, R10, R11}
	n, rate := R12, R13
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), start)
	x4Setup(c, buf, rc, nr)
	c.MOVQ(x4R, start)
	c.Comment("The state stays interleaved in the first buffer across blocks.")
	c.MOVQ(x4S, x4T)
	x4TransposeIn(c, a, x4T)
	c.Load(c.Param("p"), x4T)
	for k, p := range ptrs {
		c.MOVQ(Mem{Base: x4T, Disp: 24 * k}, p)
	}
	c.MOVQ(Mem{Base: x4T, Disp: 8}, n)
	c.Load(c.Param("rate"), rate)

	x4Parities(c, x4S)

	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	c.Comment("XOR the block in, lanes two at a time, unrolled so that each lane's",
		"slot and column are constants: the parities stay in registers.")
	for l := 0; l < 25; l += 2 {
		in := func(k, d int) Mem { return Mem{Base: ptrs[k], Disp: 8*l + d} }
		c.CMPQ(rate, U32(8*(l+1)))
		c.JB(LabelRef("xored"))
		if l == 24 {
			x4XorLane(c, in, l)
			break
		}
		c.CMPQ(rate, U32(8*(l+2)))
		c.JB(LabelRef("lane" + itoa(l)))
		x4LoadPair(c, x4VEX(c), in, x4B[0], x4B[1], x4B[2], x4B[3])
		for j := range 2 {
			x4XorSlot(c, x4B[j], l+j)
		}
	}
	c.JMP(LabelRef("xored"))
	for l := 0; l < 24; l += 2 {
		c.Label("lane" + itoa(l))
		x4XorLane(c, func(k, d int) Mem { return Mem{Base: ptrs[k], Disp: 8*l + d} }, l)
		c.JMP(LabelRef("xored"))
	}
	c.Label("xored")
	for _, p := range ptrs {
		c.ADDQ(rate, p)
	}
	c.SUBQ(rate, n)
	c.MOVQ(start, x4R)
	c.TESTQ(U32(1), paramMem(c, "nr"))
	c.JZ(LabelRef("even"))
	c.Comment("An odd round count starts from the second buffer.")
	for l := range 25 {
		c.VMOVDQA(x4Slot(0, l, 0), x4Tmp)
		c.VMOVDQA(x4Tmp, x4Slot(x4Buf, l, 0))
	}
	c.Label("even")
	x4Rounds(c, paramMem(c, "nr"), masks, "absorb")
	c.JMP(LabelRef("block"))

	wideAbsorbReturn(c, a, n, x4T, func() { x4TransposeOut(c, a) })
}
