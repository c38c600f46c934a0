package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Of -w, --quiet and --status the last one given wins, as in GNU's
// sha256sum: every order of two of them gives the same kinds of lines as
// sha256sum -c does on the same list (one good line, one malformed).
func TestWarnQuietStatusLastWins(t *testing.T) {
	sha256sum := lookTool(t, "sha256sum")
	gnuSum := sha256.Sum256([]byte("alpha"))
	gnuList := hex.EncodeToString(gnuSum[:]) + "  a\nbad line\n"
	ksList := line("alpha", "a") + "bad line\n"
	dir := writeFiles(t, map[string][]byte{"a": []byte("alpha"), "gnu": []byte(gnuList), "ks": []byte(ksList)})
	opts := []string{"-w", "--quiet", "--status"}
	for _, first := range opts {
		for _, second := range opts {
			if first == second {
				continue
			}
			cmd := exec.Command(sha256sum, "-c", first, second, "gnu")
			cmd.Dir = dir
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Run(), "sha256sum %s %s", first, second)
			r := runIn(t, dir, nil, "-c", first, second, "ks")
			require.Equal(t, 0, r.code)
			require.Equal(t, stdout.String(), r.stdout, "%s %s: stdout", first, second)
			require.Equal(t, kinds(stderr.String()), kinds(r.stderr), "%s %s: stderr %q", first, second, r.stderr)
		}
	}
}

// kinds names the stderr lines of a check: the wording of the per-line
// warning differs between sha256sum and keccaksum, its presence must not.
func kinds(stderr string) []string {
	var k []string
	for l := range strings.Lines(stderr) {
		switch {
		case strings.Contains(l, "WARNING: 1 line is improperly formatted"):
			k = append(k, "summary")
		case strings.Contains(l, "improperly formatted"):
			k = append(k, "per-line warning")
		default:
			k = append(k, l)
		}
	}
	return k
}
