//go:build cgo && !purego

package engine

import (
	"os"
	"testing"

	"github.com/klauspost/cpuid/v2"
	"github.com/stretchr/testify/require"
)

// On a CPU with AVX-512 the avx512 kernel is offered and, unless a kernel is
// forced, in use (mixed with the AVX-512 assembly for single states); on one
// without, it is not offered at all.
func TestAVX512BackendOffered(t *testing.T) {
	has := cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI2, cpuid.AVX512F, cpuid.AVX512VL,
		cpuid.AVX512BW, cpuid.AVX512DQ)
	var labels []string
	for _, b := range backends() {
		labels = append(labels, b.label)
	}
	if !has {
		require.NotContains(t, labels, "c/avx512")
		return
	}
	require.Contains(t, labels, "c/avx512")
	if os.Getenv(kernelEnv) == "" {
		require.Equal(t, "c/avx512+asm/avx512", Name())
	}
}
