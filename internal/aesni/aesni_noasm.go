//go:build !cgo || purego || !amd64

package aesni

// The twin of aesni.go for builds without its C: nothing is available,
// and the functions, which callers reach only when Available, panic.

// Available is false: this build has no AES-NI code.
const Available = false

const noC = "aesni: no AES-NI code in this build"

func Expand(key *[16]byte, rk *[176]byte)                                        { panic(noC) }
func Hash(rk *[176]byte, in, out []byte)                                         { panic(noC) }
func Streams(rk *[176]byte, seeds []byte, first uint64, nblocks int, out []byte) { panic(noC) }
func Chain(rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	panic(noC)
}
func ExpandN(keys [][16]byte, rk [][176]byte) { panic(noC) }
func Expand2Chain(key1, key2 *[16]byte, rk1, rk2 *[176]byte, seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) {
	panic(noC)
}
func IdpfGen(rkExt, rkConv *[176]byte, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nconv int, seedCW, ctrlCW, kept, conv, ctrl1 []byte) {
	panic(noC)
}
