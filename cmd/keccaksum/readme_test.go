package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The README's "All options" is --help's option list, line for line.
func TestReadmeOptionsAreHelp(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	help := usageText()
	start := strings.Index(help, "  -a, --algorithm")
	end := strings.Index(help, "      --version")
	require.True(t, start >= 0 && end > start)
	end += strings.IndexByte(help[end:], '\n') + 1
	var want strings.Builder
	for l := range strings.Lines(help[start:end]) {
		if strings.TrimSpace(l) == "" {
			want.WriteString("\n")
		} else {
			want.WriteString("    " + l)
		}
	}
	require.Contains(t, string(readme), want.String(), "README.md's \"All options\" differs from --help")
}

// A version the README shows must exist as a tag: no made-up versions
// (issue 33, item 4).
func TestReadmeVersionsExist(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	shown := regexp.MustCompile(`\bv\d+\.\d+\.\d+\b`).FindAllString(string(readme), -1)
	if len(shown) == 0 {
		return
	}
	out, err := exec.Command("git", "tag", "-l").Output()
	if err != nil {
		t.Skipf("git tag: %v", err)
	}
	tags := strings.Fields(string(out))
	for _, v := range shown {
		require.Contains(t, tags, v, "README.md shows %s, which is no tag", v)
	}
}
