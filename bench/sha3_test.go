package bench

import (
	"crypto/sha3"
	"testing"

	"github.com/go-xkcp/keccak"
)

// Each benchmark has a sub-benchmark per implementation, run next to each
// other so they share the machine's mood; run.sh pairs them into ratios.

var sink []byte

func input(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func pair(b *testing.B, size int, ours, peer func([]byte)) {
	pairWith(b, size, "stdlib", ours, peer)
}

// pairWith is pair with the peer's sub-benchmark name.
func pairWith(b *testing.B, size int, peerName string, ours, peer func([]byte)) {
	in := input(size)
	for _, c := range []struct {
		name string
		f    func([]byte)
	}{{"keccak", ours}, {peerName, peer}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				c.f(in)
			}
		})
	}
}

func sumSHA3_256(b *testing.B, size int) {
	pair(b, size,
		func(p []byte) { s := keccak.Sum256(p); sink = s[:] },
		func(p []byte) { s := sha3.Sum256(p); sink = s[:] })
}

func BenchmarkSHA3_256_32(b *testing.B)   { sumSHA3_256(b, 32) }
func BenchmarkSHA3_256_1MiB(b *testing.B) { sumSHA3_256(b, 1<<20) }

// Streaming: New, Write, Sum (the hash.Hash path).
func BenchmarkSHA3_256_Stream_32(b *testing.B) {
	out := make([]byte, 0, 32)
	pair(b, 32,
		func(p []byte) { h := keccak.New256(); h.Write(p); sink = h.Sum(out) },
		func(p []byte) { h := sha3.New256(); h.Write(p); sink = h.Sum(out) })
}

// ML-KEM's hash calls, by the names of FIPS 203: G = SHA3-512, H = SHA3-256,
// PRF = SHAKE256 to 128/192 bytes, J = SHAKE256 of z || c to 32 bytes.
func BenchmarkMLKEM_G_32(b *testing.B) { sumSHA3_512(b, 32) }
func BenchmarkMLKEM_G_64(b *testing.B) { sumSHA3_512(b, 64) }

func sumSHA3_512(b *testing.B, size int) {
	pair(b, size,
		func(p []byte) { s := keccak.Sum512(p); sink = s[:] },
		func(p []byte) { s := sha3.Sum512(p); sink = s[:] })
}

func BenchmarkMLKEM_H_32(b *testing.B)   { sumSHA3_256(b, 32) }
func BenchmarkMLKEM_H_800(b *testing.B)  { sumSHA3_256(b, 800) }
func BenchmarkMLKEM_H_1184(b *testing.B) { sumSHA3_256(b, 1184) }
func BenchmarkMLKEM_H_1568(b *testing.B) { sumSHA3_256(b, 1568) }
func BenchmarkMLKEM_H_768(b *testing.B)  { sumSHA3_256(b, 768) }
func BenchmarkMLKEM_H_1088(b *testing.B) { sumSHA3_256(b, 1088) }

func shake256(b *testing.B, size, outLen int) {
	pair(b, size,
		func(p []byte) { sink = keccak.SumSHAKE256(p, outLen) },
		func(p []byte) { sink = sha3.SumSHAKE256(p, outLen) })
}

func BenchmarkMLKEM_PRF_33_128(b *testing.B) { shake256(b, 33, 128) }
func BenchmarkMLKEM_PRF_33_192(b *testing.B) { shake256(b, 33, 192) }
func BenchmarkMLKEM_J_800(b *testing.B)      { shake256(b, 32+768, 32) }
func BenchmarkMLKEM_J_1120(b *testing.B)     { shake256(b, 32+1088, 32) }
func BenchmarkMLKEM_J_1600(b *testing.B)     { shake256(b, 32+1568, 32) }

// XOF: SHAKE128 absorbing a 34-byte seed, then squeezing 1 or 3 blocks.
func xof(b *testing.B, blocks int) {
	out := make([]byte, 168*blocks)
	pair(b, 34,
		func(p []byte) { x := keccak.NewSHAKE128(); x.Write(p); x.Read(out) },
		func(p []byte) { x := sha3.NewSHAKE128(); x.Write(p); x.Read(out) })
}

func BenchmarkMLKEM_XOF_Squeeze1(b *testing.B) { xof(b, 1) }
func BenchmarkMLKEM_XOF_Squeeze3(b *testing.B) { xof(b, 3) }

// ML-KEM matrix sampling: four SHAKE128 streams, 34 bytes in, 504 out each.
// ns/op is for all four streams.
func BenchmarkMLKEM_SampleX4(b *testing.B) {
	ours, peer := sampleX4()
	b.Run("keccak", func(b *testing.B) {
		for b.Loop() {
			ours()
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		for b.Loop() {
			peer()
		}
	})
}

// sampleX4 is one matrix sampling with SHAKEx4 (ours) and with four
// crypto/sha3 SHAKE128s (peer), on the same seeds.
func sampleX4() (ours, peer func()) {
	var outs, seeds [4][]byte
	for i := range outs {
		outs[i] = make([]byte, 504)
		seeds[i] = input(34)
		seeds[i][33] = byte(i)
	}
	ours = func() {
		x := keccak.NewSHAKE128x4()
		x.Write(seeds)
		x.Read(outs)
	}
	peer = func() {
		for i := range seeds {
			x := sha3.NewSHAKE128()
			x.Write(seeds[i])
			x.Read(outs[i])
		}
	}
	return ours, peer
}

// Permute: one Keccak-f[1600]. crypto/sha3 does not export its permutation,
// so its side is one SHAKE128 block squeezed from a squeezing state: the
// permutation plus a 168-byte copy (ours, Permute alone, is thus favoured by
// that copy, a few ns).
func BenchmarkPermute24(b *testing.B) {
	var a [25]uint64
	b.Run("keccak", func(b *testing.B) {
		for b.Loop() {
			keccak.Permute(&a, 24)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		x := sha3.NewSHAKE128()
		out := make([]byte, 168)
		x.Read(out)
		for b.Loop() {
			x.Read(out)
		}
	})
}

// Permute4 against four of crypto/sha3's permutations (as above).
func BenchmarkPermute4x24(b *testing.B) { permute4(b, 24) }
func BenchmarkPermute4x12(b *testing.B) { permute4(b, 12) }

func permute4(b *testing.B, nr int) {
	var a [4][25]uint64
	b.Run("keccak", func(b *testing.B) {
		for b.Loop() {
			keccak.Permute4(&a, nr)
		}
	})
	if nr != 24 {
		return
	}
	b.Run("stdlib", func(b *testing.B) {
		x := sha3.NewSHAKE128()
		out := make([]byte, 4*168)
		x.Read(out[:168])
		for b.Loop() {
			x.Read(out)
		}
	})
}
