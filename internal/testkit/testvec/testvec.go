// Package testvec reads the repository's test vectors (testdata/) for the
// tests of every package in the module: one reader instead of one per
// package. It is internal and used only by tests.
package testvec

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// Dir is the path of the module's testdata/ folder joined with elem,
// wherever the calling test runs.
func Dir(elem ...string) string {
	_, self, _, _ := runtime.Caller(0) // .../internal/testkit/testvec/testvec.go
	root := filepath.Join(filepath.Dir(self), "..", "..", "..", "testdata")
	return filepath.Join(append([]string{root}, elem...)...)
}

// Unhex decodes s or fails the test.
func Unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

// Keccak is one record of testdata/keccak/*.jsonl (fields: that folder's
// README). Absent fields are zero or nil.
type Keccak struct {
	Alg            string   `json:"alg"`
	Msg            *string  `json:"msg"`
	MsgPattern     *Pattern `json:"msg_pattern"`
	N              string   `json:"N"`
	S              string   `json:"S"`
	Custom         *string  `json:"custom"`
	CustomPattern  *Pattern `json:"custom_pattern"`
	D              string   `json:"D"`
	OutLen         int      `json:"out_len"`
	ExpectedOffset int      `json:"expected_offset"`
	Expected       string   `json:"expected"`
	Rounds         int      `json:"rounds"`
	RoundIndex     int      `json:"round_index"`
	Input          string   `json:"input"`
}

// Pattern is a generated message: "ptn" (byte i is i mod 251, RFC 9861's
// ptn(n)) or "repeat" (Byte, Len times).
type Pattern struct {
	Kind string `json:"kind"`
	Byte string `json:"byte"`
	Len  int    `json:"len"`
}

// Bytes expands the pattern.
func (p *Pattern) Bytes(t testing.TB) []byte {
	t.Helper()
	b := make([]byte, p.Len)
	switch p.Kind {
	case "ptn":
		for i := range b {
			b[i] = byte(i % 251)
		}
	case "repeat":
		v := Unhex(t, p.Byte)
		require.Len(t, v, 1)
		for i := range b {
			b[i] = v[0]
		}
	default:
		t.Fatalf("unknown pattern %q", p.Kind)
	}
	return b
}

// Message is the record's message bytes.
func (v *Keccak) Message(t testing.TB) []byte {
	if v.MsgPattern != nil {
		return v.MsgPattern.Bytes(t)
	}
	return Unhex(t, *v.Msg)
}

// Customization is the record's customization string bytes (KT), nil if
// none.
func (v *Keccak) Customization(t testing.TB) []byte {
	switch {
	case v.CustomPattern != nil:
		return v.CustomPattern.Bytes(t)
	case v.Custom != nil:
		return Unhex(t, *v.Custom)
	}
	return nil
}

// Check compares output bytes [ExpectedOffset, OutLen) with Expected.
func (v *Keccak) Check(t testing.TB, out []byte) {
	t.Helper()
	require.Len(t, out, v.OutLen)
	require.Equal(t, v.Expected, hex.EncodeToString(out[v.ExpectedOffset:]))
}

// LoadKeccak reads testdata/keccak/name, failing the test if it is missing,
// malformed or empty.
func LoadKeccak(t testing.TB, name string) []Keccak {
	t.Helper()
	f, err := os.Open(Dir("keccak", name))
	require.NoError(t, err)
	defer f.Close()
	var vs []Keccak
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v Keccak
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		vs = append(vs, v)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, vs)
	return vs
}
