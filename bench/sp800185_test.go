package bench

import (
	"crypto/sha3"
	"testing"

	"github.com/go-xkcp/keccak"
)

// NIST SP 800-185. No Go library offers these, so the peers are the
// baselines the issue names: ParallelHash against one sequential cSHAKE
// over the same bytes (ours and crypto/sha3's) and against KT128;
// KMAC against a plain cSHAKE128 of the same message.

func run(b *testing.B, name string, size int, f func()) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			f()
		}
	})
}

func parallelHash(b *testing.B, size, blockLen int, p256 bool) {
	in := input(size)
	out := make([]byte, 64)
	cshakeName, ktName := "cshake128", "kt128"
	if p256 {
		cshakeName, ktName = "cshake256", "kt256"
	}
	run(b, "keccak", size, func() {
		if p256 {
			sink = keccak.SumParallelHash256(in, nil, blockLen, 64)
		} else {
			sink = keccak.SumParallelHash128(in, nil, blockLen, 32)
		}
	})
	run(b, cshakeName, size, func() {
		c := keccak.NewCSHAKE128(nil, []byte("S"))
		if p256 {
			c = keccak.NewCSHAKE256(nil, []byte("S"))
		}
		c.Write(in)
		c.Read(out)
	})
	run(b, "stdlib_cshake", size, func() {
		c := sha3.NewCSHAKE128(nil, []byte("S"))
		if p256 {
			c = sha3.NewCSHAKE256(nil, []byte("S"))
		}
		c.Write(in)
		c.Read(out)
	})
	run(b, ktName, size, func() {
		if p256 {
			sink = keccak.SumKT256(in, nil, 64)
		} else {
			sink = keccak.SumKT128(in, nil, 32)
		}
	})
}

// The case: B = 8192 on 1 MiB. Peers: cshake128/256 (one
// sequential stream, 24 rounds, ours), stdlib_cshake (crypto/sha3's),
// kt128/256 (the same tree shape at 12 rounds).
func BenchmarkParallelHash128_B8192_1MiB(b *testing.B) { parallelHash(b, 1<<20, 8192, false) }
func BenchmarkParallelHash256_B8192_1MiB(b *testing.B) { parallelHash(b, 1<<20, 8192, true) }
func BenchmarkParallelHash128_B8192_64KiB(b *testing.B) {
	parallelHash(b, 64<<10, 8192, false)
}
func BenchmarkParallelHash128_B1024_1MiB(b *testing.B) { parallelHash(b, 1<<20, 1024, false) }

// Streaming in 16 KiB writes: leaves are hashed as whole blocks arrive.
func BenchmarkParallelHash128_B8192_1MiB_Stream16KiB(b *testing.B) {
	in := input(1 << 20)
	out := make([]byte, 0, 32)
	run(b, "keccak", len(in), func() {
		h := keccak.NewParallelHash128(nil, 8192, 32)
		for p := in; len(p) > 0; p = p[16<<10:] {
			h.Write(p[:16<<10])
		}
		sink = h.Sum(out)
	})
	run(b, "kt128", len(in), func() {
		h := keccak.NewKT128(nil)
		for p := in; len(p) > 0; p = p[16<<10:] {
			h.Write(p[:16<<10])
		}
		sink = h.Sum(out)
	})
}

// KMAC128 of a 32-byte message, 32-byte tag and key, one-shot: a new key
// each time against a new cSHAKE128 each time (N = "KMAC", so it has a
// prefix block to absorb like KMAC does), and against SHAKE128 (cSHAKE128
// with N and S empty: one permutation, no prefix).
func BenchmarkKMAC128_32(b *testing.B) {
	key, msg := input(32), input(32)
	out := make([]byte, 32)
	run(b, "keccak", 32, func() { sink = keccak.SumKMAC128(key, msg, nil, 32) })
	run(b, "shake128", 32, func() { sink = keccak.SumSHAKE128(msg, 32) })
	run(b, "cshake128", 32, func() {
		c := keccak.NewCSHAKE128([]byte("KMAC"), nil)
		c.Write(msg)
		c.Read(out)
	})
	run(b, "stdlib_cshake", 32, func() {
		c := sha3.NewCSHAKE128([]byte("KMAC"), nil)
		c.Write(msg)
		c.Read(out)
	})
}

// The same with the object kept: KMAC keyed once, then Reset, Write, Sum
// per message; the cSHAKE128 made once, then Reset, Write, Read.
func BenchmarkKMAC128_32_Reuse(b *testing.B) {
	key, msg := input(32), input(32)
	out := make([]byte, 32)
	h := keccak.NewKMAC128(key, nil, 32)
	run(b, "keccak", 32, func() {
		h.Reset()
		h.Write(msg)
		sink = h.Sum(out[:0])
	})
	run(b, "shake128", 32, func() { sink = keccak.SumSHAKE128(msg, 32) })
	c := keccak.NewCSHAKE128([]byte("KMAC"), nil)
	run(b, "cshake128", 32, func() {
		c.Reset()
		c.Write(msg)
		c.Read(out)
	})
	s := sha3.NewCSHAKE128([]byte("KMAC"), nil)
	run(b, "stdlib_cshake", 32, func() {
		s.Reset()
		s.Write(msg)
		s.Read(out)
	})
}

// TupleHash128 of three 32-byte strings (a typical transcript hash).
func BenchmarkTupleHash128_3x32(b *testing.B) {
	tuple := [][]byte{input(32), input(32), input(32)}
	run(b, "keccak", 96, func() { sink = keccak.SumTupleHash128(tuple, nil, 32) })
	out := make([]byte, 32)
	run(b, "cshake128", 96, func() {
		c := keccak.NewCSHAKE128([]byte("TupleHash"), nil)
		for _, x := range tuple {
			c.Write(x)
		}
		c.Read(out)
	})
}
