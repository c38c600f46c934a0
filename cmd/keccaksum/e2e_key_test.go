package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 29, item 2: --key-file - took standard input for the key even
// when standard input was also to be hashed or checked, and then hashed
// the empty message (or reported no checksum lines); and a key file was
// read without a bound.
func TestKeyFromStdin(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"f": []byte("message"), "key": []byte("secret")})
	want := mustRun(t, dir, nil, "-a", "kmac128", "--key-file", "key", "f")

	// The key from standard input, the message from a file: fine.
	require.Equal(t, want, mustRun(t, dir, []byte("secret"), "-a", "kmac128", "--key-file", "-", "f"))

	// Standard input as both: a usage error that says so.
	for _, args := range [][]string{
		{"-a", "kmac128", "--key-file", "-"},
		{"-a", "kmac128", "--key-file", "-", "f", "-"},
		{"-a", "kmac128", "--key-file=-", "--", "-"},
	} {
		r := runIn(t, dir, []byte("secret"), args...)
		require.Equal(t, exitUsage, r.code, "%q", args)
		require.Empty(t, r.stdout, "%q", args)
		require.Contains(t, r.stderr, "--key-file - reads the key from standard input, which is also an input here", "%q", args)
	}
	list := []byte("KMAC128 (f) = " + strings.Fields(want)[0] + "\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), list, 0o644))
	require.Equal(t, "f: OK\n", mustRun(t, dir, []byte("secret"), "-c", "--key-file", "-", "list"))
	for _, args := range [][]string{{"-c", "--key-file", "-"}, {"-c", "--key-file", "-", "list", "-"}} {
		r := runIn(t, dir, list, args...)
		require.Equal(t, exitUsage, r.code, "%q", args)
		require.Contains(t, r.stderr, "which is also a checksum list here", "%q", args)
	}

	// A list (a file) naming '-' while the key came from standard input:
	// that entry cannot be read.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list2"), append([]byte("KMAC128 (-) = "+strings.Repeat("00", 32)+"\n"), list...), 0o644))
	r := runIn(t, dir, []byte("secret"), "-c", "--key-file", "-", "list2")
	require.Equal(t, result{
		stdout: "-: FAILED open or read\nf: OK\n",
		stderr: "keccaksum: -: Standard input was read as the key (--key-file -)\nkeccaksum: WARNING: 1 listed file could not be read\n",
		code:   exitFailure,
	}, r)
}

func TestKeyFileBound(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{
		"f":       []byte("message"),
		"max":     bytes.Repeat([]byte{7}, maxKeySize),
		"toolong": bytes.Repeat([]byte{7}, maxKeySize+1),
	})
	mustRun(t, dir, nil, "-a", "kmac256", "--key-file", "max", "f")
	tooLong := fmt.Sprintf("longer than %d bytes: not a key", maxKeySize)
	for _, key := range []string{"toolong", "/dev/zero"} {
		r := runIn(t, dir, nil, "-a", "kmac256", "--key-file", key, "f")
		require.Equal(t, exitUsage, r.code, key)
		require.Empty(t, r.stdout, key)
		require.Contains(t, r.stderr, "keccaksum: reading the key: "+key+": L"+tooLong[1:], key)
	}
	// From standard input too.
	r := runIn(t, dir, bytes.Repeat([]byte{7}, maxKeySize+1), "-a", "kmac256", "--key-file", "-", "f")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, tooLong[1:])
}
