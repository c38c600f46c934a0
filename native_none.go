//go:build !cgo || purego

package keccak

// Without cgo (or with -tags purego) there are no native backends, and the
// generic Go code does all the work; the native halves of backend's methods
// are never reached.

func nativeBackends() []backend { return nil }

const noNative = "keccak: no native backend in this build"

func nativePermute(int, *[25]uint64, int)                         { panic(noNative) }
func nativeAbsorb(int, *[25]uint64, int, []byte, int) int         { panic(noNative) }
func nativeSqueeze(int, *[25]uint64, int, []byte, int)            { panic(noNative) }
func nativeSponge(int, int, byte, []byte, []byte, []byte, int)    { panic(noNative) }
func nativePermute4(int, *[4][25]uint64, int)                     { panic(noNative) }
func nativeAbsorb4(int, *[4][25]uint64, int, *[4][]byte, int) int { panic(noNative) }
func nativeSqueeze4(int, *[4][25]uint64, int, *[4][]byte, int)    { panic(noNative) }
func nativeLeaves(int, *leafSpec, []byte, []byte)                 { panic(noNative) }
func nativeBatch(int, int, byte, [][]byte, [][32]byte, int)       { panic(noNative) }
