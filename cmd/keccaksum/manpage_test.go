package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/cmd/keccaksum/internal/manpage"
	"github.com/stretchr/testify/require"
)

// The committed man page is what the generator makes of today's --help.
func TestManPageIsGenerated(t *testing.T) {
	committed, err := os.ReadFile("keccaksum.1")
	require.NoError(t, err)
	require.Equal(t, manpage.Render(usageText()), string(committed), "keccaksum.1 is stale: run go generate ./cmd/keccaksum")
	for _, s := range optionSpecs {
		if s.long != "" {
			require.Contains(t, string(committed), `\-\-`+strings.ReplaceAll(s.long, "-", `\-`), "the man page must list --%s", s.long)
		}
	}
	// groff, if here, reads it without a warning.
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff not installed")
	}
	out, err := exec.Command(groff, "-man", "-ww", "-z", "keccaksum.1").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Empty(t, string(out))
}
