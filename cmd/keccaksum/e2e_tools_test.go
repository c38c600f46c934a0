package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Independent implementations on this machine: openssl dgst (SHA3, and
// SHAKE with -xoflen, which this openssl 3.0 supports; without it SHAKE's
// output is 16 or 32 bytes), openssl mac (KMAC) and Python's hashlib
// (OpenSSL-backed too, but a different program reading the file).

func lookTool(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed: %v", name, err)
	}
	return p
}

func TestAgainstOpenSSL(t *testing.T) {
	openssl := lookTool(t, "openssl")
	msgs := testMessages()
	dir := writeFiles(t, msgs)
	cases := []struct {
		alg    string
		digest string
		n      int // -l / -xoflen; 0 for fixed-size
	}{
		{"sha3-224", "-sha3-224", 0}, {"sha3-256", "-sha3-256", 0},
		{"sha3-384", "-sha3-384", 0}, {"sha3-512", "-sha3-512", 0},
		{"shake128", "-shake128", 32}, {"shake128", "-shake128", 200},
		{"shake256", "-shake256", 64}, {"shake256", "-shake256", 17},
	}
	for _, c := range cases {
		for name := range msgs {
			args := []string{"dgst", c.digest, "-r"}
			ksArgs := []string{"-a", c.alg}
			if c.n > 0 {
				args = append(args, "-xoflen", fmt.Sprint(c.n))
				ksArgs = append(ksArgs, "-l", fmt.Sprint(c.n))
			}
			cmd := exec.Command(openssl, append(args, name)...)
			cmd.Dir = dir
			out, err := cmd.Output()
			require.NoError(t, err, "openssl %v", args)
			// -r prints coreutils' format with '*' for binary mode.
			want, _, _ := strings.Cut(string(out), " ")
			got, _, _ := strings.Cut(mustRun(t, dir, nil, append(ksArgs, name)...), " ")
			require.Equal(t, want, got, "%s %s", c.alg, name)
		}
	}
}

func TestAgainstPythonHashlib(t *testing.T) {
	python := lookTool(t, "python3")
	msgs := testMessages()
	dir := writeFiles(t, msgs)
	const script = `
import hashlib, sys
alg, n = sys.argv[1], int(sys.argv[2])
for name in sys.argv[3:]:
    h = hashlib.new(alg, open(name, "rb").read())
    print(h.hexdigest(n) if alg.startswith("shake") else h.hexdigest(), name)
`
	var names []string
	for name := range msgs {
		names = append(names, name)
	}
	for _, c := range []struct {
		alg, py string
		n       int
	}{
		{"sha3-224", "sha3_224", 0}, {"sha3-256", "sha3_256", 0},
		{"sha3-384", "sha3_384", 0}, {"sha3-512", "sha3_512", 0},
		{"shake128", "shake_128", 32}, {"shake128", "shake_128", 1000},
		{"shake256", "shake_256", 64}, {"shake256", "shake_256", 1},
	} {
		want := scriptSums(t, dir, python, script, append([]string{c.py, fmt.Sprint(c.n)}, names...)...)
		args := []string{"-a", c.alg}
		if c.n > 0 {
			args = append(args, "-l", fmt.Sprint(c.n))
		}
		_, got := parseHashLines(t, mustRun(t, dir, nil, append(args, names...)...))
		require.Equal(t, want, got, c.alg)
	}
}

// KMAC against openssl mac (OpenSSL 3's KMAC128/KMAC256, xof:1 for the
// XOF variants).
func TestKMACAgainstOpenSSL(t *testing.T) {
	openssl := lookTool(t, "openssl")
	msgs := testMessages()
	msgs["key"] = []byte("0123456789abcdef0123456789ABCDEF")
	dir := writeFiles(t, msgs)
	for _, c := range []struct {
		alg, mac string
		xof      bool
		n        int
		custom   string
	}{
		{"kmac128", "KMAC128", false, 32, ""},
		{"kmac128", "KMAC128", false, 7, "app"},
		{"kmac256", "KMAC256", false, 64, "ctx"},
		{"kmacxof128", "KMAC128", true, 100, ""},
		{"kmacxof256", "KMAC256", true, 33, "x y"},
	} {
		for name := range msgs {
			if name == "key" {
				continue
			}
			args := []string{"mac", "-macopt", "hexkey:" + hex.EncodeToString(msgs["key"]), "-macopt", fmt.Sprintf("size:%d", c.n), "-in", name}
			if c.custom != "" {
				args = append(args, "-macopt", "hexcustom:"+hex.EncodeToString([]byte(c.custom)))
			}
			if c.xof {
				args = append(args, "-macopt", "xof:1")
			}
			cmd := exec.Command(openssl, append(args, c.mac)...)
			cmd.Dir = dir
			out, err := cmd.Output()
			require.NoError(t, err, "openssl %v", args)
			want := strings.ToLower(strings.TrimSpace(string(out)))
			ksArgs := []string{"-a", c.alg, "-l", fmt.Sprint(c.n), "--key-file", "key", name}
			if c.custom != "" {
				ksArgs = append(ksArgs, "--customization", c.custom)
			}
			got, _, _ := strings.Cut(mustRun(t, dir, nil, ksArgs...), " ")
			require.Equal(t, want, got, "%s %s %+v", c.alg, name, c)
		}
	}
}

// Legacy Keccak (the original padding) against pycryptodome's keccak
// module, which Debian packages for /usr/bin/python3 (hashlib has none).
func TestAgainstPycryptodomeKeccak(t *testing.T) {
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import Cryptodome.Hash.keccak").Run(); err != nil {
		t.Skipf("%s cannot import Cryptodome.Hash.keccak (apt-get install python3-pycryptodome): %v", python, err)
	}
	msgs := testMessages()
	dir := writeFiles(t, msgs)
	const script = `
import sys
from Cryptodome.Hash import keccak
bits = int(sys.argv[1])
for name in sys.argv[2:]:
    print(keccak.new(digest_bits=bits, data=open(name, "rb").read()).hexdigest(), name)
`
	var names []string
	for name := range msgs {
		names = append(names, name)
	}
	for _, bits := range []int{256, 512} {
		want := scriptSums(t, dir, python, script, append([]string{fmt.Sprint(bits)}, names...)...)
		alg := fmt.Sprintf("keccak-%d", bits)
		_, got := parseHashLines(t, mustRun(t, dir, nil, append([]string{"-a", alg}, names...)...))
		require.Equal(t, want, got, alg)
		// --check of our own lines, tagged and not.
		for _, tag := range [][]string{nil, {"--tag"}} {
			sums := mustRun(t, dir, nil, append(append([]string{"-a", alg}, tag...), names...)...)
			r := runIn(t, dir, []byte(sums), append([]string{"-c", "-a", alg}, "-")...)
			require.Equal(t, 0, r.code, r.stderr)
		}
	}
}

// scriptSums runs a Python script in dir and reads its "HEX NAME" lines.
func scriptSums(t *testing.T, dir, python, script string, args ...string) map[string]string {
	cmd := exec.Command(python, append([]string{"-c", script}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	require.NoError(t, err)
	sums := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		h, name, _ := strings.Cut(l, " ")
		sums[name] = h
	}
	return sums
}

// -c reads what openssl dgst prints: SHA3 and SHAKE lines (openssl names
// SHAKE "SHAKE-256" and gives 32 bytes of SHAKE256 without -xoflen), in
// its tagged format and, with -a and its names, in -r's untagged one.
func TestCheckReadsOpenSSLLines(t *testing.T) {
	openssl := lookTool(t, "openssl")
	dir := checkDir(t, nil)
	var list, want strings.Builder
	for _, args := range [][]string{{"-sha3-256"}, {"-sha3-512"}, {"-shake128"}, {"-shake256"}, {"-shake256", "-xoflen", "100"}} {
		cmd := exec.Command(openssl, append(append([]string{"dgst"}, args...), "a", "c d")...)
		cmd.Dir = dir
		out, err := cmd.Output()
		require.NoError(t, err, "openssl dgst %v", args)
		list.Write(out)
		want.WriteString("a: OK\nc d: OK\n")
	}
	require.Contains(t, list.String(), "SHAKE-256(a)= ")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), []byte(list.String()), 0o644))
	require.Equal(t, want.String(), mustRun(t, dir, nil, "-c", "list"))

	cmd := exec.Command(openssl, "dgst", "-shake256", "a", "b")
	cmd.Dir = dir
	out, err := cmd.Output()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shake"), out, 0o644))
	require.Equal(t, "a: OK\nb: OK\n", mustRun(t, dir, nil, "-c", "-a", "shake-256", "shake"))
	cmd = exec.Command(openssl, "dgst", "-shake256", "-r", "a", "b")
	cmd.Dir = dir
	out, err = cmd.Output()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "untagged"), out, 0o644))
	require.Equal(t, "a: OK\nb: OK\n", mustRun(t, dir, nil, "-c", "-a", "SHAKE-256", "untagged"))
	r := runIn(t, dir, nil, "-c", "untagged")
	require.Equal(t, 1, r.code, "sha3-256 of a and b are other digests")
}
