package engine

import (
	"testing"

	"github.com/go-xkcp/keccak/csrc"
	"github.com/go-xkcp/keccak/internal/impl"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// Every backend the registry offers can be selected, and Kernel then names
// its C kernel (or -1 for the kernels run from Go; a mixed backend's name
// starts with its C kernel's): what the fixed-key derivation in C permutes
// with, so KECCAK_KERNEL holds there too.
func TestSelectedKernel(t *testing.T) {
	require.Equal(t, Names(), impl.Names("keccak"))
	implrun.Run(t, "keccak", func(t *testing.T) {
		if active.c < 0 {
			require.Contains(t, []string{"go", "asm/bmi2", "asm/avx2", "asm/avx512", "asm/arm64sha3"}, active.label)
			require.Equal(t, -1, Kernel())
			return
		}
		c := "c/" + csrc.KernelName(Kernel())
		require.Contains(t, []string{c, c + "+asm/bmi2", c + "+asm/avx512"}, active.label)
	})
	require.Panics(t, func() { Use("c/none") })
}
