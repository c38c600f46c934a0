package xsha3

import (
	"encoding"
	"hash"
	"io"
	"testing"

	"github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

// Sum is Size bytes of output and leaves the state alone; Read continues
// the stream; Sum after Read panics until Reset; clones are independent.
func TestShakeHash(t *testing.T) {
	for _, c := range []struct {
		x    ShakeHash
		size int
		sum  func([]byte, int) []byte
	}{
		{NewShake128(), 32, keccak.SumSHAKE128},
		{NewShake256(), 64, keccak.SumSHAKE256},
		{NewCShake128(nil, nil), 32, keccak.SumSHAKE128},
		{NewCShake256(nil, nil), 64, keccak.SumSHAKE256},
	} {
		x := c.x
		require.Equal(t, c.size, x.Size())
		x.Write([]byte("abc"))
		want := c.sum([]byte("abc"), 300)
		require.Equal(t, want[:c.size], x.Sum([]byte{}))
		require.Equal(t, append([]byte("p"), want[:c.size]...), x.Sum([]byte("p")))
		y := x.Clone()
		out := make([]byte, 100)
		x.Read(out)
		require.Equal(t, want[:100], out)
		require.Panics(t, func() { x.Sum(nil) })
		require.Panics(t, func() { x.Write([]byte{1}) })
		z := x.Clone()
		require.Panics(t, func() { z.Sum(nil) })
		z.Read(out)
		require.Equal(t, want[100:200], out)
		y.Write(nil)
		require.Equal(t, want[:c.size], y.Sum(nil))
		x.Reset()
		x.Write([]byte("abc"))
		require.Equal(t, want[:c.size], x.Sum(nil))
		_, ok := x.(encoding.BinaryMarshaler)
		require.True(t, ok)
	}
	a, b := NewCShake128([]byte("N"), []byte("S")), keccak.NewCSHAKE128([]byte("N"), []byte("S"))
	p, q := make([]byte, 50), make([]byte, 50)
	a.Read(p)
	b.Read(q)
	require.Equal(t, q, p)
	for _, n := range []int{0, 1, 200} {
		h := make([]byte, n)
		ShakeSum128(h, []byte("m"))
		require.Equal(t, keccak.SumSHAKE128([]byte("m"), n), h)
		ShakeSum256(h, []byte("m"))
		require.Equal(t, keccak.SumSHAKE256([]byte("m"), n), h)
	}
	_, ok := NewLegacyKeccak256().(io.Reader)
	require.True(t, ok)
}

// A ShakeHash's Sum follows the state it holds, not the calls it saw: a
// state loaded while squeezing has no digest to give (Sum panics; it
// returned the squeezed bytes after the saved position), and one loaded
// while absorbing sums again after Read (Sum panicked). The SHA3 and
// legacy hashes, which are package keccak's, panic on a squeezing state
// too.
func TestLoadedStateDecidesSum(t *testing.T) {
	for _, mk := range []func() ShakeHash{
		NewShake128, NewShake256,
		func() ShakeHash { return NewCShake128([]byte("N"), []byte("S")) },
		func() ShakeHash { return NewCShake256([]byte("N"), []byte("S")) },
	} {
		src := mk()
		src.Write([]byte("abc"))
		absorbing, _ := src.(encoding.BinaryMarshaler).MarshalBinary()
		want := src.Sum(nil)
		src.Read(make([]byte, 10))
		squeezing, _ := src.(encoding.BinaryMarshaler).MarshalBinary()

		x := mk()
		require.NoError(t, x.(encoding.BinaryUnmarshaler).UnmarshalBinary(squeezing))
		require.Panics(t, func() { x.Sum(nil) }, "Sum on a loaded squeezing state")
		require.Panics(t, func() { x.Clone().Sum(nil) }, "Sum on a clone of it")
		require.NoError(t, x.(encoding.BinaryUnmarshaler).UnmarshalBinary(absorbing))
		require.Equal(t, want, x.Sum(nil), "Sum on a loaded absorbing state")
		y := mk()
		y.Read(make([]byte, 1))
		require.NoError(t, y.(encoding.BinaryUnmarshaler).UnmarshalBinary(absorbing))
		require.Equal(t, want, y.Sum(nil), "Sum on an absorbing state loaded after Read")
		require.Error(t, x.(encoding.BinaryUnmarshaler).UnmarshalBinary(squeezing[:20]))
		require.Equal(t, want, x.Sum(nil), "a state that does not load changes nothing")
	}
	for _, mk := range []func() hash.Hash{New224, New256, New384, New512, NewLegacyKeccak256, NewLegacyKeccak512} {
		b, _ := mk().(encoding.BinaryMarshaler).MarshalBinary()
		b[206] = 1 // squeezing
		h := mk()
		require.NoError(t, h.(encoding.BinaryUnmarshaler).UnmarshalBinary(b))
		require.Panics(t, func() { h.Sum(nil) })
	}
}
