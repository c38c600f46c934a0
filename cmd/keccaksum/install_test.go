package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// make install puts the binary in $(DESTDIR)$(PREFIX)/bin and the man page
// in $(DESTDIR)$(PREFIX)/share/man/man1, PREFIX /usr/local unless given.
func TestMakeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds keccaksum again")
	}
	mk := lookTool(t, "make")
	page, err := os.ReadFile("keccaksum.1")
	require.NoError(t, err)
	for _, c := range []struct{ prefix, args []string }{
		{[]string{"usr", "local"}, nil},
		{[]string{"opt", "k"}, []string{"PREFIX=/opt/k"}},
	} {
		dest := t.TempDir()
		cmd := exec.Command(mk, append([]string{"-s", "-C", filepath.Join("..", ".."), "install", "DESTDIR=" + dest}, c.args...)...)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		root := filepath.Join(append([]string{dest}, c.prefix...)...)
		bin := filepath.Join(root, "bin", "keccaksum")
		st, err := os.Stat(bin)
		require.NoError(t, err)
		require.NotZero(t, st.Mode()&0o111, "%s is not executable", bin)
		v, err := exec.Command(bin, "--version").Output()
		require.NoError(t, err)
		require.Contains(t, string(v), "keccaksum ")
		got, err := os.ReadFile(filepath.Join(root, "share", "man", "man1", "keccaksum.1"))
		require.NoError(t, err)
		require.Equal(t, string(page), string(got))
	}
}
