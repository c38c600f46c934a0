package fixedkey

import (
	"encoding/binary"

	"github.com/go-xkcp/keccak/internal/aesni"
	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/engine"
)

// Batched entry points for the VDAF's IDPF (package idpf), which would
// otherwise cross into C once per tree level or twice per evaluation.

// DeriveAndChain sets k and next to the fixed keys for
// (dstK, binder) and (dstNext, binder), as DeriveKeys does,
// then runs k.ChainStreams(out1, n1, next, out2, n2, seeds); with AES-NI
// all of it is one C call (an IDPF evaluation step that derives its keys:
// convert, then extend). Lengths are as for ChainStreams (it panics
// otherwise); on error (a dst longer than MaxDSTLen) nothing is changed.
func DeriveAndChain(k *Key, dstK []byte, next *Key, dstNext, binder []byte, out1 []byte, n1 int, out2 []byte, n2 int, seeds []byte) error {
	if !chainLengthsOK(seeds, n1, out1, n2, out2) {
		panic("xof: DeriveAndChain: lengths do not match the block counts")
	}
	if len(dstK) > MaxDSTLen || len(dstNext) > MaxDSTLen {
		return ErrDSTTooLong
	}
	if kernel := engine.Kernel(); Native && kernel >= 0 && 2+max(len(dstK), len(dstNext))+len(binder) < 168 {
		st := [2][25]uint64{paddedState(dstK, binder), paddedState(dstNext, binder)}
		k.block, next.block = nil, nil
		aesni.Derive2Chain(kernel, &st, &k.rk, &next.rk, seeds, n1, out1, n2, out2)
		return nil
	}
	keys := [2]*Key{k, next}
	dsts := [2][]byte{dstK, dstNext}
	DeriveKeys(keys[:], dsts[:], binder) // cannot fail: lengths checked
	k.ChainStreams(out1, n1, next, out2, n2, seeds)
	return nil
}

// GenLevels runs the seed walk of len(alpha) consecutive levels of the
// IDPF key generation of draft-irtf-cfrg-vdaf-08 onward (IdpfBBCGGI21),
// levels whose XOFs are XofFixedKeyAes128 with the extend key ext and the
// convert key conv; with AES-NI in one C call. alpha holds one bit per
// byte (0 or 1; a []bool viewed as bytes), level by level.
//
// seeds (both parties' current seeds) and ctrl (their control bits, 0 or
// 1) are read and updated to the values after the last level. Per level
// l, with b = alpha[l]: both seeds are extended (32 bytes each; the
// control bits are bit 0 of each 16-byte half, then cleared); seedCW gets
// s0[1-b] ^ s1[1-b] (16 bytes); ctrlCW gets the left and right control
// correction words (2 bytes); each party keeps s[b], XORed with the seed
// correction word if its control bit was set, and its control bit becomes
// t[b] ^ (c & cw[b]); kept gets the two kept seeds (32 bytes), conv the
// first convBlocks blocks of their convert streams (party 0's, then party
// 1's: 32*convBlocks bytes), and ctrl1 party 1's new control bit (1 byte).
// The first 16 bytes of each convert stream are that party's next seed.
// The caller samples the field elements from conv (continuing a stream
// from kept after a rejection). Lengths must match (it panics otherwise).
//
// alpha and the control bits are secret: every choice is a mask.
func GenLevels(ext, conv *Key, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, convBlocks int, seedCW, ctrlCW, kept, convOut, ctrl1 []byte) {
	n := len(alpha)
	if convBlocks < 1 || !checked.Len(len(seedCW), 16, n) || !checked.Len(len(ctrlCW), 2, n) ||
		!checked.Len(len(kept), 32, n) || !checked.Len(len(convOut), 32, convBlocks, n) || len(ctrl1) != n {
		panic("xof: GenLevels: lengths do not match the level and block counts")
	}
	if ext.block == nil && conv.block == nil {
		aesni.IdpfGen(&ext.rk, &conv.rk, seeds, ctrl, alpha, convBlocks, seedCW, ctrlCW, kept, convOut, ctrl1)
		return
	}
	c0, c1 := uint64(ctrl[0]&1), uint64(ctrl[1]&1)
	var s [64]byte // party 0's s0 s1, party 1's s0 s1
	for l := range n {
		ext.streamBlocks(s[:], seeds[:], 0, 2)
		t := [4]uint64{uint64(s[0] & 1), uint64(s[16] & 1), uint64(s[32] & 1), uint64(s[48] & 1)}
		s[0] &^= 1
		s[16] &^= 1
		s[32] &^= 1
		s[48] &^= 1
		b := uint64(alpha[l] & 1)
		var lose0, lose1 [2]uint64
		for h := range 2 {
			lose0[h] = selWord(b, le64(s[8*h:]), le64(s[16+8*h:]))
			lose1[h] = selWord(b, le64(s[32+8*h:]), le64(s[48+8*h:]))
		}
		cw := [2]uint64{lose0[0] ^ lose1[0], lose0[1] ^ lose1[1]}
		cwLeft, cwRight := t[0]^t[2]^b^1, t[1]^t[3]^b
		cwKeep := selWord(b, cwRight, cwLeft)
		kp := kept[32*l : 32*l+32]
		for h := range 2 {
			binary.LittleEndian.PutUint64(kp[8*h:], selWord(b, le64(s[16+8*h:]), le64(s[8*h:]))^cw[h]&-c0)
			binary.LittleEndian.PutUint64(kp[16+8*h:], selWord(b, le64(s[48+8*h:]), le64(s[32+8*h:]))^cw[h]&-c1)
			binary.LittleEndian.PutUint64(seedCW[16*l+8*h:], cw[h])
		}
		c0 = selWord(b, t[1], t[0]) ^ (c0 & cwKeep)
		c1 = selWord(b, t[3], t[2]) ^ (c1 & cwKeep)
		ctrlCW[2*l], ctrlCW[2*l+1] = uint8(cwLeft), uint8(cwRight)
		ctrl1[l] = uint8(c1)
		out := convOut[32*convBlocks*l : 32*convBlocks*(l+1)]
		conv.streamBlocks(out, kp, 0, convBlocks)
		copy(seeds[:16], out[:16])
		copy(seeds[16:], out[16*convBlocks:])
	}
	ctrl[0], ctrl[1] = uint8(c0), uint8(c1)
}

// selWord returns a if c == 1 and b if c == 0, without branching.
func selWord(c, a, b uint64) uint64 { return b ^ ((a ^ b) & -c) }

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
