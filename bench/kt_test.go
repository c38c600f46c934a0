package bench

import (
	"testing"

	"github.com/cloudflare/circl/xof/k12"
	"github.com/go-xkcp/keccak"
)

// KangarooTwelve, named as RustCrypto's k12 benchmarks. One-shot hashes of
// 32-byte output; circl (KT128 only) is the peer. For one-core numbers run
// with GOMAXPROCS=1 (circl never uses more than one core).

func kt(b *testing.B, size int, kt256 bool) {
	in := input(size)
	out := make([]byte, 32)
	b.Run("keccak", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			if kt256 {
				sink = keccak.SumKT256(in, nil, 64)
			} else {
				sink = keccak.SumKT128(in, nil, 32)
			}
		}
	})
	if kt256 {
		return
	}
	b.Run("circl", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			k12.Draft10Sum(out, in, nil)
		}
	})
}

func BenchmarkKT128_1_10(b *testing.B)   { kt(b, 10, false) }
func BenchmarkKT128_2_100(b *testing.B)  { kt(b, 100, false) }
func BenchmarkKT128_3_1k(b *testing.B)   { kt(b, 1000, false) }
func BenchmarkKT128_4_10k(b *testing.B)  { kt(b, 10000, false) }
func BenchmarkKT128_5_100k(b *testing.B) { kt(b, 100000, false) }
func BenchmarkKT128_6_1m(b *testing.B)   { kt(b, 1000000, false) }
func BenchmarkKT256_1_10(b *testing.B)   { kt(b, 10, true) }
func BenchmarkKT256_2_100(b *testing.B)  { kt(b, 100, true) }
func BenchmarkKT256_3_1k(b *testing.B)   { kt(b, 1000, true) }
func BenchmarkKT256_4_10k(b *testing.B)  { kt(b, 10000, true) }
func BenchmarkKT256_5_100k(b *testing.B) { kt(b, 100000, true) }
func BenchmarkKT256_6_1m(b *testing.B)   { kt(b, 1000000, true) }

// KTParallel: 1 MB at each parallelism cap, to choose minBytesPerWorker and
// show the scaling. Sub-benchmark names carry the cap.
func BenchmarkKT128Parallel(b *testing.B) {
	for _, size := range []int{64 << 10, 128 << 10, 256 << 10, 1 << 20} {
		in := input(size)
		for _, procs := range []int{1, 2} {
			b.Run(sizeName(size)+"/procs"+string(rune('0'+procs)), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					h := keccak.NewKT128(nil)
					h.SetParallelism(procs)
					h.Write(in)
					sink = h.Sum(sink[:0])
				}
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return string(rune('0'+n>>20)) + "MiB"
	}
	s := ""
	for k := n >> 10; k > 0; k /= 10 {
		s = string(rune('0'+k%10)) + s
	}
	return s + "KiB"
}
