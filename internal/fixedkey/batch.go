package fixedkey

import (
	"github.com/go-xkcp/keccak/internal/aesni"
)

// Batched stream entry points for the VDAF's IDPF (package idpf), which
// would otherwise cross into C several times per evaluation step. They are
// XOF operations only: the IDPF's logic (its Gen walk included) lives in
// package idpf.

// DeriveAndChain sets k and next to the fixed keys for
// (dstK, binder) and (dstNext, binder), as DeriveKeys does,
// then runs k.ChainStreams(out1, n1, next, out2, n2, seeds); with AES-NI
// the AES work is one C call (an IDPF evaluation step that derives its keys:
// convert, then extend). Lengths are as for ChainStreams (it panics
// otherwise); on error (a dst longer than MaxDSTLen) nothing is changed.
func DeriveAndChain(k *Key, dstK []byte, next *Key, dstNext, binder []byte, out1 []byte, n1 int, out2 []byte, n2 int, seeds []byte) error {
	if !chainLengthsOK(seeds, n1, out1, n2, out2) {
		panic("xof: DeriveAndChain: lengths do not match the block counts")
	}
	if len(dstK) > MaxDSTLen || len(dstNext) > MaxDSTLen {
		return ErrDSTTooLong
	}
	if Native {
		key, keyNext := deriveFixedKey(dstK, binder), deriveFixedKey(dstNext, binder)
		k.block, next.block = nil, nil
		aesni.Expand2Chain(&key, &keyNext, &k.rk, &next.rk, seeds, n1, out1, n2, out2)
		return nil
	}
	keys := [2]*Key{k, next}
	dsts := [2][]byte{dstK, dstNext}
	DeriveKeys(keys[:], dsts[:], binder) // cannot fail: lengths checked
	k.ChainStreams(out1, n1, next, out2, n2, seeds)
	return nil
}
