package xof

import (
	"bytes"
	"testing"

	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/internal/fixedkey"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// The seed size is written out as a number, for go doc, and must be the
// implementation's (MaxDSTLen is internal/fixedkey's own).
func TestLimitsMatchFixedKey(t *testing.T) {
	if XOFFixedKeyAES128SeedSize != fixedkey.SeedSize {
		t.Error("xof's seed size differs from internal/fixedkey's")
	}
}

func TestInputErrors(t *testing.T) {
	long := make([]byte, MaxDSTLen+1)
	if _, err := NewFixedKeyAES128Key(long, nil); err == nil {
		t.Error("NewKey accepted a 65536-byte dst")
	}
	if _, err := NewFixedKeyAES128Key(long[:MaxDSTLen], nil); err != nil {
		t.Errorf("NewKey rejected a 65535-byte dst: %v", err)
	}
	for _, n := range []int{0, 15, 17, 32} {
		if _, err := NewXOFFixedKeyAES128(make([]byte, n), nil, nil); err == nil {
			t.Errorf("NewXOFFixedKeyAES128 accepted a %d-byte seed", n)
		}
		if _, err := NewPRGFixedKeyAES128(make([]byte, n), nil, nil); err == nil {
			t.Errorf("NewPRGFixedKeyAES128 accepted a %d-byte seed", n)
		}
	}
	if _, err := NewXOFTurboSHAKE128(make([]byte, 256), nil, nil); err == nil {
		t.Error("NewXOFTurboSHAKE128 accepted a 256-byte seed")
	}
	if _, err := NewXOFTurboSHAKE128(nil, long, nil); err == nil {
		t.Error("NewXOFTurboSHAKE128 accepted a 65536-byte dst")
	}
	x, err := NewXOFTurboSHAKE128(make([]byte, 255), long[:MaxDSTLen], nil)
	if err != nil {
		t.Fatalf("NewXOFTurboSHAKE128 rejected limits: %v", err)
	}
	before := x.Next(16)
	x2, _ := NewXOFTurboSHAKE128(make([]byte, 255), long[:MaxDSTLen], nil)
	if err := x2.Reset(make([]byte, 256), nil, nil); err == nil {
		t.Error("Reset accepted a 256-byte seed")
	}
	if after := x2.Next(16); !bytes.Equal(before, after) {
		t.Error("a failed Reset changed the XOF")
	}
}

// XOFTurboSHAKE128 frames its input as the draft says, checked against a
// plain TurboSHAKE128 (D = 1) over the hand-built message.
func TestXOFTurboSHAKE128Framing(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		seed, dst, binder := []byte("seed!"), make([]byte, 300), []byte("binder")
		msg := append([]byte{44, 1}, dst...)
		msg = append(append(append(msg, 5), seed...), binder...)
		want := keccak.SumTurboSHAKE128(msg, 1, 200)
		x, _ := NewXOFTurboSHAKE128(seed, dst, binder)
		got := append(x.Next(7), x.Next(193)...)
		if !bytes.Equal(got, want) {
			t.Errorf("XOFTurboSHAKE128 output differs from TurboSHAKE128 of the framed input")
		}
	})
}
