package main

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// A KECCAK_KERNEL that names no backend is ignored with one line on
// stderr, before the digests, which are the default backend's; a kernel
// that exists is used without a word.
func TestUnknownKernelWarns(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"a": []byte("alpha"), "sums": []byte(line("alpha", "a"))})
	run := func(kernel string, args ...string) (stdout, stderr string) {
		cmd := ksCommand(args...)
		cmd.Dir = dir
		cmd.Env = append(cmd.Environ(), "KECCAK_KERNEL="+kernel)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		require.NoError(t, cmd.Run(), "KECCAK_KERNEL=%s keccaksum %q: %s", kernel, args, e.String())
		return o.String(), e.String()
	}
	want := line("alpha", "a")
	stdout, stderr := run("no-such-kernel", "a")
	require.Equal(t, want, stdout)
	require.Regexp(t, regexp.MustCompile(`^keccaksum: KECCAK_KERNEL="no-such-kernel" ignored: not one of go[^\n]*; using \S+\n$`), stderr)

	stdout, stderr = run("no-such-kernel", "-c", "--quiet", "sums")
	require.Empty(t, stdout)
	require.Contains(t, stderr, `KECCAK_KERNEL="no-such-kernel" ignored`)

	stdout, stderr = run("go", "a")
	require.Equal(t, want, stdout)
	require.Empty(t, stderr)
}
