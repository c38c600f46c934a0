package engine

import (
	"testing"

	"github.com/go-xkcp/keccak/internal/bulk"
	"github.com/go-xkcp/keccak/internal/impl"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// Every backend the registry offers can be selected, and its name says
// which C kernel it crosses into, if any (a mixed backend's name starts
// with its C kernel's).
func TestSelectedKernel(t *testing.T) {
	require.Equal(t, Names(), impl.Names("keccak"))
	implrun.Run(t, "keccak", func(t *testing.T) {
		if active.c < 0 {
			require.Contains(t, []string{"go", "asm/bmi2", "asm/avx2", "asm/avx512", "asm/arm64sha3"}, active.label)
			return
		}
		c := "c/" + bulk.KernelName(active.c)
		require.Contains(t, []string{c, c + "+asm/bmi2", c + "+asm/avx512"}, active.label)
	})
	require.Panics(t, func() { Use("c/none") })
}
