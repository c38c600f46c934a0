//go:build cgo && !purego

package bulk_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/bulk"
	"github.com/go-xkcp/keccak/internal/cpu"
)

// Leaves on every kernel this CPU runs against one times-1 sponge per block on the
// portable kernel, at every leaf count 0..17 (full passes of 4 and 8
// lanes, and each count left over), for chaining values of whole lanes and
// of odd lengths (the lanes, then the last bytes one instance at a time).
func TestLeavesAgainstSponges(t *testing.T) {
	r := rand.New(rand.NewPCG(121, 122))
	for _, k := range cpu.Kernels {
		for _, rate := range []int{168, 136} {
			for _, blockLen := range []int{1, 100, rate, 500} {
				for _, cvLen := range []int{20, 32, 33, rate} {
					for n := 0; n <= 17; n++ {
						in := make([]byte, n*blockLen)
						for i := range in {
							in[i] = byte(r.Uint32())
						}
						cv := make([]byte, n*cvLen+1)
						cv[n*cvLen] = 0xA5
						bulk.Leaves(k, in, blockLen, cv, rate, 0x1F, 24, cvLen)
						want := make([]byte, n*cvLen)
						for i := range n {
							bulk.Hash(0, rate, 0x1F, in[i*blockLen:(i+1)*blockLen], nil,
								want[i*cvLen:(i+1)*cvLen], 24)
						}
						if !bytes.Equal(cv[:n*cvLen], want) || cv[n*cvLen] != 0xA5 {
							t.Fatalf("kernel %s: rate %d, block %d, cv %d, %d leaves: cv differs or the byte after it changed",
								bulk.KernelName(k), rate, blockLen, cvLen, n)
						}
					}
				}
			}
		}
	}
}
