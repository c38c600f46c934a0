// Command asm-amd64 generates the engine's Go-assembly Keccak-p[1600]
// kernels for amd64 (internal/engine/keccakp_amd64.s and its Go
// declarations, keccakp_amd64.go): one-state kernels with BMI2 (bmi2.go)
// and with AVX-512VL (lanes.go), four-state kernels for AVX2 (x4.go) and
// for AVX-512VL on YMM registers (x4vl.go), and an eight-state kernel on
// ZMM registers (x8.go). It lives in its own module so that the
// library's users never download avo. Run it from this folder:
//
//	go run .                      # rewrites the two files in internal/engine
//	go run . -dir /tmp/x          # writes them elsewhere (make test-gen-asm-amd64 compares)
//
// The BMI2 kernel works a round at a time with every register holding
// round data: the theta offsets D, the five lanes of a plane (each loaded,
// XORed with D and rotated with RORX, then chi with ANDN) and the next
// round's column parities, which chi's outputs are XORed into as they are
// stored, so that a round starts without loads. The first round reads the
// caller's state (its pointer in a parity's register), the rounds after it
// alternate between two copies on the stack (addressed from SP, so no
// register holds a state pointer), and the last round, which needs no
// parities, stores into the caller's state. ANDN already makes chi two
// instructions a lane, so lane complementing (which saves NOTs on CPUs
// without ANDN) has nothing left to save and is not used. A second entry
// point does a digest's work in one call: the pending block's
// permutation, the padding, and a permutation whose last round computes
// plane 0 alone (40 bytes), from a state it leaves as it is.
//
// The AVX-512 one-state kernel (lanes.go) holds each lane in an XMM
// register of its own for the whole call, and does each lane step in one
// VPTERNLOGQ or VPROLQ; pi costs nothing (the generator renames), and
// register moves after every second round put the lanes back.
//
// The 8-way kernel (x8.go) is the same round code on ZMM registers (one
// emitter, given the register set): register i holds lane i of eight
// states, so a round does the work of eight one-state rounds in as many
// instructions, and the states never leave the registers during a call,
// nor between an absorb's blocks. That is how the fastest C for AVX-512
// runs KangarooTwelve's leaves. The states come in and go out through
// in-register transposes, and so does an absorb's input, from the eight
// slices four lanes at a time (measured faster than gathers and scatters;
// gathers take only the lanes past the last whole four).
//
// The AVX2 kernel runs the same rounds on four states at once: it
// transposes them at entry into a lane-major buffer on the stack (lane i
// of the four states in one 32-byte slot), alternates between two such
// buffers, and transposes back at exit. Chi's outputs are XORed into the
// next round's column parities as they are stored, so theta loads nothing.
// AVX2 has no vector rotate, so rho is two shifts and an OR, except the
// rotations by 8 and 56, which are one byte shuffle. Its absorb keeps the
// state interleaved (and the parities in registers) across all blocks and
// gathers each block's lanes from the four inputs two at a time.
//
// The AVX-512 4-way kernel (x4vl.go) is the same round code again, on YMM
// registers (AVX-512VL has 32): lane i of four states in register i, the
// states in registers for a whole call and across an absorb's blocks, in
// and out by transposes two lanes at a time. It replaced the AVX2 code
// with AVX-512 arithmetic, which kept the states in memory: on an Intel
// Xeon (family 6 model 207) 12 rounds of four states take 155 ns, not
// 203, and an absorb's block of four at rate 168 146 ns, not 197.
package main

import (
	"flag"
	"fmt"
	"log"
	"math/bits"
	"os"
	"path/filepath"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/pass"
	"github.com/mmcloughlin/avo/printer"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	dir := flag.String("dir", "../../internal/engine", "folder to write keccakp_amd64.s and keccakp_amd64.go into")
	flag.Parse()

	c := build.NewContext()
	c.ConstraintExpr("amd64,!purego")
	rc := roundConstantTable(c)
	permuteFunc(c, rc)
	digestFunc(c, rc)
	absorbFunc(c, rc)
	masks := x4RotateMasks(c)
	rc4 := x4RoundConstantTable(c)
	rc16 := lnRoundConstants(c)
	permuteLanesFunc(c, rc16)
	absorbLanesFunc(c, rc16)
	permute4Func(c, rc4, masks)
	absorb4Func(c, rc4, masks)
	permute4VLFunc(c, "keccakP1600x4AVX512", rc)
	absorb4VLFunc(c, "absorb4AVX512", rc)
	index := x8IndexTable(c)
	permute8Func(c, rc, index)
	absorb8Func(c, rc, index)

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

// piSource is the lane (x', y') of the state that rho and pi move to B[x][y]:
// y' = x and 2x'+3y' = y (mod 5), so x' = 3(y-3x) mod 5.
func piSource(x, y int) (sx, sy int) { return ((3*(y-3*x))%5 + 5) % 5, x }

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

// roundRange points r at the entry of RC[24-nr] and end at that of RC[24]
// in a round-constant table of stride bytes an entry (a power of two, 8 or
// more); nr is clobbered. The rounds run from r to end.
func roundRange(c *build.Context, rc Mem, stride int, nr, r, end reg.Register) {
	c.LEAQ(rc, end)
	c.ADDQ(U32(stride*24), end)
	c.NEGQ(nr)
	if stride > 8 {
		c.SHLQ(U8(bits.TrailingZeros(uint(stride/8))), nr)
	}
	c.LEAQ(Mem{Base: end, Index: nr, Scale: 8}, r)
}

func roundConstantTable(c *build.Context) Mem {
	table := c.StaticGlobal("roundConstants")
	c.DataAttributes(attr.RODATA | attr.NOPTR)
	for i, v := range roundConstants() {
		c.AddDatum(8*i, U64(v))
	}
	return table
}

// oneStatePermute declares the one-state permutation kernel name; how says
// with what, for its doc comment.
func oneStatePermute(c *build.Context, name, how string) {
	c.Function(name)
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, nr int)")
	c.Doc(name+" applies the last nr (0..24) rounds of Keccak-f[1600]",
		"to a, "+how+".")
	c.Pragma("noescape")
}

// multiStatePermute declares the permutation kernel name for n states
// ("four", "eight"); attrs are its attributes (NOSPLIT unless it has a
// frame) and how says with what, for its doc comment: the text after
// "to each of the n states, ", in lines, without the final period.
func multiStatePermute(c *build.Context, name, n string, attrs attr.Attribute, how ...string) {
	c.Function(name)
	c.Attributes(attrs)
	c.SignatureExpr(fmt.Sprintf("func(a *[%d][25]uint64, nr int)", count[n]))
	how[0] = "to each of the " + n + " states, " + how[0]
	how[len(how)-1] += "."
	c.Doc(append([]string{name + " applies the last nr (0..24) rounds of Keccak-f[1600]"}, how...)...)
	c.Pragma("noescape")
}

// multiStateAbsorb declares the whole-block absorb kernel name for n
// states; needs, if not empty, says what the CPU needs.
func multiStateAbsorb(c *build.Context, name, n, needs string, attrs attr.Attribute) {
	c.Function(name)
	c.Attributes(attrs)
	c.SignatureExpr(fmt.Sprintf("func(a *[%d][25]uint64, p *[%[1]d][]byte, rate int, nr int) int", count[n]))
	doc := []string{name + ": for each whole rate-byte block j of the " + n + " slices (all of",
		"length len(p[0]); rate a nonzero multiple of 8, at most 200), XOR block j",
		"of p[i] into a[i] for each i and apply the last nr rounds to all " + n + ";",
		"it returns the bytes consumed from each slice (a multiple of rate)."}
	if needs != "" {
		doc = append(doc, "It needs "+needs+".")
	}
	c.Doc(doc...)
	c.Pragma("noescape")
}

// count is the number of states a multi-state kernel's doc names.
var count = map[string]int{"four": 4, "eight": 8}

// oneStateAbsorb declares the one-state whole-block absorb kernel name.
func oneStateAbsorb(c *build.Context, name string) {
	c.Function(name)
	c.Attributes(attr.NOSPLIT)
	c.SignatureExpr("func(a *[25]uint64, p []byte, rate int, nr int) int")
	c.Doc(name+" XORs each whole rate-byte block of p (rate a",
		"nonzero multiple of 8, at most 200) into a and applies the last nr",
		"rounds of Keccak-f[1600] after each; it returns the bytes consumed.")
	c.Pragma("noescape")
}
