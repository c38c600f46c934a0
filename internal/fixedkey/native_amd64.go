//go:build cgo && !purego && amd64 && !keccak_goaes

package fixedkey

import (
	"github.com/go-xkcp/keccak/csrc"
	"github.com/go-xkcp/keccak/internal/cpu"
)

// Native selects AES-NI in C for new fixed keys when the CPU has it:
// measured faster than crypto/aes here (idpf/README.md), mostly because it
// runs 2-8 independent blocks side by side and expands a key without
// allocating. Tests flip it to check the Go path too.
var Native = cpu.AESNI

func nativeExpand(key *[16]byte, rk *[176]byte) { csrc.AES128Expand(key, rk) }

func nativeHash(rk *[176]byte, in, out []byte) { csrc.FixedKeyHash(rk, in, out) }

func nativeStreams(rk *[176]byte, seeds []byte, first uint64, nblocks int, out []byte) {
	csrc.FixedKeyStreams(rk, seeds, first, nblocks, out)
}

func nativeChain(rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	csrc.FixedKeyChain(rk1, rk2, seeds, n1, out1, n2, out2)
}

func nativeDerive(kernel int, st *[25]uint64, rk *[176]byte) { csrc.FixedKeyDerive(kernel, st, rk) }

func nativeDeriveN(kernel int, st [][25]uint64, rk [][176]byte) { csrc.FixedKeyDeriveN(kernel, st, rk) }

func nativeDerive2Chain(kernel int, st *[2][25]uint64, rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	csrc.FixedKeyDerive2Chain(kernel, st, rk1, rk2, seeds, n1, out1, n2, out2)
}

func nativeIdpfGen(rkExt, rkConv *[176]byte, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nconv int, seedCW, ctrlCW, kept, conv, ctrl1 []byte) {
	csrc.IdpfGen(rkExt, rkConv, seeds, ctrl, alpha, nconv, seedCW, ctrlCW, kept, conv, ctrl1)
}
