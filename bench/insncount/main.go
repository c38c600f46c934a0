//go:build arm64

// Command insncount runs the cases of the arm64 instruction-count table in
// docs/ARM.md, each between calls of benchStart and benchStop, for the
// tools/qemu-insncount plugin under qemu-aarch64 (run.sh drives it). It
// prints one line per region, "CASE BYTES UNITS" (UNITS: permutations in
// the region), in region order.
//
// Two libraries use their SHA3-instruction code on darwin only; -asm flips
// their switch (with a linkname: build with -ldflags=-checklinkname=0) so
// that Linux QEMU runs it too: crypto/sha3's permutation and circl's
// two-way permutation behind its KT128.
package main

import (
	"crypto/sha3"
	"flag"
	"fmt"
	"os"
	"runtime"
	_ "unsafe" // go:linkname

	"github.com/cloudflare/circl/simd/keccakf1600"
	"github.com/cloudflare/circl/xof/k12"
	"github.com/go-xkcp/keccak"
)

//go:linkname goUseSHA3 crypto/internal/fips140/sha3.useSHA3
var goUseSHA3 bool

//go:linkname circlEnabledX2 github.com/cloudflare/circl/simd/keccakf1600.enabledX2
var circlEnabledX2 bool

// The markers: empty and never inlined, so each call enters the function
// at its symbol address, where the plugin looks for it.
//
//go:noinline
func benchStart() {}

//go:noinline
func benchStop() {}

var sink byte

func main() {
	lib := flag.String("lib", "keccak", "keccak (KECCAK_KERNEL picks the backend), crypto/sha3 or circl")
	asm := flag.Bool("asm", false, "turn on the darwin-only SHA3-instruction code of crypto/sha3 and circl")
	reps := flag.Int("reps", 3, "regions per case (run.sh keeps the smallest)")
	flag.Parse()
	// The plugin counts per thread: keep every region on this one. (With
	// GOMAXPROCS=1, as run.sh sets, no case starts goroutines.)
	runtime.LockOSThread()
	if *asm {
		goUseSHA3, circlEnabledX2 = true, true
	}
	msg := make([]byte, 1<<20)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	type bench struct {
		name         string
		bytes, units int
		f            func()
	}
	var a [25]uint64
	var a4 [4][25]uint64
	var cases []bench
	switch *lib {
	case "keccak":
		fmt.Fprintln(os.Stderr, "backend", keccak.Backend())
		cases = []bench{
			{"permute24", 0, 1, func() { keccak.Permute(&a, 24) }},
			{"permute24x4", 0, 4, func() { keccak.Permute4(&a4, 24) }},
			{"sha3-256", 64 << 10, 0, func() { sink ^= keccak.Sum256(msg[:64<<10])[0] }},
			{"kt128", 1 << 20, 0, func() { sink ^= keccak.SumKT128(msg, nil, 32)[0] }},
		}
	case "crypto/sha3":
		cases = []bench{
			{"sha3-256", 64 << 10, 0, func() { sink ^= sha3.Sum256(msg[:64<<10])[0] }},
		}
	case "circl":
		var x2 keccakf1600.StateX2
		x2.Initialize(false)
		var out [32]byte
		cases = []bench{
			{"permute24x4", 0, 2, x2.Permute},
			{"kt128", 1 << 20, 0, func() { k12.Draft10Sum(out[:], msg, nil); sink ^= out[0] }},
		}
	default:
		fmt.Fprintln(os.Stderr, "insncount: unknown -lib", *lib)
		os.Exit(2)
	}
	benchStart() // the empty region: the markers' own cost
	benchStop()
	fmt.Println("empty 0 0")
	for _, c := range cases {
		for range *reps {
			benchStart()
			c.f()
			benchStop()
			fmt.Println(c.name, c.bytes, c.units)
		}
	}
	fmt.Fprintln(os.Stderr, "results xor", sink) // keeps the hashing live
}
