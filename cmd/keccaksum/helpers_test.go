package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/internal/testkit/testvec"
	"github.com/stretchr/testify/require"
)

// The helpers the tests share: running the binary, making inputs, vectors.

// result is what one run of the binary did.
type result struct {
	stdout, stderr string
	code           int
}

// runIn runs keccaksum in dir with args and stdin (nil: empty stdin).
func runIn(t *testing.T, dir string, stdin []byte, args ...string) result {
	t.Helper()
	cmd := ksCommand(args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else {
		require.NoError(t, err, "running keccaksum %s", strings.Join(args, " "))
	}
	return r
}

// mustRun runs keccaksum and requires exit status 0 and an empty stderr.
func mustRun(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	r := runIn(t, dir, stdin, args...)
	require.Equal(t, result{stdout: r.stdout}, r, "keccaksum %q", args)
	return r.stdout
}

// writeFiles creates the named files under a new temp dir and returns it.
func writeFiles(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, data, 0o644))
	}
	return dir
}

// testMessages are inputs around the interesting sizes: empty, one byte,
// either side of the SHAKE128 and SHA3-256 rates, a KangarooTwelve chunk
// boundary, and one longer than a read buffer (readBlock).
func testMessages() map[string][]byte {
	sizes := []int{0, 1, 135, 136, 137, 167, 168, 169, 8191, 8192, 8193, 3*8192 + 5, readBlock + 12345}
	m := map[string][]byte{}
	for _, n := range sizes {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*131 + n + i>>9)
		}
		m[fmt.Sprintf("msg%d", n)] = b
	}
	return m
}

// sha3hex is the SHA3-256 of b in hex, as keccaksum prints it.
func sha3hex(b []byte) string { s := keccak.Sum256(b); return hex.EncodeToString(s[:]) }

type vector = testvec.Keccak

func unhex(t *testing.T, s string) []byte { return testvec.Unhex(t, s) }

func loadVectors(t *testing.T, name string) []vector { return testvec.LoadKeccak(t, name) }
