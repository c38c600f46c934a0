package bench

import (
	"crypto/sha3"
	"testing"

	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/internal/testkit/benchpair"
	xsha3 "golang.org/x/crypto/sha3"
)

// Ethereum's hashing: legacy Keccak-256 against golang.org/x/crypto/sha3
// (NewLegacyKeccak256, its only legacy API: no one-shot sum), all paired
// on the thread's CPU clock (benchpair.RunCPU). Sum: an address or a
// storage key (32 bytes), a trie leaf (64 bytes). Stream: New, Write, Sum
// of one block (136 bytes) and of a typical branch node (532 bytes: 16 x
// 33 + 4 of RLP framing).

// Batches: 1024 messages of 64 bytes (trie leaves, Merkle pairs of
// 32-byte nodes); ns/op is the whole batch. The legacy peer reuses one
// hasher (Reset, Write, Read into the digest), as go-ethereum's KeccakState
// does; the SHA3-256 peer is crypto/sha3.Sum256 in a loop.
type batchCase struct {
	msgs [][]byte
	dst  [][32]byte
}

func newBatch(n, size int) *batchCase {
	c := &batchCase{msgs: make([][]byte, n), dst: make([][32]byte, n)}
	for i := range c.msgs {
		c.msgs[i] = input(size)
		c.msgs[i][0] = byte(i)
	}
	return c
}

func (c *batchCase) ours(legacy bool) func() {
	if legacy {
		return func() { keccak.SumLegacyKeccak256Batch(c.dst, c.msgs) }
	}
	return func() { keccak.Sum256Batch(c.dst, c.msgs) }
}

func (c *batchCase) xcrypto() func() {
	h := xsha3.NewLegacyKeccak256().(interface {
		Write([]byte) (int, error)
		Read([]byte) (int, error)
		Reset()
	})
	return func() {
		for i, m := range c.msgs {
			h.Reset()
			h.Write(m)
			h.Read(c.dst[i][:])
		}
	}
}

func (c *batchCase) stdlib() func() {
	return func() {
		for i, m := range c.msgs {
			c.dst[i] = sha3.Sum256(m)
		}
	}
}

// The paired cases (thread CPU time: benchpair.RunCPU) write digests into
// preallocated space on both sides, so that neither side times an
// allocation.
var sum32 [32]byte

func BenchmarkPaired_Keccak256_Sum_32(b *testing.B) { pairedSum(b, 32) }
func BenchmarkPaired_Keccak256_Sum_64(b *testing.B) { pairedSum(b, 64) }

func pairedSum(b *testing.B, size int) {
	in, out := input(size), make([]byte, 0, 32)
	benchpair.RunCPU(b,
		func() { sum32 = keccak.SumLegacyKeccak256(in) },
		func() { h := xsha3.NewLegacyKeccak256(); h.Write(in); sink = h.Sum(out) })
}

func pairedStream(b *testing.B, size int) {
	in, out := input(size), make([]byte, 0, 32)
	benchpair.RunCPU(b,
		func() { h := keccak.NewLegacyKeccak256(); h.Write(in); sink = h.Sum(out) },
		func() { h := xsha3.NewLegacyKeccak256(); h.Write(in); sink = h.Sum(out) })
}

func BenchmarkPaired_Keccak256_Stream_136(b *testing.B) { pairedStream(b, 136) }
func BenchmarkPaired_Keccak256_Stream_532(b *testing.B) { pairedStream(b, 532) }

func BenchmarkPaired_Keccak256_Trie_64B_x1024(b *testing.B) {
	c := newBatch(1024, 64)
	benchpair.RunCPU(b, c.ours(true), c.xcrypto())
}

func BenchmarkPaired_SHA3_256_Batch_64B_x1024(b *testing.B) {
	c := newBatch(1024, 64)
	benchpair.RunCPU(b, c.ours(false), c.stdlib())
}
