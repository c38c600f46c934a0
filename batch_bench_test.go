package keccak

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/impl"
	"github.com/go-xkcp/keccak/internal/testkit/benchpair"
)

// batchInput is n messages of size bytes, each different.
func batchInput(n, size int) ([][]byte, [][32]byte) {
	msgs := make([][]byte, n)
	for i := range msgs {
		msgs[i] = make([]byte, size)
		msgs[i][0] = byte(i)
	}
	return msgs, make([][32]byte, n)
}

// onBackend runs f with the backend called be in use.
func onBackend(be string, f func()) func() {
	return func() {
		defer impl.Select("keccak", be)()
		f()
	}
}

// When a batch pays: Sum256Batch against our own Sum256 in a loop, per
// native backend, message count and length.
func BenchmarkPaired_BatchGrid(b *testing.B) {
	for _, be := range impl.Names("keccak")[1:] {
		for _, size := range []int{32, 64, 135, 200, 532, 1000, 2000} {
			for _, n := range []int{2, 3, 4, 8, 16, 64} {
				msgs, dst := batchInput(n, size)
				name := fmt.Sprintf("%s/%dB_x%d", strings.ReplaceAll(be, "/", "-"), size, n)
				b.Run(name, func(b *testing.B) {
					benchpair.RunCPU(b,
						onBackend(be, func() { Sum256Batch(dst, msgs) }),
						onBackend(be, func() {
							for i, m := range msgs {
								dst[i] = Sum256(m)
							}
						}))
				})
			}
		}
	}
}

// Mixed lengths: n messages of 0..2000 bytes (15 block counts), as the
// tests draw them, against our Sum256 in a loop.
func BenchmarkPaired_BatchMixed(b *testing.B) {
	for _, be := range impl.Names("keccak")[1:] {
		for _, n := range []int{16, 100, 1000} {
			r := rand.New(rand.NewPCG(1, uint64(n)))
			msgs, dst := randomBatch(r, n, 2000, false), make([][32]byte, n)
			b.Run(fmt.Sprintf("%s/0-2000B_x%d", strings.ReplaceAll(be, "/", "-"), n), func(b *testing.B) {
				benchpair.RunCPU(b,
					onBackend(be, func() { Sum256Batch(dst, msgs) }),
					onBackend(be, func() {
						for i, m := range msgs {
							dst[i] = Sum256(m)
						}
					}))
			})
		}
	}
}
