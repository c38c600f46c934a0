package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

// reference computes each algorithm straight from the library's API, not
// through keccaksum's table, so a wrong row (say, New384 under sha3-256 or
// a swapped N and S) shows up. Every row of the table must have one here.
var reference = map[string]func(msg []byte, n int, p params) []byte{
	"sha3-224":   func(m []byte, _ int, _ params) []byte { s := keccak.Sum224(m); return s[:] },
	"sha3-256":   func(m []byte, _ int, _ params) []byte { s := keccak.Sum256(m); return s[:] },
	"sha3-384":   func(m []byte, _ int, _ params) []byte { s := keccak.Sum384(m); return s[:] },
	"sha3-512":   func(m []byte, _ int, _ params) []byte { s := keccak.Sum512(m); return s[:] },
	"keccak-256": func(m []byte, _ int, _ params) []byte { s := keccak.SumLegacyKeccak256(m); return s[:] },
	"keccak-512": func(m []byte, _ int, _ params) []byte { s := keccak.SumLegacyKeccak512(m); return s[:] },
	"shake128":   func(m []byte, n int, _ params) []byte { return keccak.SumSHAKE128(m, n) },
	"shake256":   func(m []byte, n int, _ params) []byte { return keccak.SumSHAKE256(m, n) },
	"cshake128": func(m []byte, n int, p params) []byte {
		return readXOF(keccak.NewCSHAKE128(p.functionName, p.customization), m, n)
	},
	"cshake256": func(m []byte, n int, p params) []byte {
		return readXOF(keccak.NewCSHAKE256(p.functionName, p.customization), m, n)
	},
	"turboshake128": func(m []byte, n int, p params) []byte { return keccak.SumTurboSHAKE128(m, p.domain, n) },
	"turboshake256": func(m []byte, n int, p params) []byte { return keccak.SumTurboSHAKE256(m, p.domain, n) },
	"kt128":         func(m []byte, n int, p params) []byte { return keccak.SumKT128(m, p.customization, n) },
	"kt256":         func(m []byte, n int, p params) []byte { return keccak.SumKT256(m, p.customization, n) },
	"kmac128":       func(m []byte, n int, p params) []byte { return keccak.SumKMAC128(p.key, m, p.customization, n) },
	"kmac256":       func(m []byte, n int, p params) []byte { return keccak.SumKMAC256(p.key, m, p.customization, n) },
	"kmacxof128": func(m []byte, n int, p params) []byte {
		return readXOF(keccak.NewKMACXOF128(p.key, p.customization), m, n)
	},
	"kmacxof256": func(m []byte, n int, p params) []byte {
		return readXOF(keccak.NewKMACXOF256(p.key, p.customization), m, n)
	},
	"parallelhash128": func(m []byte, n int, p params) []byte {
		return keccak.SumParallelHash128(m, p.customization, p.blockSize, n)
	},
	"parallelhash256": func(m []byte, n int, p params) []byte {
		return keccak.SumParallelHash256(m, p.customization, p.blockSize, n)
	},
	"parallelhashxof128": func(m []byte, n int, p params) []byte {
		return readXOF(keccak.NewParallelHashXOF128(p.customization, p.blockSize), m, n)
	},
	"parallelhashxof256": func(m []byte, n int, p params) []byte {
		return readXOF(keccak.NewParallelHashXOF256(p.customization, p.blockSize), m, n)
	},
	"tuplehash128": func(m []byte, n int, p params) []byte {
		return keccak.SumTupleHash128([][]byte{m}, p.customization, n)
	},
	"tuplehash256": func(m []byte, n int, p params) []byte {
		return keccak.SumTupleHash256([][]byte{m}, p.customization, n)
	},
	"tuplehashxof128": func(m []byte, n int, p params) []byte {
		h := keccak.NewTupleHashXOF128(p.customization)
		h.Add(m)
		return readN(h, n)
	},
	"tuplehashxof256": func(m []byte, n int, p params) []byte {
		h := keccak.NewTupleHashXOF256(p.customization)
		h.Add(m)
		return readN(h, n)
	},
}

func readXOF(x interface {
	Write([]byte) (int, error)
	Read([]byte) (int, error)
}, m []byte, n int) []byte {
	x.Write(m)
	out := make([]byte, n)
	x.Read(out)
	return out
}

// parseHashLines reads "HEX  NAME" lines into name -> hex, in order.
func parseHashLines(t *testing.T, out string) (names []string, sums map[string]string) {
	t.Helper()
	sums = map[string]string{}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		h, name, ok := strings.Cut(line, "  ")
		require.True(t, ok, "line %q", line)
		names = append(names, name)
		sums[name] = h
	}
	return names, sums
}

func TestEveryAlgorithmHasAReference(t *testing.T) {
	for _, a := range algorithms {
		require.Contains(t, reference, a.name)
	}
	require.Len(t, reference, len(algorithms))
}

// TestAlgorithmsMatchLibrary hashes messages of many sizes with every
// algorithm at its default length (also with --no-mmap, a no-op now, and
// -j1), and XOFs at other lengths, options and through stdin.
func TestAlgorithmsMatchLibrary(t *testing.T) {
	msgs := testMessages()
	dir := writeFiles(t, msgs)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "key"), []byte("a key\n"), 0o644))
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range msgs {
			if !yield(n) {
				return
			}
		}
	})
	for _, a := range algorithms {
		t.Run(a.name, func(t *testing.T) {
			type variant struct {
				args []string
				n    int
				p    params
			}
			def := params{domain: defaultDomain, blockSize: defaultBlockSize}
			var base []string
			if a.takes&takesKey != 0 {
				def.key = []byte("a key\n")
				base = []string{"--key-file", "key"}
			}
			variants := []variant{{nil, a.size, def}, {[]string{"--no-mmap", "-j1"}, a.size, def}}
			if a.xof {
				variants = append(variants, variant{[]string{"-l", "1"}, 1, def}, variant{[]string{"--length=333"}, 333, def})
			}
			if a.takes&takesCustomization != 0 {
				p := def
				p.customization = []byte("my app \x01")
				variants = append(variants, variant{[]string{"--customization", "my app \x01"}, a.size, p})
				p.customization = []byte{0, 0xff, 0x80}
				variants = append(variants, variant{[]string{"--customization-hex", "00ff80"}, a.size, p})
			}
			if a.takes&takesFunctionName != 0 {
				p := def
				p.functionName, p.customization = []byte("KMAC"), []byte("x")
				variants = append(variants, variant{[]string{"--function-name=KMAC", "--customization=x"}, a.size, p})
			}
			if a.takes&takesDomain != 0 {
				for _, d := range []byte{0x01, 0x06, 0x0B, 0x7F} {
					p := def
					p.domain = d
					variants = append(variants, variant{[]string{"--domain", fmt.Sprintf("%#x", d)}, a.size, p})
				}
				p := def
				p.domain = 31
				variants = append(variants, variant{[]string{"--domain", "31"}, a.size, p})
			}
			if a.takes&takesKey != 0 {
				p := def
				p.key = nil
				variants = append(variants, variant{[]string{"--key-file", "/dev/null"}, a.size, p})
			}
			if a.takes&takesBlockSize != 0 {
				for _, b := range []int{1, 100, 65536} {
					p := def
					p.blockSize = b
					variants = append(variants, variant{[]string{"--block-size", fmt.Sprint(b)}, a.size, p})
				}
			}
			if a.parallel {
				variants = append(variants, variant{[]string{"-j", "3"}, a.size, def})
			}
			if testing.Short() {
				// The race and purego runs: each option once, not each value.
				variants = slices.CompactFunc(variants, func(x, y variant) bool {
					return len(x.args) > 0 && len(y.args) > 0 && x.args[0] == y.args[0]
				})
			}
			for vi, v := range variants {
				args := append(append([]string{"-a", a.name}, base...), v.args...)
				out := mustRun(t, dir, nil, append(args, names...)...)
				got, sums := parseHashLines(t, out)
				require.Equal(t, names, got, "output order")
				for _, name := range names {
					want := hex.EncodeToString(reference[a.name](msgs[name], v.n, v.p))
					require.Equal(t, want, sums[name], "%s %v", name, v.args)
				}
				if vi >= 2 {
					continue
				}
				// The same through standard input (a pipe).
				big := msgs[names[len(names)-1]]
				out = mustRun(t, dir, big, args...)
				require.Equal(t, hex.EncodeToString(reference[a.name](big, v.n, v.p))+"  -\n", out)
			}
		})
	}
}

// TestKnownAnswers runs the published vectors (RFC 9861, SP 800-185
// samples, a slice of the SHA-3/SHAKE and legacy Keccak KATs) through the command line:
// message in a file, parameters as options, -l for the length.
func TestKnownAnswers(t *testing.T) {
	var vs []vector
	for _, file := range []string{"turboshake_rfc9861.jsonl", "cshake_sp800_185_samples.jsonl", "kangarootwelve_rfc9861.jsonl"} {
		vs = append(vs, loadVectors(t, file)...)
	}
	// Every 37th KAT keeps this quick while covering all lengths' classes.
	for _, file := range []string{"sha3_shortmsgkat_xkcp.jsonl", "shake_shortmsgkat_xkcp.jsonl", "keccak_legacy_kat.jsonl"} {
		for i, v := range loadVectors(t, file) {
			if i%37 == 0 {
				vs = append(vs, v)
			}
		}
	}
	dir := t.TempDir()
	ran := map[string]int{}
	for i, v := range vs {
		a := findAlgorithm(v.Alg)
		require.NotNil(t, a, "no algorithm for %s", v.Alg)
		if testing.Short() && v.MsgPattern != nil && v.MsgPattern.Len > 2<<20 {
			continue // the 24 MB KangarooTwelve vector: full runs only
		}
		msg := v.Message(t)
		name := fmt.Sprintf("v%d", i)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), msg, 0o644))
		args := []string{"-a", a.name}
		if a.xof {
			args = append(args, "-l", fmt.Sprint(v.OutLen))
		}
		if v.D != "" {
			args = append(args, "--domain", "0x"+v.D)
		}
		if v.N != "" {
			args = append(args, "--function-name", string(unhex(t, v.N)))
		}
		custom := v.S
		switch {
		case v.CustomPattern != nil:
			custom = hex.EncodeToString(v.CustomPattern.Bytes(t))
		case v.Custom != nil:
			custom = *v.Custom
		}
		if len(custom) > 100_000 {
			// Linux caps one argument at 128 KiB; the library's own tests
			// cover the longest customization strings.
			continue
		}
		if custom != "" {
			args = append(args, "--customization-hex", custom)
		}
		out := mustRun(t, dir, nil, append(args, name)...)
		h, _, _ := strings.Cut(out, "  ")
		require.Equal(t, 2*v.OutLen, len(h), "%s %v", v.Alg, args)
		require.Equal(t, v.Expected, h[2*v.ExpectedOffset:], "%s %v", v.Alg, args)
		ran[a.name]++
	}
	for _, c := range loadSPVectors(t) {
		if c.Tuple != nil {
			continue // tuples of several strings: keccaksum hashes one input
		}
		a := findAlgorithm(c.Alg)
		require.NotNil(t, a, "no algorithm for %s", c.Alg)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "m"), unhex(t, c.Msg), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "k"), unhex(t, c.Key), 0o644))
		args := []string{"-a", a.name, "-l", fmt.Sprint(c.OutLen), "--customization-hex", c.S, "m"}
		if c.Key != "" {
			args = append(args, "--key-file", "k")
		}
		if c.B != 0 {
			args = append(args, "--block-size", fmt.Sprint(c.B))
		}
		out := mustRun(t, dir, nil, args...)
		require.Equal(t, c.Expected+"  m\n", out, "%s %v", c.Alg, args)
		ran[a.name]++
	}
	for _, a := range algorithms {
		if strings.HasPrefix(a.name, "tuplehash") {
			continue // the published samples are all tuples of 2 or 3
		}
		require.NotZero(t, ran[a.name], "no vector ran for %s", a.name)
	}
}

// spVector is one record of testdata/sp800185/*.jsonl.
type spVector struct {
	Alg      string   `json:"alg"`
	Key      string   `json:"key"`
	Msg      string   `json:"msg"`
	Tuple    []string `json:"tuple"`
	B        int      `json:"B"`
	S        string   `json:"S"`
	OutLen   int      `json:"out_len"`
	Expected string   `json:"expected"`
}

func loadSPVectors(t *testing.T) []spVector {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "sp800185", "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var vs []spVector
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var v spVector
			require.NoError(t, json.Unmarshal([]byte(l), &v))
			vs = append(vs, v)
		}
	}
	return vs
}

// The table's lengthHashed says whether a shorter -l gives a prefix; the
// help promises it, and --check's reading of lengths relies on neither.
func TestLengthHashedFlag(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"f": []byte("prefix?"), "key": []byte("k")})
	for _, a := range algorithms {
		if !a.xof {
			continue
		}
		args := []string{"-a", a.name, "f"}
		if a.takes&takesKey != 0 {
			args = append(args, "--key-file", "key")
		}
		long := mustRun(t, dir, nil, append(args, "-l", "40")...)
		short := mustRun(t, dir, nil, append(args, "-l", "20")...)
		isPrefix := strings.HasPrefix(long, short[:40])
		require.Equal(t, !a.lengthHashed, isPrefix, "%s", a.name)
	}
}
