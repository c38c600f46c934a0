//go:build cgo && !purego

package bulk

import "github.com/go-xkcp/keccak/internal/checked"

// The C entry points trust their arguments: a kernel index, a round count,
// a rate and buffer lengths that agree. Each Go function here checks them
// first, with length products that cannot wrap (internal/checked), and
// panics with a bulk: message rather than let C read or write outside a
// buffer. The engine's calls (on behalf of the public API) never trip
// these checks; they are the last line, not the validation of user input.

// kernelCount is fixed when the program is linked.
var kernelCount = KernelCount()

// checkIndex: k is a compiled-in kernel.
func checkIndex(k int) {
	checked.Need(uint(k) < uint(kernelCount), "bulk: kernel index out of range")
}

// checkKernel: k is a compiled-in kernel and nr a round count it can run,
// 1..24 as in xkcp/kernel.h (0 would permute nothing).
func checkKernel(k, nr int) {
	checkIndex(k)
	checked.Need(nr >= 1 && nr <= 24, "bulk: round count out of range 1..24")
}

// checkRate: a Keccak-f[1600] rate the kernels take (whole lanes, at most
// the 200-byte state).
func checkRate(rate int) {
	checked.Need(rate > 0 && rate <= 200 && rate%8 == 0, "bulk: rate must be a multiple of 8 in 8..200")
}
