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

// lnReg are the vector registers; lane i lives in lnReg[i] between rounds
// and the other seven are temporaries.
var lnReg = [32]VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13,
	X14, X15, X16, X17, X18, X19, X20, X21, X22, X23, X24, X25, X26, X27, X28, X29, X30, X31}

// lnR points at the next round constant.
var lnR = RSI

// lnMap tracks, while a round is emitted, which register holds each lane
// and which registers are free.
type lnMap struct {
	at   [25]int // lane -> register
	free []int
}

func newLnMap() *lnMap {
	m := &lnMap{}
	for i := range m.at {
		m.at[i] = i
	}
	for r := 25; r < 32; r++ {
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

func (m *lnMap) lane(x, y int) VecPhysical { return lnReg[m.at[x+5*y]] }

// lnRound emits one round on the lanes in m's registers, XORing in the
// round constant at lnR (16 bytes a round) and advancing lnR; m then
// says where the round left each lane.
func lnRound(c *build.Context, m *lnMap) {
	c.Comment("theta: lane ^= C[x-1] ^ (C[x+1] <<< 1), both in one VPTERNLOGQ")
	var C [5]int
	for x := range 5 {
		C[x] = m.take()
		c.VMOVDQA64(m.lane(x, 0), lnReg[C[x]])
		c.VPTERNLOGQ(U8(0x96), m.lane(x, 2), m.lane(x, 1), lnReg[C[x]])
		c.VPTERNLOGQ(U8(0x96), m.lane(x, 4), m.lane(x, 3), lnReg[C[x]])
	}
	t := m.take()
	for x := range 5 {
		c.VPROLQ(U8(1), lnReg[C[(x+1)%5]], lnReg[t])
		for y := range 5 {
			c.VPTERNLOGQ(U8(0x96), lnReg[t], lnReg[C[(x+4)%5]], m.lane(x, y))
		}
	}
	m.give(t)
	for _, r := range C {
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
		c.VMOVDQA64(lnReg[p[0]], lnReg[out[0]])
		c.VMOVDQA64(lnReg[p[1]], lnReg[out[1]])
		for x := range 5 {
			// out[x] = B[x] ^ (^B[x+1] & B[x+2]); out[x] already holds B[x].
			c.VPTERNLOGQ(U8(0xd2), lnReg[p[(x+2)%5]], lnReg[p[(x+1)%5]], lnReg[out[x]])
		}
		m.give(p[0])
		m.give(p[1])
		for x := range 5 {
			m.at[x+5*y] = out[x]
		}
	}
	c.VPXORQ(Mem{Base: lnR}, m.lane(0, 0), m.lane(0, 0))
	c.ADDQ(U8(16), lnR)
}

// lnRestore moves every lane from where m has it to where to has it,
// using a free register to break the cycles of the permutation; m is then
// to.
func lnRestore(c *build.Context, m, to *lnMap) {
	owner := map[int]int{} // register -> lane
	for l, r := range m.at {
		owner[r] = l
	}
	move := func(l, to int) {
		delete(owner, m.at[l])
		c.VMOVDQA64(lnReg[m.at[l]], lnReg[to])
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
					for r := range lnReg {
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

// lnRounds emits the round loop from lnR to end, two rounds an
// iteration with the lanes moved back to their own registers after the
// second. For an odd round count (nr, in memory) the lanes move first to
// where the first round leaves them, and the loop enters at its second.
func lnRounds(c *build.Context, end Register, nr Mem, label string) {
	m := newLnMap()
	c.CMPQ(lnR, end)
	c.JE(LabelRef(label + "_done"))
	c.TESTQ(U32(1), nr)
	c.JZ(LabelRef(label + "_loop"))
	first := newLnMap()
	lnRound(build.NewContext(), first) // emitted nowhere: only to learn where it leaves the lanes
	lnRestore(c, newLnMap(), first)
	c.JMP(LabelRef(label + "_second"))
	c.Label(label + "_loop")
	lnRound(c, m)
	c.Label(label + "_second")
	lnRound(c, m)
	lnRestore(c, m, newLnMap())
	c.CMPQ(lnR, end)
	c.JNE(LabelRef(label + "_loop"))
	c.Label(label + "_done")
}

func lnLoad(c *build.Context, a Register) {
	for i := range 25 {
		c.VMOVQ(Mem{Base: a, Disp: 8 * i}, lnReg[i])
	}
}

func lnStore(c *build.Context, a Register) {
	for i := range 25 {
		c.VMOVQ(lnReg[i], Mem{Base: a, Disp: 8 * i})
	}
}

func permuteLanesFunc(c *build.Context, rc Mem) {
	oneStatePermute(c, "keccakP1600AVX512", "with AVX-512VL (each lane in a register of its own)")
	a, end := RDI, RDX
	c.Load(c.Param("a"), a)
	nr := c.Load(c.Param("nr"), RCX)
	roundRange(c, rc, 16, nr, lnR, end)
	lnLoad(c, a)
	lnRounds(c, end, paramMem(c, "nr"), "permute")
	lnStore(c, a)
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
	t := lnReg[31]
	c.Label("block")
	c.CMPQ(n, rate)
	c.JB(LabelRef("end"))
	for i := range 25 {
		c.CMPQ(rate, U32(8*(i+1)))
		c.JB(LabelRef("xored"))
		c.VMOVQ(Mem{Base: p, Disp: 8 * i}, t)
		c.VPXORQ(t, lnReg[i], lnReg[i])
	}
	c.Label("xored")
	c.ADDQ(rate, p)
	c.SUBQ(rate, n)
	c.MOVQ(start, lnR)
	lnRounds(c, end, paramMem(c, "nr"), "absorb")
	c.JMP(LabelRef("block"))
	c.Label("end")
	lnStore(c, a)
	c.Load(c.Param("p").Len(), RAX)
	c.SUBQ(n, RAX)
	c.Store(RAX, c.ReturnIndex(0))
	c.VZEROUPPER()
	c.RET()
}
