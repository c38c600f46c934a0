package main

import (
	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX-512 one-state kernel keeps each of the 25 lanes in the low half
// of an XMM register of its own (AVX-512 has 32), so a round touches no
// memory but its round constant, and uses the two instructions that make a
// lane step one instruction: VPTERNLOGQ (a three-input XOR, or chi's
// a ^ (~b & c)) and VPROLQ (a rotate). A round is 90 such instructions:
//
//   - theta: each column's parity in two VPTERNLOGQ, then per column one
//     VPROLQ of the next parity and a VPTERNLOGQ per lane that XORs in
//     both parities at once;
//   - rho: one VPROLQ per lane;
//   - pi: nothing: the generator renames the registers;
//   - chi: one VPTERNLOGQ per lane, in place but for the first two lanes of
//     each plane, which go to free registers (the other three still read
//     the first two's inputs);
//   - iota: one VPXORQ.
//
// After every second round register moves (which the CPU renames, no
// execution) put lane i back into register i, so one pair of rounds of
// code serves every round count.

// lnSet is a register set the lane rounds run on: lane i lives in reg[i]
// between rounds, and temps of the registers after the 25 lanes are the
// rounds' temporaries (the others are the caller's). With XMM registers
// it is the one-state kernel; with ZMM registers, whose eight quadwords
// hold the same lane of eight states, the 8-way kernel (x8.go); with YMM
// registers (AVX-512VL), four quadwords, the 4-way kernel (x4vl.go).
type lnSet struct {
	reg   [32]VecPhysical
	temps int
	// rcStride is the bytes a round constant takes in the table iota reads:
	// 16 (the constant in the low half, one VPXORQ from memory) or 8 (one
	// VPXORQ with the constant broadcast to every quadword).
	rcStride int
}

var (
	lnX = lnSet{[32]VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13,
		X14, X15, X16, X17, X18, X19, X20, X21, X22, X23, X24, X25, X26, X27, X28, X29, X30, X31}, 7, 16}
	lnZ = lnSet{[32]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13,
		Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}, 6, 8}
	lnY = lnSet{[32]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13,
		Y14, Y15, Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}, 6, 8}
)

// lnR points at the next round constant.
var lnR = RSI

// lnMap tracks, while a round is emitted, which register holds each lane
// and which registers are free.
type lnMap struct {
	s    *lnSet
	at   [25]int // lane -> register
	free []int
}

func newLnMap(s *lnSet) *lnMap {
	m := &lnMap{s: s}
	for i := range m.at {
		m.at[i] = i
	}
	for r := 25; r < 25+s.temps; r++ {
		m.free = append(m.free, r)
	}
	return m
}

func (m *lnMap) take() int {
	r := m.free[len(m.free)-1]
	m.free = m.free[:len(m.free)-1]
	return r
}

func (m *lnMap) give(r int) { m.free = append(m.free, r) }

func (m *lnMap) reg(r int) VecPhysical { return m.s.reg[r] }

func (m *lnMap) lane(x, y int) VecPhysical { return m.reg(m.at[x+5*y]) }

// lnRound emits one round on the lanes in m's registers, XORing in the
// round constant at lnR and advancing lnR; m then says where the round
// left each lane.
func lnRound(c *build.Context, m *lnMap) {
	c.Comment("theta: lane ^= C[x-1] ^ (C[x+1] <<< 1), both in one VPTERNLOGQ")
	var C [5]VecPhysical
	var cr [5]int
	for x := range 5 {
		cr[x] = m.take()
		C[x] = m.reg(cr[x])
		c.VMOVDQA64(m.lane(x, 0), C[x])
		c.VPTERNLOGQ(U8(0x96), m.lane(x, 2), m.lane(x, 1), C[x])
		c.VPTERNLOGQ(U8(0x96), m.lane(x, 4), m.lane(x, 3), C[x])
	}
	t := m.take()
	for x := range 5 {
		c.VPROLQ(U8(1), C[(x+1)%5], m.reg(t))
		for y := range 5 {
			c.VPTERNLOGQ(U8(0x96), m.reg(t), C[(x+4)%5], m.lane(x, y))
		}
	}
	m.give(t)
	for _, r := range cr {
		m.give(r)
	}
	c.Comment("rho")
	for y := range 5 {
		for x := range 5 {
			if r := rotations[x][y]; r != 0 {
				c.VPROLQ(U8(r), m.lane(x, y), m.lane(x, y))
			}
		}
	}
	// pi: B[x][y] is the register of the lane piSource(x, y).
	var b [25]int
	for y := range 5 {
		for x := range 5 {
			sx, sy := piSource(x, y)
			b[x+5*y] = m.at[sx+5*sy]
		}
	}
	c.Comment("chi (pi is a renaming), then iota")
	for y := range 5 {
		p := b[5*y : 5*y+5]
		out := [5]int{m.take(), m.take(), p[2], p[3], p[4]}
		c.VMOVDQA64(m.reg(p[0]), m.reg(out[0]))
		c.VMOVDQA64(m.reg(p[1]), m.reg(out[1]))
		for x := range 5 {
			// out[x] = B[x] ^ (^B[x+1] & B[x+2]); out[x] already holds B[x].
			c.VPTERNLOGQ(U8(0xd2), m.reg(p[(x+2)%5]), m.reg(p[(x+1)%5]), m.reg(out[x]))
		}
		m.give(p[0])
		m.give(p[1])
		for x := range 5 {
			m.at[x+5*y] = out[x]
		}
	}
	if m.s.rcStride == 8 {
		c.VPXORQ_BCST(Mem{Base: lnR}, m.lane(0, 0), m.lane(0, 0))
	} else {
		c.VPXORQ(Mem{Base: lnR}, m.lane(0, 0), m.lane(0, 0))
	}
	c.ADDQ(U8(m.s.rcStride), lnR)
}

// lnRestore moves every lane from where m has it to where to has it,
// using a register neither holds a lane in nor the caller keeps to break
// the cycles of the permutation; m is then to.
func lnRestore(c *build.Context, m, to *lnMap) {
	owner := map[int]int{} // register -> lane
	for l, r := range m.at {
		owner[r] = l
	}
	move := func(l, to int) {
		delete(owner, m.at[l])
		c.VMOVDQA64(m.reg(m.at[l]), m.reg(to))
		m.at[l] = to
		owner[to] = l
	}
	for {
		done, moved := true, false
		for l := range m.at {
			if m.at[l] == to.at[l] {
				continue
			}
			done = false
			if _, busy := owner[to.at[l]]; !busy {
				move(l, to.at[l])
				moved = true
			}
		}
		if done {
			break
		}
		if !moved { // only cycles are left: park one lane in a free register
			for l := range m.at {
				if m.at[l] != to.at[l] {
					t := -1
					for r := range 25 + m.s.temps {
						if _, busy := owner[r]; !busy && t < 0 {
							t = r
						}
					}
					move(owner[to.at[l]], t)
					break
				}
			}
		}
	}
	m.free = append(m.free[:0], to.free...)
}

// lnRoundConstants emits roundConstants16: each RC in the low half of 16
// bytes, so that iota is one VPXORQ from memory.
func lnRoundConstants(c *build.Context) Mem {
	table := c.StaticGlobal("roundConstants16")
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for i, v := range roundConstants() {
		c.AddDatum(16*i, U64(v))
		c.AddDatum(16*i+8, U64(0))
	}
	return table
}

// lnRounds emits the round loop on the lanes of s from lnR to end, two
// rounds an iteration with the lanes moved back to their own registers
// after the second. For an odd round count (nr, in memory) the lanes move
// first to where the first round leaves them, and the loop enters at its
// second.
func lnRounds(c *build.Context, s *lnSet, end Register, nr Mem, label string) {
	m := newLnMap(s)
	c.CMPQ(lnR, end)
	c.JE(LabelRef(label + "_done"))
	c.TESTQ(U32(1), nr)
	c.JZ(LabelRef(label + "_loop"))
	first := newLnMap(s)
	lnRound(build.NewContext(), first) // emitted nowhere: only to learn where it leaves the lanes
	lnRestore(c, newLnMap(s), first)
	c.JMP(LabelRef(label + "_second"))
	c.Label(label + "_loop")
	lnRound(c, m)
	c.Label(label + "_second")
	lnRound(c, m)
	lnRestore(c, m, newLnMap(s))
	c.CMPQ(lnR, end)
	c.JNE(LabelRef(label + "_loop"))
	c.Label(label + "_done")
}

func lnLoad(c *build.Context, a Register) {
	for i := range 25 {
		c.VMOVQ(Mem{Base: a, Disp: 8 * i}, lnX.reg[i])
	}
}

func lnStore(c *build.Context, a Register) {
	for i := range 25 {
		c.VMOVQ(lnX.reg[i], Mem{Base: a, Disp: 8 * i})
	}
}

func permuteLanesFunc(c *build.Context, rc Mem) {
	oneStatePermute(c, "keccakP1600AVX512", "with AVX-512VL (each lane in a register of its own)")
	lanePermuteBody(c, rc, 16, &lnX, func(a Register) { lnLoad(c, a) }, func(a Register) { lnStore(c, a) })
}

// lanePermuteBody is the body of a permutation kernel on set s, whose
// round constants are stride bytes apart: load brings the states at a in,
// the rounds run, store writes them back.
func lanePermuteBody(c *build.Context, rc Mem, stride int, s *lnSet, load, store func(a Register)) {
	a, end := RDI, RDX
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), RCX)
	roundRange(c, rc, stride, nr, lnR, end)
	load(a)
	lnRounds(c, s, end, paramMem(c, "nr"), "permute")
	store(a)
	c.VZEROUPPER()
	c.RET()
}

func absorbLanesFunc(c *build.Context, rc Mem) {
	oneStateAbsorb(c, "absorbBlocksAVX512")
	a, end, start := RDI, RDX, R8
	p, n, rate := R10, R11, R12
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), RCX)
	roundRange(c, rc, 16, nr, lnR, end)
	c.MOVQ(lnR, start)
	lnLoad(c, a)
	c.Load(c.Param("p").Base(), p)
	c.Load(c.Param("p").Len(), n)
	c.Load(c.Param("rate"), rate)
	t := lnX.reg[31]
	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	for i := range 25 {
		c.CMPQ(rate, U32(8*(i+1)))
		c.JB(LabelRef("xored"))
		c.VMOVQ(Mem{Base: p, Disp: 8 * i}, t)
		c.VPXORQ(t, lnX.reg[i], lnX.reg[i])
	}
	c.Label("xored")
	c.ADDQ(rate, p)
	c.SUBQ(rate, n)
	c.MOVQ(start, lnR)
	lnRounds(c, &lnX, end, paramMem(c, "nr"), "absorb")
	c.JMP(LabelRef("block"))
	c.Label("end")
	lnStore(c, a)
	c.Load(c.Param("p").Len(), RAX)
	c.SUBQ(n, RAX)
	c.Store(RAX, c.ReturnIndex(0))
	c.VZEROUPPER()
	c.RET()
}

// wideAbsorbEnd ends a wide absorb kernel on set s after its block has
// been XORed in (at label "xored"): the input pointers advance by rate, n
// shrinks by it, the rounds run from start's round constant and the loop
// goes back to "block"; then wideAbsorbReturn.
func wideAbsorbEnd(c *build.Context, s *lnSet, ptr []Register, a, n, rate, start, end Register, store func()) {
	c.Label("xored")
	for _, p := range ptr {
		c.ADDQ(rate, p)
	}
	c.SUBQ(rate, n)
	c.MOVQ(start, lnR)
	lnRounds(c, s, end, paramMem(c, "nr"), "absorb")
	c.JMP(LabelRef("block"))
	wideAbsorbReturn(c, a, n, RAX, store)
}

// wideAbsorbReturn is a wide absorb kernel's label "end": store writes the
// states back to a, and the bytes consumed (p[0]'s length less n) are
// returned, computed in tmp.
func wideAbsorbReturn(c *build.Context, a, n, tmp Register, store func()) {
	c.Label("end")
	c.Load(c.Param("a"), a)
	store()
	c.Load(c.Param("p"), tmp)
	c.MOVQ(Mem{Base: tmp, Disp: 8}, tmp)
	c.SUBQ(n, tmp)
	c.Store(tmp, c.ReturnIndex(0))
	c.VZEROUPPER()
	c.RET()
}
