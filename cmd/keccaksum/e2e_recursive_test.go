//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// recursiveTree makes a tree with the cases -r must tell apart: a
// directory "a" sorting before the file "a.txt", links to a file, to an
// ancestor (a loop under -L) and to nothing, and a FIFO.
func recursiveTree(t *testing.T) string {
	t.Helper()
	dir := writeFiles(t, map[string][]byte{
		"d/a/x": []byte("x"), "d/a.txt": []byte("a"), "d/sub/b": []byte("b"), "d/z": []byte("z"), "f": []byte("f"),
	})
	require.NoError(t, os.Mkdir(filepath.Join(dir, "d/empty"), 0o755))
	require.NoError(t, os.Symlink("../z", filepath.Join(dir, "d/sub/lz")))
	require.NoError(t, os.Symlink("..", filepath.Join(dir, "d/sub/up")))
	require.NoError(t, os.Symlink("nowhere", filepath.Join(dir, "d/dangling")))
	require.NoError(t, os.Symlink("d", filepath.Join(dir, "linkdir")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "d/fifo"), 0o644))
	return dir
}

func TestRecursive(t *testing.T) {
	dir := recursiveTree(t)
	tree := line("x", "d/a/x") + line("a", "d/a.txt") + line("b", "d/sub/b") + line("z", "d/z")
	// Links inside the tree and the FIFO are skipped; the order is each
	// directory's names in byte order, run after run, at any -j.
	require.Equal(t, tree, mustRun(t, dir, nil, "-r", "d"))
	require.Equal(t, tree, mustRun(t, dir, nil, "--recursive", "-j", "1", "d/"))
	// Operands keep their order; a file operand is hashed as without -r,
	// a link operand is followed.
	require.Equal(t, line("f", "f")+tree+strings.ReplaceAll(tree, "  d/", "  linkdir/"),
		mustRun(t, dir, nil, "-r", "f", "d", "linkdir"))

	// -L follows links inside the tree too; a dangling one and a loop
	// are errors of their own entries, and the walk goes on.
	r := runIn(t, dir, nil, "-rL", "d", "f")
	require.Equal(t, result{
		stdout: line("x", "d/a/x") + line("a", "d/a.txt") + line("b", "d/sub/b") + line("z", "d/sub/lz") + line("z", "d/z") + line("f", "f"),
		stderr: "keccaksum: d/dangling: No such file or directory\n" +
			"keccaksum: d/sub/up: File system loop: the same directory as d, not walked again\n",
		code: 1,
	}, r)

	// A missing operand is reported as without -r; without -r a
	// directory is still an error.
	r = runIn(t, dir, nil, "-r", "missing", "f")
	require.Equal(t, result{stdout: line("f", "f"), stderr: "keccaksum: missing: No such file or directory\n", code: 1}, r)
	r = runIn(t, dir, nil, "d/sub", "f")
	require.Equal(t, result{stdout: line("f", "f"), stderr: "keccaksum: d/sub: Is a directory\n", code: 1}, r)

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-c", "-r", "f"}, "-r walks directories to hash their files; --check reads lists"},
		{[]string{"-L", "d"}, "-L (--follow) follows symbolic links in the trees -r walks: give -r too"},
		{[]string{"-r", "--raw", "d"}, "--raw writes the bytes of one digest: -r may find many"},
	} {
		r := runIn(t, dir, nil, c.args...)
		require.Equal(t, 2, r.code, "%q", c.args)
		require.Contains(t, r.stderr, c.msg, "%q", c.args)
	}
}

// A directory that cannot be listed is reported in its turn, and the
// walk goes on (root lists anything: skipped there).
func TestRecursiveUnreadableDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any directory")
	}
	dir := writeFiles(t, map[string][]byte{"d/a": []byte("a"), "d/locked/x": []byte("x"), "d/z": []byte("z")})
	locked := filepath.Join(dir, "d/locked")
	require.NoError(t, os.Chmod(locked, 0))
	defer os.Chmod(locked, 0o755)
	r := runIn(t, dir, nil, "-r", "d")
	require.Equal(t, result{
		stdout: line("a", "d/a") + line("z", "d/z"),
		stderr: "keccaksum: d/locked: Permission denied\n",
		code:   1,
	}, r)
}
