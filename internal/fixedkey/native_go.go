//go:build !cgo || purego || !amd64 || keccak_goaes

package fixedkey

// Without cgo on amd64, or with -tags keccak_goaes (to compare the two),
// the fixed-key XOF uses crypto/aes only.
var Native = false

func nativeExpand(key *[16]byte, rk *[176]byte) { panic("xof: no native AES") }

func nativeHash(rk *[176]byte, in, out []byte) { panic("xof: no native AES") }

func nativeStreams(rk *[176]byte, seeds []byte, first uint64, nblocks int, out []byte) {
	panic("xof: no native AES")
}

func nativeChain(rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	panic("xof: no native AES")
}

func nativeDerive(kernel int, st *[25]uint64, rk *[176]byte) { panic("xof: no native AES") }

func nativeDeriveN(kernel int, st [][25]uint64, rk [][176]byte) { panic("xof: no native AES") }

func nativeDerive2Chain(kernel int, st *[2][25]uint64, rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	panic("xof: no native AES")
}

func nativeIdpfGen(rkExt, rkConv *[176]byte, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nconv int, seedCW, ctrlCW, kept, conv, ctrl1 []byte) {
	panic("xof: no native AES")
}
