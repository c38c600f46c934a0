package bench

import (
	"crypto/sha3"
	"strconv"
	"testing"

	circlxof "github.com/cloudflare/circl/xof"
	"github.com/cloudflare/circl/xof/k12"
	"github.com/go-xkcp/keccak"
	xsha3 "golang.org/x/crypto/sha3"
)

// The chart's benchmarks (docs/PERFORMANCE.md, drawn by cmd/chart): one
// function per panel, a sub-benchmark per message size and, inside it, one
// per implementation, run back to back so that each size's points share the
// machine's mood. Names are Chart_<function>/<size in bytes>/<implementation>;
// every case sets its bytes, so the output carries MB/s.

// chartSizes spans one short message to 1 MiB, roughly a factor of 4 apart.
var chartSizes = []int{32, 256, 1024, 4096, 16384, 65536, 262144, 1 << 20}

// chartBatch is how many messages one batch case hashes: one pass of the
// AVX-512 kernel's 8 lanes, two of the AVX2 kernel's 4.
const chartBatch = 8

type impl struct {
	name string
	f    func([]byte)
}

// chartRun runs every implementation at every size; bytes is what one call
// hashes for a message of the given size.
func chartRun(b *testing.B, bytes func(size int) int, setup func(size int) []impl) {
	for _, size := range chartSizes {
		in := input(size)
		impls := setup(size)
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			for _, c := range impls {
				b.Run(c.name, func(b *testing.B) {
					b.SetBytes(int64(bytes(size)))
					for b.Loop() {
						c.f(in)
					}
				})
			}
		})
	}
}

func one(size int) int { return size }

func BenchmarkChart_SHA3_256(b *testing.B) {
	chartRun(b, one, func(int) []impl {
		return []impl{
			{"keccak", func(p []byte) { s := keccak.Sum256(p); sink = s[:] }},
			{"stdlib", func(p []byte) { s := sha3.Sum256(p); sink = s[:] }},
			{"xcrypto", func(p []byte) { s := xsha3.Sum256(p); sink = s[:] }},
		}
	})
}

// SHAKE128 to 32 bytes; circl's is its own pure-Go sponge (x/crypto's
// wraps crypto/sha3).
func BenchmarkChart_SHAKE128(b *testing.B) {
	out := make([]byte, 32)
	chartRun(b, one, func(int) []impl {
		return []impl{
			{"keccak", func(p []byte) { sink = keccak.SumSHAKE128(p, 32) }},
			{"stdlib", func(p []byte) { sink = sha3.SumSHAKE128(p, 32) }},
			{"xcrypto", func(p []byte) { xsha3.ShakeSum128(out, p) }},
			{"circl", func(p []byte) {
				x := circlxof.SHAKE128.New()
				x.Write(p)
				x.Read(out)
			}},
		}
	})
}

// KT128 to 32 bytes (Reset, Write, Sum): ours on all cores (the default)
// and capped to one goroutine by SetParallelism(1), against circl (one core
// always).
func BenchmarkChart_KT128(b *testing.B) {
	out := make([]byte, 32)
	all, one1 := keccak.NewKT128(nil), keccak.NewKT128(nil)
	one1.SetParallelism(1)
	sum := func(h *keccak.KT) func([]byte) {
		return func(p []byte) {
			h.Reset()
			h.Write(p)
			sink = h.Sum(sink[:0])
		}
	}
	chartRun(b, one, func(int) []impl {
		return []impl{
			{"keccak", sum(all)},
			{"keccak1", sum(one1)},
			{"circl", func(p []byte) { k12.Draft10Sum(out, p, nil) }},
		}
	})
}

// Batch256: chartBatch messages of one size, ours in one Sum256Batch call,
// the peers' Sum256 in a loop. MB/s counts every message's bytes.
func BenchmarkChart_Batch256(b *testing.B) {
	chartRun(b, func(size int) int { return chartBatch * size }, func(size int) []impl {
		c := newBatch(chartBatch, size)
		return []impl{
			{"keccak", func([]byte) { keccak.Sum256Batch(c.dst, c.msgs) }},
			{"stdlib", func([]byte) {
				for i, m := range c.msgs {
					c.dst[i] = sha3.Sum256(m)
				}
			}},
			{"xcrypto", func([]byte) {
				for i, m := range c.msgs {
					c.dst[i] = xsha3.Sum256(m)
				}
			}},
		}
	})
}
