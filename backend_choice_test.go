package keccak

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestChooseBackend(t *testing.T) {
	all := []backend{genericBackend, {label: "c/portable", kernel: 0}, {label: "c/fast", kernel: 1}}
	for want, label := range map[string]string{
		"": "c/fast", "go": "go", "portable": "c/portable", "c/portable": "c/portable",
		"fast": "c/fast", "unknown": "c/fast", "c/": "c/fast", "c/go": "c/fast",
	} {
		require.Equal(t, label, chooseBackend(all, want).label, "KECCAK_KERNEL=%q", want)
	}
}

// With KECCAK_KERNEL set (make test-arm64 runs the suite once per kernel),
// the forced backend is the one in use: a misspelt or unsupported name
// would otherwise test the default silently.
func TestForcedBackend(t *testing.T) {
	want := os.Getenv(kernelEnv)
	if want == "" {
		t.Skip(kernelEnv + " not set")
	}
	require.Contains(t, []string{want, "c/" + want}, Backend())
}
