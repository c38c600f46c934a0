//go:build cgo && !purego

package cpu

import (
	"github.com/go-xkcp/keccak/internal/bulk"
	"github.com/klauspost/cpuid/v2"
)

// featureIDs maps each feature bit of the C kernel registry (xkcp/kernel.h,
// KP1600_FEATURE_*) to the cpuid features a kernel with that bit needs.
var featureIDs = map[uint][]cpuid.FeatureID{
	bulk.FeatureAVX2:      {cpuid.AVX2},
	bulk.FeatureBMI2:      {cpuid.BMI2},
	bulk.FeatureAVX512:    {cpuid.AVX512F, cpuid.AVX512VL, cpuid.AVX512BW, cpuid.AVX512DQ},
	bulk.FeatureARM64SHA3: {cpuid.SHA3},
}

// Has reports whether the CPU has every feature in the kernel feature
// bits; a bit featureIDs does not know makes it false.
func Has(features uint) bool {
	for bit, ids := range featureIDs {
		if features&bit != 0 && !cpuid.CPU.Supports(ids...) {
			return false
		}
		features &^= bit
	}
	return features == 0
}

// Kernels lists the indexes of the C kernels this CPU can run, in registry
// order: slowest first, so the last is the one to use.
var Kernels = runnable()

func runnable() []int {
	var ks []int
	for k := range bulk.KernelCount() {
		if Has(bulk.KernelFeatures(k)) {
			ks = append(ks, k)
		}
	}
	return ks
}
