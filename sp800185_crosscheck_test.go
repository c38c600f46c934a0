package keccak

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// Cross-checks against implementations that share no code with this
// package: @noble/hashes (Node.js), pycryptodome's Keccak sponge with the
// functions composed from the standard's text (Python), and OpenSSL's
// KMAC. tools/install-crosscheck-deps.sh installs them (.ci/run calls it).
// When one is missing the test fails in CI (CI set) and skips elsewhere.

var spAlgs = []string{
	"KMAC128", "KMAC256", "KMACXOF128", "KMACXOF256",
	"TupleHash128", "TupleHash256", "TupleHashXOF128", "TupleHashXOF256",
	"ParallelHash128", "ParallelHash256", "ParallelHashXOF128", "ParallelHashXOF256",
}

// randomSPCases returns perAlg random cases of every function, with the
// edges (empty key, message, tuple, customization; block sizes of one byte
// and KangarooTwelve's chunk) well represented.
func randomSPCases(r *rand.Rand, perAlg int) []spCase {
	hexOf := func(n int) string { return hex.EncodeToString(randomBytes(r, n)) }
	var cs []spCase
	for _, alg := range spAlgs {
		for range perAlg {
			c := spCase{Alg: alg, S: hexOf(randLen(r, 200)), OutLen: randLen(r, 300)}
			switch {
			case strings.HasPrefix(alg, "KMAC"):
				c.Key, c.Msg = hexOf(randLen(r, 300)), hexOf(randLen(r, 2000))
			case strings.HasPrefix(alg, "TupleHash"):
				c.Tuple = make([]string, r.IntN(6))
				for i := range c.Tuple {
					c.Tuple[i] = hexOf(randLen(r, 400))
				}
			default:
				c.B = []int{1, 7, 8, 168, 1 + r.IntN(5000), 8192}[r.IntN(6)]
				c.Msg = hexOf(r.IntN(min(c.B, 4096)*12 + 1))
			}
			cs = append(cs, c)
		}
	}
	return cs
}

// missing fails the test in CI and skips it elsewhere.
func missing(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("cross-check dependency missing (run tools/install-crosscheck-deps.sh): "+format, args...)
	}
	t.Skipf("cross-check dependency missing (run tools/install-crosscheck-deps.sh): "+format, args...)
}

// runCases feeds the cases to a script as JSON lines and returns its
// output lines.
func runCases(t *testing.T, cs []spCase, name string, args ...string) []string {
	t.Helper()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cs {
		c.Expected, c.Src = "", ""
		require.NoError(t, enc.Encode(c))
	}
	cmd := exec.Command(name, args...)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "%s %v: %s", name, args, stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, len(cs))
	return lines
}

// ours computes every case one-shot (where there is one) and streamed in
// random splits, requiring the two to agree, and returns the hex outputs.
func ours(t *testing.T, r *rand.Rand, cs []spCase) []string {
	out := make([]string, len(cs))
	for i := range cs {
		c := &cs[i]
		n := len(c.Msg) / 2
		got := spStream(t, c, randomSplits(r, n), randomSplits(r, c.OutLen))
		if one := spOneShot(t, c); one != nil {
			eqBytes(t, one, got, c.Alg)
		}
		out[i] = hex.EncodeToString(got)
	}
	return out
}

func compareLines(t *testing.T, who string, cs []spCase, want, got []string) {
	t.Helper()
	for i := range cs {
		if want[i] != got[i] {
			j, _ := json.Marshal(cs[i])
			t.Fatalf("%s disagrees on case %d: %s\nours: %s\n%s: %s", who, i, j, want[i], who, got[i])
		}
	}
}

func crossCheckCases(t *testing.T, seed uint64) ([]spCase, []string) {
	r := rand.New(rand.NewPCG(seed, 41))
	cs := append(loadSPCases(t), randomSPCases(r, 10)...)
	return cs, ours(t, r, cs)
}

func TestSP800185CrossCheckNoble(t *testing.T) {
	dir := filepath.Join("tools", "crosscheck")
	if _, err := exec.LookPath("node"); err != nil {
		missing(t, "node not on PATH")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@noble", "hashes", "package.json")); err != nil {
		missing(t, "@noble/hashes not installed in %s (npm ci --prefix %s)", dir, dir)
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		cs, want := crossCheckCases(t, 51)
		compareLines(t, "@noble/hashes", cs, want, runCases(t, cs, "node", filepath.Join(dir, "sp800185.mjs")))
	})
}

func TestSP800185CrossCheckPycryptodome(t *testing.T) {
	const python = "/usr/bin/python3" // Debian's package installs for this one
	if err := exec.Command(python, "-c", "import Cryptodome").Run(); err != nil {
		if err := exec.Command(python, "-c", "import Crypto.Hash.cSHAKE128").Run(); err != nil {
			missing(t, "%s cannot import pycryptodome (apt-get install python3-pycryptodome)", python)
		}
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		cs, want := crossCheckCases(t, 52)
		got := runCases(t, cs, python, filepath.Join("tools", "crosscheck", "sp800185_pycryptodome.py"))
		compareLines(t, "pycryptodome", cs, want, got)
	})
}

// OpenSSL's KMAC (EVP_MAC) takes keys of 4 to 512 bytes and customizations
// of at most 512; one process per case, so fewer cases.
func TestSP800185CrossCheckOpenSSL(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		missing(t, "openssl not on PATH")
	}
	r := rand.New(rand.NewPCG(53, 54))
	for i := range 24 {
		alg := spAlgs[i%4]
		key, msg := randomBytes(r, 4+r.IntN(300)), randomBytes(r, randLen(r, 3000))
		S, L := randomBytes(r, randLen(r, 200)), 1+r.IntN(300)
		args := []string{"mac", "-macopt", "hexkey:" + hex.EncodeToString(key), "-macopt", fmt.Sprintf("size:%d", L)}
		if len(S) > 0 {
			args = append(args, "-macopt", "hexcustom:"+hex.EncodeToString(S))
		}
		if strings.Contains(alg, "XOF") {
			args = append(args, "-macopt", "xof:1")
		}
		cmd := exec.Command("openssl", append(args, strings.Replace(alg, "XOF", "", 1))...)
		cmd.Stdin = bytes.NewReader(msg)
		out, err := cmd.Output()
		require.NoError(t, err, "openssl %v", args)
		c := spCase{Alg: alg, Key: hex.EncodeToString(key), Msg: hex.EncodeToString(msg), S: hex.EncodeToString(S), OutLen: L}
		got := spStream(t, &c, randomSplits(r, len(msg)), randomSplits(r, L))
		require.Equal(t, strings.ToLower(strings.TrimSpace(string(out))), hex.EncodeToString(got), "%s key %d msg %d S %d L %d", alg, len(key), len(msg), len(S), L)
	}
}
