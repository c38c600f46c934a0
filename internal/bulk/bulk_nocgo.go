//go:build !cgo || purego

package bulk

// The no-cgo twin of bulk.go: this build links no C, so there are no
// kernels (internal/cpu lists none here, kernels_none.go), and the engine
// never calls the rest.

// KernelCount is 0: no kernel is compiled in.
func KernelCount() int { return 0 }

const noC = "bulk: no C kernels in this build"

func KernelName(k int) string                                          { panic(noC) }
func KernelFeatures(k int) uint                                        { panic(noC) }
func Permute(k int, a *[25]uint64, nr int)                             { panic(noC) }
func Absorb(k int, a *[25]uint64, rate, pos int, p []byte, nr int) int { panic(noC) }
func Squeeze(k int, a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) int {
	panic(noC)
}
func Hash(k, rate int, ds byte, in, tail, out []byte, nr int) { panic(noC) }
func Permute4(k int, a *[4][25]uint64, nr int)                { panic(noC) }
func Absorb4(k int, a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	panic(noC)
}
func Squeeze4(k int, a *[4][25]uint64, rate int, out *[4][]byte, nr int) { panic(noC) }
func Leaves(k int, in []byte, blockLen int, cv []byte, rate int, ds byte, nr, cvLen int) {
	panic(noC)
}
func Batch(k, rate int, ds byte, msgs [][]byte, dst [][32]byte, nr int) { panic(noC) }
