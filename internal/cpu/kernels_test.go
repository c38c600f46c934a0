//go:build cgo && !purego

package cpu

import (
	"slices"
	"testing"

	"github.com/go-xkcp/keccak/internal/bulk"
)

// Kernels holds exactly the registry's kernels whose features the CPU
// has, in registry order, portable C (needing nothing) first.
func TestKernels(t *testing.T) {
	if len(Kernels) == 0 || Kernels[0] != 0 {
		t.Fatalf("Kernels = %v, want the portable kernel 0 first", Kernels)
	}
	if !slices.IsSorted(Kernels) {
		t.Errorf("Kernels = %v, not in registry order", Kernels)
	}
	for k := range bulk.KernelCount() {
		if got, want := slices.Contains(Kernels, k), Has(bulk.KernelFeatures(k)); got != want {
			t.Errorf("kernel %d (%s): listed %v, runnable %v", k, bulk.KernelName(k), got, want)
		}
	}
}

// A feature bit featureIDs does not know makes a kernel unrunnable.
func TestHasUnknownBit(t *testing.T) {
	if !Has(0) {
		t.Error("Has(0) = false: a kernel needing nothing must run")
	}
	var known uint
	for bit := range featureIDs {
		known |= bit
	}
	unknown := ^known & -^known // the lowest bit not in the table
	if Has(unknown) {
		t.Errorf("Has(%#x) = true for a bit the table does not know", unknown)
	}
}
