//go:build cgo && !purego && amd64

// Package aesni is fixed-key AES-128 with AES-NI in C: the key schedule,
// the fixed-key hash and stream batches of the VDAF's XofFixedKeyAes128,
// the key schedules of a key derivation (whose Keccak work is the engine's,
// as every other caller's) and the IDPF key generation's seed walk
// (the C twin of package idpf's Go walk). Each function is one checked C
// call; the C trusts its arguments (aes.h). It is an implementation detail
// of internal/fixedkey and idpf.
//
// Call nothing here unless Available: the C runs AES-NI instructions and
// does not look at the CPU. The twin file aesni_noasm.go, for builds
// without cgo or off amd64, has the same functions, which panic.
package aesni

/*
#cgo CFLAGS: -O3 -std=c11 -Wall
#cgo noescape fkaes_expand
#cgo nocallback fkaes_expand
#cgo noescape fkaes_hash
#cgo nocallback fkaes_hash
#cgo noescape fkaes_streams
#cgo nocallback fkaes_streams
#cgo noescape fkaes_chain
#cgo nocallback fkaes_chain
#cgo noescape fkaes_expand_n
#cgo nocallback fkaes_expand_n
#cgo noescape fkaes_expand2_chain
#cgo nocallback fkaes_expand2_chain
#cgo noescape fkaes_idpf_gen
#cgo nocallback fkaes_idpf_gen
#include "aes.h"
*/
import "C"

import (
	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/cpu"
)

// Available reports whether this build has the C and the CPU has AES-NI.
var Available = cpu.AESNI

// checkChain: the lengths of a two-stream chain of n1 >= 1 and n2 >= 0
// blocks per 16-byte seed.
func checkChain(seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	n := len(seeds) / 16
	checked.Need(len(seeds)%16 == 0 && n1 >= 1 && checked.Len(len(out1), 16, n, n1) &&
		checked.Len(len(out2), 16, n, n2), "aesni: chain: lengths do not match the block counts")
}

// Expand writes the 11 AES-128 encryption round keys of key to rk.
func Expand(key *[16]byte, rk *[176]byte) {
	C.fkaes_expand((*C.uint8_t)(&key[0]), (*C.uint8_t)(&rk[0]))
}

// Hash sets each 16-byte block of out to the fixed-key hash
// AES(rk, s(x)) ^ s(x) of the same block x of in (s(lo||hi) = hi||hi^lo).
// len(in) must equal len(out) and be a multiple of 16; in may equal out.
func Hash(rk *[176]byte, in, out []byte) {
	if len(in) != len(out) || len(in)%16 != 0 {
		panic("aesni: Hash: lengths must be equal multiples of 16")
	}
	if len(in) == 0 {
		return
	}
	C.fkaes_hash((*C.uint8_t)(&rk[0]), (*C.uint8_t)(&in[0]), (*C.uint8_t)(&out[0]),
		C.size_t(len(in)/16))
}

// Streams writes, for each 16-byte seed in seeds in turn, the
// blocks first .. first+nblocks-1 of its stream (block i = the hash of
// seed ^ LE128(i)). len(out) must be exactly len(seeds)*nblocks, nblocks
// >= 0 (it panics otherwise).
func Streams(rk *[176]byte, seeds []byte, first uint64, nblocks int, out []byte) {
	checked.Need(len(seeds)%16 == 0 && checked.Len(len(out), len(seeds), nblocks),
		"aesni: Streams: len(out) is not len(seeds)*nblocks")
	if len(out) == 0 {
		return
	}
	C.fkaes_streams((*C.uint8_t)(&rk[0]), (*C.uint8_t)(&seeds[0]), C.size_t(len(seeds)/16),
		C.uint64_t(first), C.size_t(nblocks), (*C.uint8_t)(&out[0]))
}

// Chain is Streams(rk1, seeds, 0, n1, out1) followed by
// Streams(rk2, s, 0, n2, out2) where s holds the first block of
// each seed's output in out1, in one C call. n1 must be at least 1, n2 at
// least 0, len(out1) exactly len(seeds)*n1 and len(out2) len(seeds)*n2 (it
// panics otherwise).
func Chain(rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	checkChain(seeds, n1, out1, n2, out2)
	n := len(seeds) / 16
	if n == 0 {
		return
	}
	var o2 *C.uint8_t
	if n2 > 0 {
		o2 = (*C.uint8_t)(&out2[0])
	}
	C.fkaes_chain((*C.uint8_t)(&rk1[0]), (*C.uint8_t)(&rk2[0]), (*C.uint8_t)(&seeds[0]),
		C.size_t(n), C.size_t(n1), (*C.uint8_t)(&out1[0]), C.size_t(n2), o2)
}

// ExpandN is Expand for each key of keys into the schedule of rk with
// the same index, in one C call; len(rk) must equal len(keys).
func ExpandN(keys [][16]byte, rk [][176]byte) {
	checked.Need(len(keys) == len(rk), "aesni: ExpandN: one schedule per key")
	if len(keys) == 0 {
		return
	}
	C.fkaes_expand_n((*C.uint8_t)(&keys[0][0]), C.size_t(len(keys)), (*C.uint8_t)(&rk[0][0]))
}

// Expand2Chain is Expand(key1, rk1) and Expand(key2, rk2), then
// Chain(rk1, rk2, seeds, n1, out1, n2, out2), in one C call; the lengths
// are checked as Chain checks them.
func Expand2Chain(key1, key2 *[16]byte, rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	checkChain(seeds, n1, out1, n2, out2)
	n := len(seeds) / 16
	var s, o1, o2 *C.uint8_t
	if n > 0 {
		s, o1 = (*C.uint8_t)(&seeds[0]), (*C.uint8_t)(&out1[0])
	}
	if n > 0 && n2 > 0 {
		o2 = (*C.uint8_t)(&out2[0])
	}
	C.fkaes_expand2_chain((*C.uint8_t)(&key1[0]), (*C.uint8_t)(&key2[0]), (*C.uint8_t)(&rk1[0]),
		(*C.uint8_t)(&rk2[0]), s, C.size_t(n), C.size_t(n1), o1, C.size_t(n2), o2)
}

// IdpfGen runs len(alpha) levels of the IDPF key generation's seed walk
// under the extend key rkExt and the convert key rkConv, as package idpf's
// Go walk (genLevelsGo, which documents each level) does: seeds (both parties', 32 bytes) and ctrl (0 or 1 each)
// go in and come out updated; per level, seedCW gets 16 bytes, ctrlCW 2,
// kept 32, conv 32*nconv and ctrl1 1, exactly (it panics otherwise; nconv
// must be at least 1). alpha holds one bit per byte.
func IdpfGen(rkExt, rkConv *[176]byte, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nconv int, seedCW, ctrlCW, kept, conv, ctrl1 []byte) {
	n := len(alpha)
	checked.Need(nconv >= 1 && checked.Len(len(seedCW), 16, n) && checked.Len(len(ctrlCW), 2, n) &&
		checked.Len(len(kept), 32, n) && checked.Len(len(conv), 32, nconv, n) && len(ctrl1) == n,
		"aesni: IdpfGen: lengths do not match the level and block counts")
	if n == 0 {
		return
	}
	C.fkaes_idpf_gen((*C.uint8_t)(&rkExt[0]), (*C.uint8_t)(&rkConv[0]), (*C.uint8_t)(&seeds[0]),
		(*C.uint8_t)(&ctrl[0]), (*C.uint8_t)(&alpha[0]), C.size_t(n), C.size_t(nconv),
		(*C.uint8_t)(&seedCW[0]), (*C.uint8_t)(&ctrlCW[0]), (*C.uint8_t)(&kept[0]),
		(*C.uint8_t)(&conv[0]), (*C.uint8_t)(&ctrl1[0]))
}
