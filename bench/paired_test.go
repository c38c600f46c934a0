package bench

import (
	"bytes"
	"crypto/sha3"
	"io"
	"testing"

	"github.com/cloudflare/circl/simd/keccakf1600"
	"github.com/cloudflare/circl/xof/k12"
	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/internal/testkit/benchpair"
)

// Paired benchmarks: the targets' cases again, with ours and the peer
// alternating every few operations inside one benchmark (internal/testkit/benchpair
// says why); run.sh takes medians.

func paired(b *testing.B, ours, peer func()) { benchpair.Run(b, ours, peer) }

func BenchmarkPaired_SHA3_256_32(b *testing.B) {
	in := input(32)
	paired(b,
		func() { s := keccak.Sum256(in); sink = s[:] },
		func() { s := sha3.Sum256(in); sink = s[:] })
}

func BenchmarkPaired_SHA3_256_1MiB(b *testing.B) {
	in := input(1 << 20)
	paired(b,
		func() { s := keccak.Sum256(in); sink = s[:] },
		func() { s := sha3.Sum256(in); sink = s[:] })
}

func BenchmarkPaired_MLKEM_SampleX4(b *testing.B) {
	ours, peer := sampleX4()
	paired(b, ours, peer)
}

// Permute24: as BenchmarkPermute24, the peer squeezes one SHAKE128 block.
func BenchmarkPaired_Permute24(b *testing.B) {
	var a [25]uint64
	x := sha3.NewSHAKE128()
	out := make([]byte, 168)
	x.Read(out)
	paired(b,
		func() { keccak.Permute(&a, 24) },
		func() { x.Read(out) })
}

// Permute4x12: four states, 12 rounds, against circl's 4-way AVX2
// permutation in TurboSHAKE mode (ns per call of four states).
func BenchmarkPaired_Permute4x12(b *testing.B) {
	var a [4][25]uint64
	var x keccakf1600.StateX4
	x.Initialize(true)
	paired(b,
		func() { keccak.Permute4(&a, 12) },
		func() { x.Permute() })
}

func BenchmarkPaired_KT128_1_10(b *testing.B)   { pairedKT(b, 10) }
func BenchmarkPaired_KT128_2_100(b *testing.B)  { pairedKT(b, 100) }
func BenchmarkPaired_KT128_3_1k(b *testing.B)   { pairedKT(b, 1000) }
func BenchmarkPaired_KT128_5_100k(b *testing.B) { pairedKT(b, 100000) }
func BenchmarkPaired_KT128_6_1m(b *testing.B)   { pairedKT(b, 1000000) }

// KT256_6_1m: circl has no KT256, so the peer is its KT128 of the same
// megabyte (the target compares bytes per second).
func BenchmarkPaired_KT256_6_1m(b *testing.B) {
	in := input(1000000)
	out, ours := make([]byte, 32), make([]byte, 0, 64)
	paired(b,
		func() { sink = keccak.AppendKT256(ours, in, nil, 64) },
		func() { k12.Draft10Sum(out, in, nil) })
}

// pairedKT: both sides write into a buffer of the caller's (circl's
// Draft10Sum takes one; keccak.SumKT128 would allocate its output).
func pairedKT(b *testing.B, size int) {
	in := input(size)
	out, ours := make([]byte, 32), make([]byte, 0, 32)
	paired(b,
		func() { sink = keccak.AppendKT128(ours, in, nil, 32) },
		func() { k12.Draft10Sum(out, in, nil) })
}

// KT128Parallel: two goroutines (keccak-ns/op) against one (peer-ns/op) on
// the same input, to set minBytesPerWorker: peer/keccak > 1 means the second
// core pays. Below minBytesPerWorker per goroutine both sides run on one
// core, so measure with that constant lowered.
func BenchmarkPaired_KT128Parallel(b *testing.B) {
	for _, size := range []int{64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20, 2 << 20, 4 << 20} {
		in := input(size)
		one, two := keccak.NewKT128(nil), keccak.NewKT128(nil)
		one.SetParallelism(1)
		two.SetParallelism(2)
		run := func(h *keccak.KT) func() {
			return func() {
				h.Reset()
				h.Write(in)
				sink = h.Sum(sink[:0])
			}
		}
		b.Run(sizeName(size), func(b *testing.B) { paired(b, run(two), run(one)) })
	}
}

// KT128Stream: 16 MiB through io.CopyBuffer in writes of 32 KiB (io.Copy's
// size) and 256 KiB, against circl's streaming KT128 (one core). Both read
// from the same bytes.Reader, so both pay the copy a file read would.
func BenchmarkPaired_KT128Stream(b *testing.B) {
	in := input(16 << 20)
	for _, w := range []int{32 << 10, 256 << 10} {
		buf, out := make([]byte, w), make([]byte, 32)
		b.Run(sizeName(w), func(b *testing.B) {
			paired(b,
				func() {
					h := keccak.NewKT128(nil)
					copyThrough(h, in, buf)
					sink = h.Sum(sink[:0])
				},
				func() {
					h := k12.NewDraft10([]byte{})
					copyThrough(&h, in, buf)
					h.Read(out)
				})
		})
	}
}

// KT128StreamParallel: as KT128Stream, two goroutines (keccak-ns/op)
// against one (peer-ns/op).
func BenchmarkPaired_KT128StreamParallel(b *testing.B) {
	in := input(16 << 20)
	for _, w := range []int{32 << 10, 256 << 10} {
		buf := make([]byte, w)
		run := func(procs int) func() {
			return func() {
				h := keccak.NewKT128(nil)
				h.SetParallelism(procs)
				copyThrough(h, in, buf)
				sink = h.Sum(sink[:0])
			}
		}
		b.Run(sizeName(w), func(b *testing.B) { paired(b, run(2), run(1)) })
	}
}

// KT128Copy: io.Copy of 16 MiB from a reader without WriteTo (as from an
// *os.File): ours reads straight into its stages (ReadFrom), circl's
// Writes get io.Copy's 32 KiB buffer.
func BenchmarkPaired_KT128Copy(b *testing.B) {
	in := input(16 << 20)
	out := make([]byte, 32)
	paired(b,
		func() {
			h := keccak.NewKT128(nil)
			copyFrom(h, in)
			sink = h.Sum(sink[:0])
		},
		func() {
			h := k12.NewDraft10([]byte{})
			copyFrom(&h, in)
			h.Read(out)
		})
}

// copyFrom is io.Copy from a reader of in that has no WriteTo.
func copyFrom(w io.Writer, in []byte) {
	if _, err := io.Copy(w, struct{ io.Reader }{bytes.NewReader(in)}); err != nil {
		panic(err)
	}
}

// copyThrough copies in to w through buf, as io.CopyBuffer from a file
// would (the writer's ReadFrom, if any, is hidden).
func copyThrough(w io.Writer, in, buf []byte) {
	if _, err := io.CopyBuffer(struct{ io.Writer }{w}, struct{ io.Reader }{bytes.NewReader(in)}, buf); err != nil {
		panic(err)
	}
}
