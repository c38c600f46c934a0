//go:build cgo && !purego && amd64

package csrc

/*
#cgo noescape fkaes_expand
#cgo nocallback fkaes_expand
#cgo noescape fkaes_hash
#cgo nocallback fkaes_hash
#cgo noescape fkaes_streams
#cgo nocallback fkaes_streams
#cgo noescape fkaes_chain
#cgo nocallback fkaes_chain
#cgo noescape fkaes_derive
#cgo nocallback fkaes_derive
#cgo noescape fkaes_derive_n
#cgo nocallback fkaes_derive_n
#cgo noescape fkaes_derive2_chain
#cgo nocallback fkaes_derive2_chain
#cgo noescape fkaes_idpf_gen
#cgo nocallback fkaes_idpf_gen
#include <stddef.h>
#include <stdint.h>

void fkaes_expand(const uint8_t *key, uint8_t *rk);
void fkaes_hash(const uint8_t *rk, const uint8_t *in, uint8_t *out, size_t n);
void fkaes_streams(const uint8_t *rk, const uint8_t *seeds, size_t nseeds,
                   uint64_t first, size_t nblocks, uint8_t *out);
void fkaes_chain(const uint8_t *rk1, const uint8_t *rk2, const uint8_t *seeds,
                 size_t nseeds, size_t n1, uint8_t *out1, size_t n2, uint8_t *out2);
void fkaes_derive(unsigned k, uint64_t *st, uint8_t *rk);
void fkaes_derive_n(unsigned k, uint64_t *st, size_t n, uint8_t *rk);
void fkaes_derive2_chain(unsigned k, uint64_t *st, uint8_t *rk1, uint8_t *rk2,
                         const uint8_t *seeds, size_t nseeds, size_t n1, uint8_t *out1,
                         size_t n2, uint8_t *out2);
void fkaes_idpf_gen(const uint8_t *rk_ext, const uint8_t *rk_conv, uint8_t *seeds,
                    uint8_t *ctrl, const uint8_t *alpha, size_t n, size_t nconv,
                    uint8_t *seed_cw, uint8_t *ctrl_cw, uint8_t *kept, uint8_t *conv,
                    uint8_t *ctrl1);
*/
import "C"

import "github.com/go-xkcp/keccak/internal/checked"

// The functions below run AES-NI instructions: call them only when
// internal/cpu.AESNI is true (C does not check).

// AES128Expand writes the 11 AES-128 encryption round keys of key to rk.
func AES128Expand(key *[16]byte, rk *[176]byte) {
	C.fkaes_expand((*C.uint8_t)(&key[0]), (*C.uint8_t)(&rk[0]))
}

// FixedKeyHash sets each 16-byte block of out to the fixed-key hash
// AES(rk, s(x)) ^ s(x) of the same block x of in (s(lo||hi) = hi||hi^lo).
// len(in) must equal len(out) and be a multiple of 16; in may equal out.
func FixedKeyHash(rk *[176]byte, in, out []byte) {
	if len(in) != len(out) || len(in)%16 != 0 {
		panic("csrc: FixedKeyHash: lengths must be equal multiples of 16")
	}
	if len(in) == 0 {
		return
	}
	C.fkaes_hash((*C.uint8_t)(&rk[0]), (*C.uint8_t)(&in[0]), (*C.uint8_t)(&out[0]),
		C.size_t(len(in)/16))
}

// FixedKeyStreams writes, for each 16-byte seed in seeds in turn, the
// blocks first .. first+nblocks-1 of its stream (block i = the hash of
// seed ^ LE128(i)). len(out) must be exactly len(seeds)*nblocks, nblocks
// >= 0 (it panics otherwise).
func FixedKeyStreams(rk *[176]byte, seeds []byte, first uint64, nblocks int, out []byte) {
	need(len(seeds)%16 == 0 && checked.Len(len(out), len(seeds), nblocks),
		"csrc: FixedKeyStreams: len(out) is not len(seeds)*nblocks")
	if len(out) == 0 {
		return
	}
	C.fkaes_streams((*C.uint8_t)(&rk[0]), (*C.uint8_t)(&seeds[0]), C.size_t(len(seeds)/16),
		C.uint64_t(first), C.size_t(nblocks), (*C.uint8_t)(&out[0]))
}

// FixedKeyChain is FixedKeyStreams(rk1, seeds, 0, n1, out1) followed by
// FixedKeyStreams(rk2, s, 0, n2, out2) where s holds the first block of
// each seed's output in out1, in one C call. n1 must be at least 1, n2 at
// least 0, len(out1) exactly len(seeds)*n1 and len(out2) len(seeds)*n2 (it
// panics otherwise).
func FixedKeyChain(rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
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

// FixedKeyDerive permutes the absorbed and padded TurboSHAKE128 state st
// with kernel k (12 rounds) and expands the first 16 bytes of the result
// into AES-128 round keys, in one C call. st is left permuted.
func FixedKeyDerive(k int, st *[25]uint64, rk *[176]byte) {
	checkKernel(k, 12)
	C.fkaes_derive(C.unsigned(k), (*C.uint64_t)(&st[0]), (*C.uint8_t)(&rk[0]))
}

// FixedKeyDeriveN is FixedKeyDerive for len(st) states into the same
// number of key schedules, in one C call.
func FixedKeyDeriveN(k int, st [][25]uint64, rk [][176]byte) {
	checkKernel(k, 12)
	need(len(st) == len(rk), "csrc: FixedKeyDeriveN: one key per state")
	if len(st) == 0 {
		return
	}
	C.fkaes_derive_n(C.unsigned(k), (*C.uint64_t)(&st[0][0]), C.size_t(len(st)), (*C.uint8_t)(&rk[0][0]))
}

// FixedKeyDerive2Chain derives two keys as FixedKeyDerive(k, &st[0], rk1)
// and FixedKeyDerive(k, &st[1], rk2) do, then runs FixedKeyChain(rk1, rk2,
// seeds, n1, out1, n2, out2), in one C call; the lengths are checked as
// FixedKeyChain checks them.
func FixedKeyDerive2Chain(k int, st *[2][25]uint64, rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	checkKernel(k, 12)
	checkChain(seeds, n1, out1, n2, out2)
	n := len(seeds) / 16
	var s, o1, o2 *C.uint8_t
	if n > 0 {
		s, o1 = (*C.uint8_t)(&seeds[0]), (*C.uint8_t)(&out1[0])
	}
	if n > 0 && n2 > 0 {
		o2 = (*C.uint8_t)(&out2[0])
	}
	C.fkaes_derive2_chain(C.unsigned(k), (*C.uint64_t)(&st[0][0]), (*C.uint8_t)(&rk1[0]),
		(*C.uint8_t)(&rk2[0]), s, C.size_t(n), C.size_t(n1), o1, C.size_t(n2), o2)
}

// IdpfGen runs len(alpha) levels of the IDPF key generation's seed walk
// under the extend key rkExt and the convert key rkConv (see
// fkaes_idpf_gen): seeds (both parties', 32 bytes) and ctrl (0 or 1 each)
// go in and come out updated; per level, seedCW gets 16 bytes, ctrlCW 2,
// kept 32, conv 32*nconv and ctrl1 1, exactly (it panics otherwise; nconv
// must be at least 1). alpha holds one bit per byte.
func IdpfGen(rkExt, rkConv *[176]byte, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nconv int, seedCW, ctrlCW, kept, conv, ctrl1 []byte) {
	n := len(alpha)
	need(nconv >= 1 && checked.Len(len(seedCW), 16, n) && checked.Len(len(ctrlCW), 2, n) &&
		checked.Len(len(kept), 32, n) && checked.Len(len(conv), 32, nconv, n) && len(ctrl1) == n,
		"csrc: IdpfGen: lengths do not match the level and block counts")
	if n == 0 {
		return
	}
	C.fkaes_idpf_gen((*C.uint8_t)(&rkExt[0]), (*C.uint8_t)(&rkConv[0]), (*C.uint8_t)(&seeds[0]),
		(*C.uint8_t)(&ctrl[0]), (*C.uint8_t)(&alpha[0]), C.size_t(n), C.size_t(nconv),
		(*C.uint8_t)(&seedCW[0]), (*C.uint8_t)(&ctrlCW[0]), (*C.uint8_t)(&kept[0]),
		(*C.uint8_t)(&conv[0]), (*C.uint8_t)(&ctrl1[0]))
}
