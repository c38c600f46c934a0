//go:build !cgo || purego || !amd64

package keccak

// Without cgo on amd64 the fixed-key XOF uses crypto/aes only.
var fixedKeyNative = false

func nativeExpand(key *[16]byte, rk *[176]byte) { panic("keccak: no native AES") }

func nativeHash(rk *[176]byte, in, out []byte) { panic("keccak: no native AES") }

func nativeStreams(rk *[176]byte, seeds []byte, first uint64, nblocks int, out []byte) {
	panic("keccak: no native AES")
}
