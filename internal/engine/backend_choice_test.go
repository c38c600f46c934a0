package engine

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestChooseBackend(t *testing.T) {
	all := []backend{genericBackend, bmi2Backend, {label: "c/portable", c: 0}, {label: "c/bmi2", c: 1}, {label: "c/fast", c: 2}}
	matches := map[string]string{
		"": "c/fast", "go": "go", "portable": "c/portable", "c/portable": "c/portable",
		"fast": "c/fast", "unknown": "c/fast", "c/": "c/fast", "c/go": "c/fast",
		// A bare name is the C kernel's where there is one, as before.
		"asm/bmi2": "asm/bmi2", "bmi2": "c/bmi2", "c/bmi2": "c/bmi2", "asm/": "c/fast", "asm/fast": "c/fast",
	}
	for want, label := range matches {
		b, note := chooseBackend(all, want)
		require.Equal(t, label, b.label, "KECCAK_KERNEL=%q", want)
		// A name that matched nothing is reported, with what would work.
		if matched := want == "" || label != "c/fast" || want == "fast"; matched {
			require.Empty(t, note, "KECCAK_KERNEL=%q", want)
		} else {
			require.Contains(t, note, "KECCAK_KERNEL=\""+want+"\" ignored", "KECCAK_KERNEL=%q", want)
			require.Contains(t, note, "c/portable", "the note lists the names that work")
		}
	}
}

// A KECCAK_KERNEL value that names nothing runnable shows in Name, so a
// typo is seen wherever Backend is printed (keccaksum --version).
func TestNameReportsIgnoredChoice(t *testing.T) {
	defer func(b backend, n string) { active, choiceNote = b, n }(active, choiceNote)
	active, choiceNote = chooseBackend(backends(), "avx3")
	require.True(t, strings.HasPrefix(Name(), backends()[len(backends())-1].label+" (KECCAK_KERNEL=\"avx3\" ignored"), Name())
}

// With KECCAK_KERNEL set (make test-arm64 runs the suite once per kernel),
// the forced backend is the one in use: a misspelt or unsupported name
// would otherwise test the default silently.
func TestForcedBackend(t *testing.T) {
	want := os.Getenv(kernelEnv)
	if want == "" {
		t.Skip(kernelEnv + " not set")
	}
	require.Contains(t, []string{want, "c/" + want, "asm/" + want}, Name())
}

// Without C kernels (no cgo) a bare kernel name names the assembly kernel,
// and that kernel is the default (amd64's BMI2, arm64's SHA3); with cgo
// the bare name stays the C kernel's.
func TestChooseBackendWithoutC(t *testing.T) {
	for _, asm := range []backend{bmi2Backend, sha3Backend} {
		all := []backend{genericBackend, asm}
		bare := strings.TrimPrefix(asm.label, "asm/")
		for _, want := range []string{"", bare, asm.label} {
			b, note := chooseBackend(all, want)
			require.Equal(t, asm.label, b.label, "KECCAK_KERNEL=%q", want)
			require.Empty(t, note)
		}
		b, _ := chooseBackend(append(all, backend{label: "c/" + bare, c: 1}), bare)
		require.Equal(t, "c/"+bare, b.label)
	}
}
