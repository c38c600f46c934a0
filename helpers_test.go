package keccak

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// forEachBackend runs f once per backend this machine supports, with that
// backend active, so every test holds native kernels and Go to the same bar.
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, b := range backends() {
		t.Run(b.name(), func(t *testing.T) {
			defer func(saved backend) { impl = saved }(impl)
			impl = b
			f(t)
		})
	}
}

// vector is one record of testdata/keccak/*.jsonl (see its README).
type vector struct {
	Alg            string   `json:"alg"`
	Msg            *string  `json:"msg"`
	MsgPattern     *pattern `json:"msg_pattern"`
	N              string   `json:"N"`
	S              string   `json:"S"`
	Custom         *string  `json:"custom"`
	CustomPattern  *pattern `json:"custom_pattern"`
	D              string   `json:"D"`
	OutLen         int      `json:"out_len"`
	ExpectedOffset int      `json:"expected_offset"`
	Expected       string   `json:"expected"`
	Rounds         int      `json:"rounds"`
	RoundIndex     int      `json:"round_index"`
	Input          string   `json:"input"`
}

type pattern struct {
	Kind string `json:"kind"`
	Byte string `json:"byte"`
	Len  int    `json:"len"`
}

func (p *pattern) bytes(t testing.TB) []byte {
	b := make([]byte, p.Len)
	switch p.Kind {
	case "ptn":
		for i := range b {
			b[i] = byte(i % 251)
		}
	case "repeat":
		v := unhex(t, p.Byte)
		for i := range b {
			b[i] = v[0]
		}
	default:
		t.Fatalf("unknown pattern %q", p.Kind)
	}
	return b
}

func (v *vector) msg(t testing.TB) []byte {
	if v.MsgPattern != nil {
		return v.MsgPattern.bytes(t)
	}
	return unhex(t, *v.Msg)
}

func (v *vector) custom(t testing.TB) []byte {
	switch {
	case v.CustomPattern != nil:
		return v.CustomPattern.bytes(t)
	case v.Custom != nil:
		return unhex(t, *v.Custom)
	}
	return nil
}

// check compares output bytes [ExpectedOffset, OutLen) with Expected.
func (v *vector) check(t testing.TB, out []byte) {
	t.Helper()
	require.Len(t, out, v.OutLen)
	require.Equal(t, v.Expected, hex.EncodeToString(out[v.ExpectedOffset:]))
}

func loadVectors(t testing.TB, name string) []vector {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "keccak", name))
	require.NoError(t, err)
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v vector
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		vs = append(vs, v)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, vs)
	return vs
}

func unhex(t testing.TB, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// stateFromHex reads a 200-byte state in the FIPS 202 byte order.
func stateFromHex(t testing.TB, s string) (a [25]uint64) {
	b := unhex(t, s)
	require.Len(t, b, 200)
	xorIn(&a, 0, b)
	return a
}
