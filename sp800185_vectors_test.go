package keccak

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// spCase is one record of testdata/sp800185/*.jsonl (see its README); the
// cross-check scripts in tools/crosscheck read the same shape.
type spCase struct {
	Alg      string   `json:"alg"`
	Key      string   `json:"key,omitempty"`
	Msg      string   `json:"msg,omitempty"`
	Tuple    []string `json:"tuple,omitempty"`
	B        int      `json:"B,omitempty"`
	S        string   `json:"S"`
	OutLen   int      `json:"out_len"`
	Expected string   `json:"expected,omitempty"`
	Src      string   `json:"src,omitempty"`
}

func loadSPCases(t testing.TB) []spCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "sp800185", "*.jsonl"))
	require.NoError(t, err)
	require.Len(t, files, 6)
	var cs []spCase
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var c spCase
			require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
			cs = append(cs, c)
		}
		require.NoError(t, sc.Err())
		f.Close()
	}
	require.Len(t, cs, 36)
	return cs
}

// family splits an alg name: "KMACXOF256" -> ("KMAC", true, 256).
func (c *spCase) family(t testing.TB) (name string, xof bool, sec int) {
	sec, err := strconv.Atoi(c.Alg[len(c.Alg)-3:])
	require.NoError(t, err, c.Alg)
	name = c.Alg[:len(c.Alg)-3]
	name, xof = strings.CutSuffix(name, "XOF")
	return name, xof, sec
}

func (c *spCase) tuple(t testing.TB) [][]byte {
	var tup [][]byte
	for _, x := range c.Tuple {
		tup = append(tup, unhex(t, x))
	}
	return tup
}

// spOneShot computes c with the package's one-shot functions, or nil for
// the XOF variants, which have none.
func spOneShot(t testing.TB, c *spCase) []byte {
	name, xof, sec := c.family(t)
	if xof {
		return nil
	}
	key, msg, S := unhex(t, c.Key), unhex(t, c.Msg), unhex(t, c.S)
	switch name + strconv.Itoa(sec) {
	case "KMAC128":
		return SumKMAC128(key, msg, S, c.OutLen)
	case "KMAC256":
		return SumKMAC256(key, msg, S, c.OutLen)
	case "TupleHash128":
		return SumTupleHash128(c.tuple(t), S, c.OutLen)
	case "TupleHash256":
		return SumTupleHash256(c.tuple(t), S, c.OutLen)
	case "ParallelHash128":
		return SumParallelHash128(msg, S, c.B, c.OutLen)
	case "ParallelHash256":
		return SumParallelHash256(msg, S, c.B, c.OutLen)
	}
	t.Fatalf("unknown alg %q", c.Alg)
	return nil
}

// spStream computes c through the streaming types, writing the message in
// pieces of writes and reading XOF output in pieces of reads.
func spStream(t testing.TB, c *spCase, writes, reads []int) []byte {
	name, xof, sec := c.family(t)
	key, msg, S := unhex(t, c.Key), unhex(t, c.Msg), unhex(t, c.S)
	out := make([]byte, c.OutLen)
	is128 := sec == 128
	switch {
	case name == "KMAC" && !xof:
		h := pick(is128, NewKMAC128, NewKMAC256)(key, S, c.OutLen)
		writeSplit(h, msg, writes...)
		return h.Sum(nil)
	case name == "KMAC":
		h := pick(is128, NewKMACXOF128, NewKMACXOF256)(key, S)
		writeSplit(h, msg, writes...)
		readSplit(h, out, reads...)
	case name == "TupleHash" && !xof:
		h := pick(is128, NewTupleHash128, NewTupleHash256)(S, c.OutLen)
		for _, x := range c.tuple(t) {
			h.Add(x)
		}
		return h.Sum(nil)
	case name == "TupleHash":
		h := pick(is128, NewTupleHashXOF128, NewTupleHashXOF256)(S)
		for _, x := range c.tuple(t) {
			h.Add(x)
		}
		readSplit(h, out, reads...)
	case name == "ParallelHash" && !xof:
		h := pick(is128, NewParallelHash128, NewParallelHash256)(S, c.B, c.OutLen)
		writeSplit(h, msg, writes...)
		return h.Sum(nil)
	case name == "ParallelHash":
		h := pick(is128, NewParallelHashXOF128, NewParallelHashXOF256)(S, c.B)
		writeSplit(h, msg, writes...)
		readSplit(h, out, reads...)
	default:
		t.Fatalf("unknown alg %q", c.Alg)
	}
	return out
}

func TestSP800185Samples(t *testing.T) {
	cs := loadSPCases(t)
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, c := range cs {
			if got := spOneShot(t, &c); got != nil {
				require.Equal(t, c.Expected, hex.EncodeToString(got), "%s one-shot", c.Src)
			}
			for _, sizes := range [][]int{{1 << 30}, {1}, {3, 7, 168}, {5, 136, 1}} {
				got := spStream(t, &c, sizes, sizes)
				require.Equal(t, c.Expected, hex.EncodeToString(got), "%s splits %v", c.Src, sizes)
			}
		}
	})
}
