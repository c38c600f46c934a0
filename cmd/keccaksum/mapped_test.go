//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"bytes"
	"crypto/sha3"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// truncating wraps a digest and truncates a file at its first Write: the
// file shrinks under a run that has already mapped it.
type truncating struct {
	digest
	t    *testing.T
	path string
	to   int64
	done bool
}

func (d *truncating) Write(p []byte) (int, error) {
	if !d.done {
		d.done = true
		require.NoError(d.t, os.Truncate(d.path, d.to))
	}
	return d.digest.Write(p)
}

// Regression (issue 11, part 4): a mapped file truncated while it is
// hashed used to end the run with SIGBUS (here: the test binary). Now that
// file's read fails with errTruncated, and the reader hashes the next file.
func TestMappedFileTruncatedWhileHashed(t *testing.T) {
	dir := t.TempDir()
	big, small := filepath.Join(dir, "big"), filepath.Join(dir, "small")
	content := bytes.Repeat([]byte("0123456789abcdef"), 8<<20/16)
	require.NoError(t, os.WriteFile(big, content, 0o644))
	require.NoError(t, os.WriteFile(small, content[:2*mmapMin], 0o644))

	sha := findAlgorithm("sha3-256")
	for _, to := range []int64{0, readBlock + 100, 3 * readBlock} {
		require.NoError(t, os.WriteFile(big, content, 0o644))
		alg := *sha
		alg.new = func(p params, n int) digest {
			return &truncating{digest: sha.new(p, n), t: t, path: big, to: to}
		}
		r := newReader(true, nil, 1)
		_, err := r.sumFile(big, &alg, &params{}, alg.size)
		require.ErrorIs(t, err, errTruncated, "truncated to %d bytes", to)
		require.Equal(t, "File truncated while it was read", errorText(err))

		sum, err := r.sumFile(small, sha, &params{}, sha.size)
		require.NoError(t, err)
		want := sha3.Sum256(content[:2*mmapMin])
		require.Equal(t, want[:], sum)
	}
}

// Reading a mapping through mapped gives the file's bytes, whatever the
// buffer sizes.
func TestMappedReadsTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	content := bytes.Repeat([]byte("abc"), 1<<20)
	require.NoError(t, os.WriteFile(path, content, 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	data, unmap, err := mapFile(f, int64(len(content)))
	require.NoError(t, err)
	defer unmap()
	got, err := io.ReadAll(&mapped{data: data})
	require.NoError(t, err)
	require.Equal(t, content, got)
}
