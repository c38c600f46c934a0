package xof

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Regression (issue 19, item 5): every zero value of the package either
// works or panics with an xof: message naming its type, and Next(-1)
// panics with a message rather than in makeslice. Before, a zero
// XOFFixedKeyAES128 returned 16 zero bytes and then dereferenced nil, a
// zero FixedKeyAES128Key hashed with all-zero round keys (AES-NI) or
// panicked "no native AES" (crypto/aes), and a zero XOFTurboSHAKE128
// dereferenced nil.
func TestZeroValuesPanicClearly(t *testing.T) {
	const (
		zeroStream = "xof: zero XOFFixedKeyAES128; use NewXOFFixedKeyAES128 or FixedKeyAES128Key.Stream"
		zeroKey    = "xof: zero FixedKeyAES128Key; use NewFixedKeyAES128Key, Derive or DerivePRG"
		zeroTurbo  = "xof: zero XOFTurboSHAKE128; use NewXOFTurboSHAKE128 or Reset"
	)
	cases := []struct {
		name, msg string
		use       func()
	}{
		{"XOFFixedKeyAES128 Next(16)", zeroStream, func() { var x XOFFixedKeyAES128; x.Next(16) }},
		{"XOFFixedKeyAES128 Next(17)", zeroStream, func() { var x XOFFixedKeyAES128; x.Next(17) }},
		{"XOFFixedKeyAES128 Next(0)", zeroStream, func() { var x XOFFixedKeyAES128; x.Next(0) }},
		{"XOFFixedKeyAES128 Read", zeroStream, func() { var x XOFFixedKeyAES128; x.Read(make([]byte, 40)) }},
		{"FixedKeyAES128Key Hash", zeroKey, func() { var k FixedKeyAES128Key; k.Hash(make([]byte, 16), make([]byte, 16)) }},
		{"FixedKeyAES128Key Hash empty", zeroKey, func() { var k FixedKeyAES128Key; k.Hash(nil, nil) }},
		{"FixedKeyAES128Key Stream", zeroKey, func() { var k FixedKeyAES128Key; k.Stream([16]byte{}) }},
		{"FixedKeyAES128Key after failed Derive", zeroKey, func() {
			var k FixedKeyAES128Key
			if k.Derive(make([]byte, MaxDSTLen+1), nil) == nil {
				panic("Derive accepted a 65536-byte dst")
			}
			k.Stream([16]byte{})
		}},
		{"XOFTurboSHAKE128 Next", zeroTurbo, func() { var x XOFTurboSHAKE128; x.Next(8) }},
		{"XOFTurboSHAKE128 Read", zeroTurbo, func() { var x XOFTurboSHAKE128; x.Read(make([]byte, 8)) }},
		{"XOFFixedKeyAES128 Next(-1)", "xof: XOFFixedKeyAES128.Next(-1): negative output length", func() {
			x, err := NewXOFFixedKeyAES128(make([]byte, 16), []byte("dst"), nil)
			if err != nil {
				panic(err)
			}
			x.Next(-1)
		}},
		{"XOFFixedKeyAES128 draft-06 Next(-1)", "xof: XOFFixedKeyAES128.Next(-1): negative output length", func() {
			x, err := NewPRGFixedKeyAES128(make([]byte, 16), []byte("dst"), nil)
			if err != nil {
				panic(err)
			}
			x.Next(-1)
		}},
		{"XOFTurboSHAKE128 Next(-1)", "xof: XOFTurboSHAKE128.Next(-1): negative output length", func() {
			x, err := NewXOFTurboSHAKE128(nil, []byte("dst"), nil)
			if err != nil {
				panic(err)
			}
			x.Next(-1)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.PanicsWithValue(t, c.msg, c.use)
		})
	}
}

// The zero values that can be set in place work once set: a zero key after
// Derive or DerivePRG, a zero XOFTurboSHAKE128 after Reset, each as the
// constructor's result.
func TestZeroValuesWorkOnceSet(t *testing.T) {
	dst, binder := []byte("zero value dst"), []byte("binder")
	seed := [16]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

	want, err := NewFixedKeyAES128Key(dst, binder)
	require.NoError(t, err)
	var k FixedKeyAES128Key
	require.NoError(t, k.Derive(dst, binder))
	ws, gs := want.Stream(seed), k.Stream(seed)
	require.Equal(t, ws.Next(77), gs.Next(77))
	in := make([]byte, 48)
	out1, out2 := make([]byte, 48), make([]byte, 48)
	want.Hash(out1, in)
	k.Hash(out2, in)
	require.Equal(t, out1, out2)

	var p FixedKeyAES128Key
	p.DerivePRG(dst, binder)
	ws, gs = NewPRGFixedKeyAES128Key(dst, binder).Stream(seed), p.Stream(seed)
	require.Equal(t, ws.Next(33), gs.Next(33))

	wx, err := NewXOFTurboSHAKE128(seed[:], dst, binder)
	require.NoError(t, err)
	var x XOFTurboSHAKE128
	require.NoError(t, x.Reset(seed[:], dst, binder))
	require.Equal(t, wx.Next(200), x.Next(200))

	// A Reset that fails leaves a zero value zero.
	var y XOFTurboSHAKE128
	require.Error(t, y.Reset(make([]byte, 256), nil, nil))
	require.Panics(t, func() { y.Next(1) })

	// Next(0) is an empty slice, not a panic.
	require.Empty(t, x.Next(0))
	require.Empty(t, gs.Next(0))
}
