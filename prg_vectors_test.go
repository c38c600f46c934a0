package keccak

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/testvec"
)

// The VDAF vectors (testvec.VDAFDir, searched recursively): this package
// checks the XOF files; idpf's tests check every file, these included.

type xofVector struct {
	Seed, Dst, Binder, DerivedSeed, ExpandedVecField128 hexBytes
	Length                                              int
}

type hexBytes = testvec.HexBytes

func (v *xofVector) UnmarshalJSON(b []byte) error {
	var raw struct {
		Seed                hexBytes `json:"seed"`
		Dst                 hexBytes `json:"dst"`
		Binder              hexBytes `json:"binder"`
		DerivedSeed         hexBytes `json:"derived_seed"`
		ExpandedVecField128 hexBytes `json:"expanded_vec_field128"`
		Length              *int     `json:"length"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	if raw.Length == nil || raw.Seed == nil || raw.DerivedSeed == nil {
		return io.ErrUnexpectedEOF
	}
	*v = xofVector{raw.Seed, raw.Dst, raw.Binder, raw.DerivedSeed, raw.ExpandedVecField128, *raw.Length}
	return nil
}

// field128Modulus is the modulus of the draft's Field128, which only the
// XOF vectors use.
var field128Modulus, _ = new(big.Int).SetString("ffffffffffffffe40000000000000001", 16)

// sampleField128 is next_vec(Field128, n): 16-byte little-endian chunks,
// rejected when >= p, re-encoded into one byte string.
func sampleField128(r io.Reader, n int) []byte {
	var out []byte
	for len(out) < 16*n {
		var c [16]byte
		r.Read(c[:])
		be := make([]byte, 16)
		for i := range 16 {
			be[i] = c[15-i]
		}
		if new(big.Int).SetBytes(be).Cmp(field128Modulus) < 0 {
			out = append(out, c[:]...)
		}
	}
	return out
}

// xofKinds maps a vector file's base-name prefix to the XOF it holds.
var xofKinds = map[string]func(seed, dst, binder []byte) (io.Reader, error){
	"XofFixedKeyAes128": func(seed, dst, binder []byte) (io.Reader, error) {
		return NewXofFixedKeyAes128(seed, dst, binder)
	},
	"XofTurboShake128": func(seed, dst, binder []byte) (io.Reader, error) {
		return NewXofTurboShake128(seed, dst, binder)
	},
	"PrgFixedKeyAes128": func(seed, dst, binder []byte) (io.Reader, error) {
		return NewPrgFixedKeyAes128(seed, dst, binder)
	},
}

func xofKindOf(path string) string {
	base := filepath.Base(path)
	for k := range xofKinds {
		if strings.HasPrefix(base, k) && strings.HasSuffix(base, ".json") {
			return k
		}
	}
	return ""
}

func TestXofVectors(t *testing.T) {
	dir := testvec.VDAFDir()
	checked := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		kind := xofKindOf(path)
		if kind == "" {
			return nil
		}
		checked++
		name, _ := filepath.Rel(dir, path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var v xofVector
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("parse: %v", err)
			}
			forEachAESBackend(t, func(t *testing.T) {
				r, err := xofKinds[kind](v.Seed, v.Dst, v.Binder)
				if err != nil {
					t.Fatal(err)
				}
				seed := make([]byte, len(v.DerivedSeed))
				r.Read(seed)
				if !bytes.Equal(seed, v.DerivedSeed) {
					t.Errorf("derived_seed = %x, want %x", seed, v.DerivedSeed)
				}
				r, _ = xofKinds[kind](v.Seed, v.Dst, v.Binder)
				if got := sampleField128(r, v.Length); !bytes.Equal(got, v.ExpandedVecField128) {
					t.Errorf("expanded_vec_field128 = %x, want %x", got, v.ExpandedVecField128)
				}
			})
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatalf("no XOF vector files under %s", dir)
	}
}

// forEachAESBackend runs f with new fixed keys on crypto/aes and, where the
// CPU and build have it, on AES-NI in C.
func forEachAESBackend(t *testing.T, f func(t *testing.T)) {
	saved := fixedKeyNative
	defer func() { fixedKeyNative = saved }()
	backends := []bool{false}
	if saved {
		backends = append(backends, true)
	}
	for _, native := range backends {
		fixedKeyNative = native
		name := "crypto-aes"
		if native {
			name = "aes-ni"
		}
		t.Run(name, f)
	}
}
