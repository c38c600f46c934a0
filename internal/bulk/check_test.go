//go:build cgo && !purego

package bulk_test

import (
	"math"
	"testing"

	"github.com/go-xkcp/keccak/internal/bulk"
	"github.com/go-xkcp/keccak/internal/testkit/isolate"
)

// Every bulk entry point rejects a kernel, round count, rate or length C
// would go out of bounds with.
func TestBulkArgumentChecks(t *testing.T) {
	var a [25]uint64
	var a4 [4][25]uint64
	buf := make([]byte, 1024)
	isolate.PanicCases(t, "bulk: ", map[string]func(){
		"Permute/kernel":      func() { bulk.Permute(bulk.KernelCount(), &a, 24) },
		"Permute/negkernel":   func() { bulk.Permute(-1, &a, 24) },
		"Permute/rounds":      func() { bulk.Permute(0, &a, 25) },
		"Permute/negrounds":   func() { bulk.Permute(0, &a, -1) },
		"Permute/rounds0":     func() { bulk.Permute(0, &a, 0) },
		"Hash/rounds0":        func() { bulk.Hash(0, 136, 6, nil, nil, buf[:32], 0) },
		"Leaves/rounds0":      func() { bulk.Leaves(0, buf[:256], 256, buf, 168, 0x0B, 0, 32) },
		"Batch/rounds0":       func() { bulk.Batch(0, 136, 6, [][]byte{buf}, make([][32]byte, 1), 0) },
		"Absorb/rate0":        func() { bulk.Absorb(0, &a, 0, 0, buf, 24) },
		"Absorb/rate208":      func() { bulk.Absorb(0, &a, 208, 0, buf, 24) },
		"Absorb/rate7":        func() { bulk.Absorb(0, &a, 7, 0, buf, 24) },
		"Absorb/pos>rate":     func() { bulk.Absorb(0, &a, 136, 137, buf, 24) },
		"Absorb/negpos":       func() { bulk.Absorb(0, &a, 136, -1, buf, 24) },
		"Squeeze/rate":        func() { bulk.Squeeze(0, &a, 1000, 0, 0, buf[:1000], 24) },
		"Squeeze/pos>rate":    func() { bulk.Squeeze(0, &a, 136, 137, 0, buf, 24) },
		"Squeeze/negpos":      func() { bulk.Squeeze(0, &a, 136, -1, 0, buf, 24) },
		"Hash/rate":           func() { bulk.Hash(0, 400, 6, nil, nil, buf, 24) },
		"Permute4/kernel":     func() { bulk.Permute4(math.MaxInt, &a4, 24) },
		"Absorb4/lengths":     func() { bulk.Absorb4(0, &a4, 168, &[4][]byte{buf, buf[:168], buf, buf}, 24) },
		"Squeeze4/lengths":    func() { bulk.Squeeze4(0, &a4, 168, &[4][]byte{buf[:336], buf[:168], buf[:168], buf[:168]}, 24) },
		"Leaves/shortcv":      func() { bulk.Leaves(0, buf, 256, buf[:32*3], 168, 0x0B, 12, 32) },
		"Leaves/blocklen0":    func() { bulk.Leaves(0, buf, 0, buf, 168, 0x0B, 12, 32) },
		"Leaves/partialblock": func() { bulk.Leaves(0, buf[:300], 256, buf, 168, 0x0B, 12, 32) },
		"Leaves/cvlen":        func() { bulk.Leaves(0, buf[:256], 256, buf, 168, 0x0B, 12, 169) },
		"Batch/shortdst":      func() { bulk.Batch(0, 136, 6, [][]byte{buf, buf}, make([][32]byte, 1), 24) },
		"Batch/rate24":        func() { bulk.Batch(0, 24, 6, [][]byte{buf}, make([][32]byte, 1), 24) },
		"Batch/kernel":        func() { bulk.Batch(-1, 136, 6, [][]byte{buf}, make([][32]byte, 1), 24) },
	})
}

// KernelName and KernelFeatures index the C registry like the bulk entry
// points and check k the same way (they read past kp1600_kernels[] and died
// with SIGSEGV before).
func TestKernelInfoArgumentChecks(t *testing.T) {
	n := bulk.KernelCount()
	isolate.PanicCases(t, "bulk: ", map[string]func(){
		"KernelName/count":       func() { bulk.KernelName(n) },
		"KernelName/count+5":     func() { bulk.KernelName(n + 5) },
		"KernelName/neg":         func() { bulk.KernelName(-1) },
		"KernelName/maxint":      func() { bulk.KernelName(math.MaxInt) },
		"KernelFeatures/neg":     func() { bulk.KernelFeatures(-1) },
		"KernelFeatures/count":   func() { bulk.KernelFeatures(n) },
		"KernelFeatures/count+5": func() { bulk.KernelFeatures(n + 5) },
		"KernelFeatures/minint":  func() { bulk.KernelFeatures(math.MinInt) },
	})
	for k := range n {
		if bulk.KernelName(k) == "" {
			t.Errorf("kernel %d has no name", k)
		}
		_ = bulk.KernelFeatures(k)
	}
}
