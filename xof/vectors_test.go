package xof

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"math/big"
	"slices"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/internal/testkit/testvec"
)

// The XOF files among the VDAF vectors (testvec.WalkVDAF); idpf and
// poplar1 check the others.

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
		return NewXOFFixedKeyAES128(seed, dst, binder)
	},
	"XofTurboShake128": func(seed, dst, binder []byte) (io.Reader, error) {
		return NewXOFTurboSHAKE128(seed, dst, binder)
	},
	"PrgFixedKeyAes128": func(seed, dst, binder []byte) (io.Reader, error) {
		return NewPRGFixedKeyAES128(seed, dst, binder)
	},
}

func TestXOFVectors(t *testing.T) {
	testvec.WalkVDAF(t, slices.Collect(maps.Keys(xofKinds)), func(t *testing.T, kind string, data []byte) {
		var v xofVector
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("parse: %v", err)
		}
		implrun.RunAll(t, func(t *testing.T) { // every Keccak backend and AES path
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
}
