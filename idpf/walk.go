package idpf

import (
	"github.com/go-xkcp/keccak/internal/aesni"
	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/fixedkey"
)

// The IDPF key generation's seed walk (IdpfBBCGGI21 of draft 08 onward,
// IdpfPoplar of draft 06): genStep is its level step, the one Go version,
// which every Gen level runs (the draft-20 leaf, draft 06, the
// per-instance keys and, through genLevelsGo, the draft-20 inner levels on
// crypto/aes). Its one other version is the C twin aesni.IdpfGen
// (fkaes_idpf_gen), which genLevels runs instead of genLevelsGo when both
// keys are on AES-NI; walk_test.go holds it to genLevelsGo on every
// implementation, and genLevelsGo to a branching walk written from the
// draft.
//
// alpha's bits and the control bits are secret: every choice below is a
// mask, no branch or index depends on them.

// genStep runs one level of the walk after both parties' extends. ext
// holds their extended seeds (party 0's s0 s1, then party 1's, 16 bytes
// each, control bits cleared), t their control bits in the same order, b
// alpha's bit at this level (0 or 1) and ctrl the parties' control bits (0
// or 1), which become their next ones. It writes the seed correction word
// s0[1-b] ^ s1[1-b] of the two parties to cw (16 bytes) and each party's
// kept seed s[b], XORed with cw if its control bit was set, to kept
// (32 bytes: party 0's, then party 1's), and returns the left and right
// control correction words.
func genStep(ext *[64]byte, t *[4]uint8, b uint64, ctrl *[2]uint64, cw, kept []byte) (cwLeft, cwRight uint64) {
	// The seed correction word cancels the two parties' seeds on the
	// branch alpha leaves: s[lose] with lose = 1-b.
	var lose0, lose1 [16]byte
	sel16(lose0[:], ext[0:16], ext[16:32], b)
	sel16(lose1[:], ext[32:48], ext[48:64], b)
	xor16(cw[:16], lose0[:], lose1[:])
	cwLeft = uint64(t[0]^t[2]) ^ b ^ 1
	cwRight = uint64(t[1]^t[3]) ^ b
	cwKeep := sel(b, cwRight, cwLeft)
	for j := range 2 {
		s, k := ext[32*j:32*j+32], kept[16*j:16*j+16]
		sel16(k, s[16:32], s[0:16], b)
		xor16If(k, cw, ctrl[j])
		tKeep := sel(b, uint64(t[2*j+1]), uint64(t[2*j]))
		ctrl[j] = tKeep ^ (ctrl[j] & cwKeep)
	}
	return cwLeft, cwRight
}

// genLevels runs len(alpha) consecutive draft-20 inner levels of the walk
// (both XOFs XofFixedKeyAes128, with the extend key ext and the convert
// key conv): in one C call (aesni.IdpfGen) when both keys are on AES-NI,
// else genLevelsGo. The arguments are genLevelsGo's.
func genLevels(ext, conv *fixedkey.Key, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nb int, seedCW, ctrlCW, kept, convOut, ctrl1 []byte) {
	if re, rc := ext.RoundKeys(), conv.RoundKeys(); re != nil && rc != nil {
		aesni.IdpfGen(re, rc, seeds, ctrl, alpha, nb, seedCW, ctrlCW, kept, convOut, ctrl1)
		return
	}
	genLevelsGo(ext, conv, seeds, ctrl, alpha, nb, seedCW, ctrlCW, kept, convOut, ctrl1)
}

// genLevelsGo is the walk of len(alpha) draft-20 inner levels in Go.
// alpha holds one bit per byte (0 or 1; a []bool viewed as bytes), level
// by level. seeds (both parties' current seeds) and ctrl (their control
// bits, 0 or 1) are read and updated to the values after the last level.
// Per level l: both seeds are extended (2 blocks each; the control bits
// are bit 0 of each 16-byte half, then cleared); genStep's outputs go to
// seedCW (16 bytes), ctrlCW (left, right: 2 bytes) and kept (32 bytes),
// ctrl1 gets party 1's new control bit (1 byte), and convOut the first nb
// blocks of both kept seeds' convert streams (party 0's, then party 1's:
// 32*nb bytes), whose first blocks are the parties' next seeds. The caller
// samples the field elements from convOut (continuing a stream from kept
// after a rejection). The lengths must be exactly these (it panics
// otherwise), nb at least 1.
func genLevelsGo(ext, conv *fixedkey.Key, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nb int, seedCW, ctrlCW, kept, convOut, ctrl1 []byte) {
	n := len(alpha)
	if nb < 1 || !checked.Len(len(seedCW), 16, n) || !checked.Len(len(ctrlCW), 2, n) ||
		!checked.Len(len(kept), 32, n) || !checked.Len(len(convOut), 32, nb, n) || len(ctrl1) != n {
		panic("idpf: genLevelsGo: lengths do not match the level and block counts")
	}
	c := [2]uint64{uint64(ctrl[0] & 1), uint64(ctrl[1] & 1)}
	var (
		s [64]byte // party 0's s0 s1, party 1's s0 s1
		t [4]uint8
	)
	for l := range n {
		ext.FillStreams(s[:], seeds[:], 2)
		splitControl(s[:], t[:])
		kp := kept[32*l : 32*l+32]
		cwLeft, cwRight := genStep(&s, &t, uint64(alpha[l]&1), &c, seedCW[16*l:16*l+16], kp)
		ctrlCW[2*l], ctrlCW[2*l+1] = uint8(cwLeft), uint8(cwRight)
		ctrl1[l] = uint8(c[1])
		out := convOut[32*nb*l : 32*nb*(l+1)]
		conv.FillStreams(out, kp, nb)
		copy(seeds[:16], out[:16])
		copy(seeds[16:], out[16*nb:16*nb+16])
	}
	ctrl[0], ctrl[1] = uint8(c[0]), uint8(c[1])
}
