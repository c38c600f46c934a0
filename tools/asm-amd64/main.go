// Command asm-amd64 generates the engine's Go-assembly Keccak-p[1600]
// kernel for amd64 with BMI2 (internal/engine/keccakp_amd64.s and its Go
// declarations, keccakp_amd64.go). It lives in its own module so that the
// library's users never download avo. Run it from this folder:
//
//	go run .                      # rewrites the two files in internal/engine
//	go run . -dir /tmp/x          # writes them elsewhere (make test-gen-asm-amd64 compares)
//
// The kernel keeps the state in memory and works a round at a time: the
// column parities C and the theta offsets D in registers, then each output
// plane as five lanes loaded, XORed with D and rotated (RORX), and chi with
// ANDN. Rounds alternate between the caller's state and a copy on the
// stack, so nothing is copied back; an odd round count copies the state
// once and starts with the second round of the pair. ANDN already makes chi
// two instructions a lane, so lane complementing (which saves NOTs on CPUs
// without ANDN) has nothing left to save and is not used.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/pass"
	"github.com/mmcloughlin/avo/printer"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	dir := flag.String("dir", "../../internal/engine", "folder to write keccakp_amd64.s and keccakp_amd64.go into")
	flag.Parse()

	c := build.NewContext()
	c.ConstraintExpr("amd64,!purego")
	rc := roundConstantTable(c)
	permuteFunc(c, rc)
	absorbFunc(c, rc)

	// The header names the command without the output folder, so that
	// output written elsewhere for comparison is the same byte for byte.
	cfg := printer.Config{Argv: []string{"go", "run", "./tools/asm-amd64"}, Pkg: "engine"}
	var passes []pass.Interface
	passes = append(passes, pass.Compile)
	for _, out := range []struct {
		name  string
		print func(printer.Config) printer.Printer
	}{{"keccakp_amd64.s", printer.NewGoAsm}, {"keccakp_amd64.go", printer.NewStubs}} {
		f, err := os.Create(filepath.Join(*dir, out.name))
		if err != nil {
			log.Fatal(err)
		}
		passes = append(passes, &pass.Output{Writer: f, Printer: out.print(cfg)})
	}
	if build.Main(&build.Config{ErrOut: os.Stderr, MaxErrors: 10, Passes: passes}, c) != 0 {
		os.Exit(1)
	}
}

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

// rotations are the rho offsets r[x][y] (FIPS 202, algorithm 2): lane (1,0)
// first, then each next lane (x,y) -> (y, 2x+3y) takes the next triangular
// number mod 64.
var rotations = func() (r [5][5]int) {
	x, y := 1, 0
	for t := range 24 {
		r[x][y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	return r
}()

// roundConstants are RC[0..23] of iota (FIPS 202, algorithms 5 and 6): bit
// 2^j-1 of RC[i] is rc(j+7i), the output of the LFSR x^8+x^6+x^5+x^4+1.
func roundConstants() (rcs [24]uint64) {
	state := uint16(1) // bit k: the register's k-th bit, R[0] first
	next := func() uint64 {
		out := state & 1
		// R = 0 || R; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8]; R[6] ^= R[8]; drop R[8].
		state <<= 1
		if state&0x100 != 0 {
			state ^= 0x100 | 1<<0 | 1<<4 | 1<<5 | 1<<6
		}
		return uint64(out)
	}
	for i := range rcs {
		for j := range 7 {
			rcs[i] |= next() << (1<<j - 1)
		}
	}
	return rcs
}

func roundConstantTable(c *build.Context) Mem {
	table := c.StaticGlobal("roundConstants")
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for i, v := range roundConstants() {
		c.AddDatum(8*i, U64(v))
	}
	return table
}

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
	c.LEAQ(rc, regT)
	c.ADDQ(U32(8*24), regT)
	c.MOVQ(regT, f.end)
	c.NEGQ(nr)
	c.LEAQ(Mem{Base: regT, Index: nr, Scale: 8}, regR)
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
			// pi: B[x][y] comes from A[x'][y'] with y' = x and
			// 2x'+3y' = y (mod 5), so x' = 3(y-3x) mod 5.
			sx, sy := ((3*(y-3*x))%5+5)%5, x
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
