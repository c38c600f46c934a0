package keccak

import (
	"fmt"

	"github.com/go-xkcp/keccak/internal/engine"
)

// Sum256Batch sets dst[i] = Sum256(msgs[i]) for every i, in one call to the
// kernels: messages that fill the same number of blocks are hashed 8 at a
// time in AVX-512 lanes, or 4 at a time with AVX2 (one by one otherwise,
// and in the pure-Go backend). It panics if len(dst) != len(msgs).
//
// Every message is read before any digest is written, so messages may
// alias dst, in whole or in part: msgs[i] may be dst[j][:] for any j, and
// dst[i] gets the digest of dst[j]'s bytes from before the call, on every
// backend alike.
//
// A batch pays from two messages with the same number of 136-byte blocks,
// at any length; messages of widely different lengths need many more per
// batch to gain much (docs/MEASUREMENTS.md has the measurements).
func Sum256Batch(dst [][32]byte, msgs [][]byte) { sumBatch("Sum256Batch", dst, msgs, dsSHA3) }

// SumLegacyKeccak256Batch sets dst[i] = SumLegacyKeccak256(msgs[i]) for
// every i (Ethereum's trie and Merkle hashing); see Sum256Batch. As
// there, every message is read before any digest is written, so messages
// may alias dst.
func SumLegacyKeccak256Batch(dst [][32]byte, msgs [][]byte) {
	sumBatch("SumLegacyKeccak256Batch", dst, msgs, dsKeccak)
}

func sumBatch(name string, dst [][32]byte, msgs [][]byte, ds byte) {
	if len(dst) != len(msgs) {
		panic(fmt.Sprintf("keccak: %s: len(dst) = %d, len(msgs) = %d; they must be equal", name, len(dst), len(msgs)))
	}
	engine.Batch(136, ds, msgs, dst, 24)
}
