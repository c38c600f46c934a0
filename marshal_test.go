package keccak

import (
	"crypto/sha3"
	"encoding"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type marshaler interface {
	encoding.BinaryMarshaler
	encoding.BinaryAppender
	encoding.BinaryUnmarshaler
}

var (
	_ marshaler = New256()
	_ marshaler = NewSHAKE128()
)

// The encoding is exactly crypto/sha3's at every phase (fresh, partial
// block, after full blocks, while squeezing), and each library resumes the
// other's state. (Round trips within this package, for every type, are
// conformance_test.go's.)
func TestMarshalMatchesStdlib(t *testing.T) {
	msg := make([]byte, 1000)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	N, S := []byte("N"), []byte("custom")
	for _, cut := range []int{0, 1, 135, 136, 137, 500} {
		// SHA3-256 against crypto/sha3, both ways.
		ours, std := New256(), sha3.New256()
		ours.Write(msg[:cut])
		std.Write(msg[:cut])
		ob, err := ours.MarshalBinary()
		require.NoError(t, err)
		sb, err := std.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, sb, ob, "cut %d", cut)

		fromStd, toStd := New256(), sha3.New256()
		require.NoError(t, fromStd.UnmarshalBinary(sb))
		require.NoError(t, toStd.UnmarshalBinary(ob))
		for _, w := range []interface{ Write([]byte) (int, error) }{ours, std, fromStd, toStd} {
			w.Write(msg[cut:])
		}
		want := std.Sum(nil)
		require.Equal(t, want, ours.Sum(nil))
		require.Equal(t, want, fromStd.Sum(nil))
		require.Equal(t, want, toStd.Sum(nil))

		// cSHAKE128, including a marshal while squeezing.
		for _, readFirst := range []int{0, 10, 168, 400} {
			ox, sx := NewCSHAKE128(N, S), sha3.NewCSHAKE128(N, S)
			ox.Write(msg[:cut])
			sx.Write(msg[:cut])
			if readFirst > 0 {
				a, b := make([]byte, readFirst), make([]byte, readFirst)
				ox.Read(a)
				sx.Read(b)
				require.Equal(t, b, a)
			}
			ob, _ := ox.MarshalBinary()
			sb, _ := sx.MarshalBinary()
			require.Equal(t, sb, ob)
			back := NewCSHAKE128(nil, []byte("other"))
			require.NoError(t, back.UnmarshalBinary(sb))
			toStd := sha3.NewCSHAKE128(N, S)
			require.NoError(t, toStd.UnmarshalBinary(ob))
			out := func(x interface{ Read([]byte) (int, error) }) []byte {
				b := make([]byte, 300)
				x.Read(b)
				return b
			}
			if readFirst == 0 {
				for _, w := range []interface{ Write([]byte) (int, error) }{ox, sx, back, toStd} {
					w.Write(msg[cut:])
				}
			}
			want := out(sx)
			require.Equal(t, want, out(ox))
			require.Equal(t, want, out(back))
			require.Equal(t, want, out(toStd))
			// Reset on the restored state knows N and S again.
			back.Reset()
			require.Equal(t, stdCSHAKE128(N, S), out(back))
		}
	}
}

// stdCSHAKE128 is 300 bytes of crypto/sha3's cSHAKE128 of nothing.
func stdCSHAKE128(N, S []byte) []byte {
	x := sha3.NewCSHAKE128(N, S)
	b := make([]byte, 300)
	x.Read(b)
	return b
}

// A TurboSHAKE state loads only into the same function: same rate, same D.
func TestMarshalTurboSHAKEOtherFunctions(t *testing.T) {
	x := NewTurboSHAKE256(0x1F)
	x.Write([]byte("abc"))
	b, err := x.MarshalBinary()
	require.NoError(t, err)
	require.Error(t, NewTurboSHAKE256(0x1E).UnmarshalBinary(b))
	require.Error(t, NewTurboSHAKE128(0x1F).UnmarshalBinary(b))
	require.Error(t, NewSHAKE256().UnmarshalBinary(b))
}

// Garbage never loads and never changes the state.
func TestUnmarshalRejectsGarbage(t *testing.T) {
	h := New256()
	h.Write([]byte("keep me"))
	good, _ := h.MarshalBinary()
	want := h.Sum(nil)
	bad := [][]byte{
		nil, good[:10], good[:len(good)-1], append(append([]byte{}, good...), 0),
		func() []byte { b := append([]byte{}, good...); b[3] = 9; return b }(),   // SHAKE magic
		func() []byte { b := append([]byte{}, good...); b[4] = 168; return b }(), // rate
		func() []byte { b := append([]byte{}, good...); b[205] = 136; return b }(),
		func() []byte { b := append([]byte{}, good...); b[206] = 2; return b }(),
	}
	for i, b := range bad {
		garbled := append([]byte{}, good...)
		for j := range garbled[5:205] {
			garbled[5+j] ^= 0xFF
		}
		require.NoError(t, New256().UnmarshalBinary(garbled)) // any state bytes are a state
		require.Error(t, h.UnmarshalBinary(b), "case %d", i)
		require.Equal(t, want, h.Sum(nil), "case %d changed the state", i)
	}
	x := NewCSHAKE128([]byte("N"), []byte("S"))
	xb, _ := x.MarshalBinary()
	for _, b := range [][]byte{xb[:len(xb)-1], append(append([]byte{}, xb...), 1), xb[:marshaledSize]} {
		require.Error(t, NewCSHAKE128([]byte("N"), []byte("S")).UnmarshalBinary(b))
	}
	sb, _ := NewSHAKE128().MarshalBinary()
	require.Error(t, NewSHAKE128().UnmarshalBinary(append(sb, 1, 0)))
	require.Error(t, NewCSHAKE128([]byte("N"), nil).UnmarshalBinary(sb))
}

// Between padding and the first byte read, ours holds the padded block not
// yet permuted (n = rate) where crypto/sha3 holds it permuted (n = 0): the
// bytes differ, but each library resumes the other's state to the same
// output.
func TestMarshalAfterEmptyRead(t *testing.T) {
	ours, std := NewSHAKE256(), sha3.NewSHAKE256()
	ours.Write([]byte("abc"))
	std.Write([]byte("abc"))
	ours.Read(nil)
	std.Read(nil)
	ob, _ := ours.MarshalBinary()
	sb, _ := std.MarshalBinary()
	fromStd, toStd := NewSHAKE256(), sha3.NewSHAKE256()
	require.NoError(t, fromStd.UnmarshalBinary(sb))
	require.NoError(t, toStd.UnmarshalBinary(ob))
	want := SumSHAKE256([]byte("abc"), 500)
	for _, r := range []interface{ Read([]byte) (int, error) }{ours, std, fromStd, toStd} {
		got := make([]byte, 500)
		r.Read(got)
		require.Equal(t, want, got)
	}
}

// panicValue runs f and returns what it panicked with, as a string, or ""
// if it returned.
func panicValue(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// A SHA3 state saved while squeezing (crypto/sha3 loads one; neither
// library's SHA3 can make one) has no digest to give: Sum panics as in
// crypto/sha3, and so does Write. It used to load and sum to the squeezed
// bytes that followed, 32 zero bytes for a fresh state with b[206] = 1.
func TestSumOnSqueezingStatePanicsLikeStdlib(t *testing.T) {
	for _, c := range []struct {
		ours func() *SHA3
		std  func() *sha3.SHA3
	}{
		{New224, sha3.New224}, {New256, sha3.New256}, {New384, sha3.New384}, {New512, sha3.New512},
	} {
		for _, written := range []int{0, 5, 200} {
			for _, n := range []int{0, 1, -1} { // -1: the rate, block used up
				src := c.std()
				src.Write(make([]byte, written))
				b, err := src.MarshalBinary()
				require.NoError(t, err)
				if n < 0 {
					n = src.BlockSize()
				}
				b[205], b[206] = byte(n), 1 // squeezing, n bytes of the block given out
				name := fmt.Sprintf("SHA3-%d, %d bytes written, n %d", 8*src.Size(), written, n)

				std, ours := c.std(), c.ours()
				require.NoError(t, std.UnmarshalBinary(b), name) // crypto/sha3 loads it
				require.NoError(t, ours.UnmarshalBinary(b), name)
				ob, _ := ours.MarshalBinary()
				require.Equal(t, b, ob, "%s: the state round-trips", name)

				require.Equal(t, "sha3: Sum after Read", panicValue(func() { std.Sum(nil) }), name)
				msg := panicValue(func() { ours.Sum(nil) })
				require.True(t, strings.HasPrefix(msg, "keccak: SHA3"), "%s: Sum gave %q", name, msg)
				require.NotEmpty(t, panicValue(func() { std.Write([]byte{1}) }), name)
				require.NotEmpty(t, panicValue(func() { ours.Write([]byte{1}) }), name)

				ours.Reset() // reopens the input, as in crypto/sha3
				std.Reset()
				require.Equal(t, std.Sum(nil), ours.Sum(nil), name)
			}
		}
	}
}

// No other type that loads a state gives a digest from a squeezing one:
// LegacyKeccak's Sum panics (as in x/crypto), and SHAKE, which has no Sum,
// reads on from where the state was saved, as crypto/sha3's does.
func TestSqueezingStatesOfOtherTypes(t *testing.T) {
	for _, mk := range []func() *LegacyKeccak{NewLegacyKeccak256, NewLegacyKeccak512} {
		src := mk()
		src.Write([]byte("abc"))
		b, _ := src.MarshalBinary()
		b[206] = 1
		d := mk()
		require.NoError(t, d.UnmarshalBinary(b))
		msg := panicValue(func() { d.Sum(nil) })
		require.True(t, strings.HasPrefix(msg, "keccak: "), "LegacyKeccak Sum gave %q", msg)
	}
	for _, n := range []int{0, 7, 168} {
		src := sha3.NewSHAKE128()
		src.Write([]byte("abc"))
		b, _ := src.MarshalBinary()
		b[205], b[206] = byte(n), 1
		std, ours := sha3.NewSHAKE128(), NewSHAKE128()
		require.NoError(t, std.UnmarshalBinary(b))
		require.NoError(t, ours.UnmarshalBinary(b))
		want, got := make([]byte, 400), make([]byte, 400)
		std.Read(want)
		ours.Read(got)
		require.Equal(t, want, got, "SHAKE128 squeezing at n %d", n)
	}
}
