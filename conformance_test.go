package keccak

import (
	"bytes"
	"hash"
	"io"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// The contract every hash and XOF type keeps, whatever it computes (the
// ideas of Go's hash conformance suite and crypto/sha3's tests, written
// again for this package's types): Write takes everything and changes
// nothing it is given, how the input is cut does not matter, Sum appends
// and leaves the state alone, Reset starts over, a Clone is independent
// both ways, a marshaled state resumes anywhere, reads may be cut anywhere
// too, and Write (or Sum) after Read panics. Every type in subjects, on every backend.
func TestConformance(t *testing.T) {
	forEachSubject(t, 51, func(t *testing.T, r *rand.Rand, s subject) {
		for range pick(testing.Short(), 1, 3) {
			newHash, ref := s.make(r, randomBytes(r, randLen(r, 200)))
			checkConformance(t, r, s, newHash, ref)
		}
	})
}

// checkConformance runs the contract's checks on one parameter draw.
func checkConformance(t *testing.T, r *rand.Rand, s subject, newHash func() any, ref func([][]byte, int) []byte) {
	n := r.IntN(4 * s.rate)
	if r.IntN(3) == 0 {
		n = r.IntN(3 * chunkSize)
	}
	msg := randomBytes(r, n)
	parts := cut(msg, randomSplits(r, n))
	half := len(parts) / 2
	want := func(h any, parts [][]byte) []byte { return ref(parts, outputLen(h)) }

	t.Run("Write", func(t *testing.T) {
		h := newHash()
		for _, p := range parts {
			before := bytes.Clone(p)
			k, err := h.(io.Writer).Write(p)
			require.NoError(t, err)
			require.Equal(t, len(p), k)
			require.Equal(t, before, p, "Write changed its input")
		}
		require.Equal(t, want(h, parts), peek(t, h))
		require.Positive(t, h.(interface{ BlockSize() int }).BlockSize())
	})

	if !s.tuple {
		t.Run("Splits", func(t *testing.T) {
			for range 3 {
				h := newHash()
				writeSplit(h.(io.Writer), msg, randomSplits(r, n)...)
				require.Equal(t, want(h, parts), peek(t, h))
			}
		})
	}

	t.Run("SumLeavesStateAlone", func(t *testing.T) {
		h := newHash()
		writeAll(h, parts[:half])
		first := peek(t, h)
		require.Equal(t, first, peek(t, h))
		require.Equal(t, want(h, parts[:half]), first)
		writeAll(h, parts[half:])
		require.Equal(t, want(h, parts), peek(t, h))
		if hh, ok := h.(hash.Hash); ok {
			prefix := randomBytes(r, 1+r.IntN(hh.BlockSize()+1))
			sum := hh.Sum(bytes.Clone(prefix))
			require.Equal(t, prefix, sum[:len(prefix)], "Sum changed the slice it appends to")
			require.Equal(t, hh.Sum(nil), sum[len(prefix):])
			require.Len(t, sum, len(prefix)+hh.Size())
			room := make([]byte, len(prefix), len(prefix)+hh.Size())
			require.Same(t, &room[0], &hh.Sum(room)[0], "Sum into a buffer with room reallocated")
			// The room's old bytes are overwritten, every one of them.
			for i := range room[:cap(room)] {
				room[:cap(room)][i] = 0xA5
			}
			require.Equal(t, hh.Sum(nil), hh.Sum(room[:len(prefix)])[len(prefix):], "Sum left bytes of the room as they were")
		}
	})

	t.Run("Reset", func(t *testing.T) {
		h := newHash()
		empty := peek(t, h)
		writeAll(h, parts)
		if x, ok := h.(io.Reader); ok {
			x.Read(make([]byte, 1+r.IntN(300)))
		}
		h.(interface{ Reset() }).Reset()
		require.Equal(t, empty, peek(t, h))
		writeAll(h, parts)
		require.Equal(t, want(h, parts), peek(t, h))
	})

	t.Run("Clone", func(t *testing.T) {
		h := newHash()
		fresh := cloneOf(t, h)
		writeAll(h, parts[:half])
		mid := cloneOf(t, h)
		require.Equal(t, peek(t, h), peek(t, mid))
		writeAll(h, parts[half:])
		writeAll(fresh, parts)
		all := want(h, parts)
		require.Equal(t, all, peek(t, h))
		require.Equal(t, all, peek(t, fresh))
		require.Equal(t, want(h, parts[:half]), peek(t, mid), "a write to the original reached its clone")
		writeAll(mid, parts[half:])
		require.Equal(t, all, peek(t, mid))
		require.Equal(t, all, peek(t, h), "a write to a clone reached its original")
	})

	if _, ok := newHash().(io.Reader); ok {
		t.Run("Read", func(t *testing.T) {
			k, m := r.IntN(2*s.rate), 1+r.IntN(3*s.rate)
			stream := ref(parts, k+m)
			h := newHash()
			writeAll(h, parts)
			got := make([]byte, k+m)
			readSplit(h.(io.Reader), got[:k], randomSplits(r, k)...)
			c := cloneOf(t, h)
			readSplit(h.(io.Reader), got[k:], randomSplits(r, m)...)
			require.Equal(t, stream, got)
			rest := make([]byte, m)
			c.(io.Reader).Read(rest)
			require.Equal(t, stream[k:], rest, "a clone made while reading")
			require.Panics(t, func() { h.(io.Writer).Write([]byte{1}) }, "Write after Read")
			if hh, ok := h.(hash.Hash); ok {
				require.Panics(t, func() { hh.Sum(nil) }, "Sum after Read")
			}
			h.(interface{ Reset() }).Reset()
			require.NotPanics(t, func() { h.(io.Writer).Write([]byte{1}) }, "Reset reopens the input")
		})
	}

	if _, ok := newHash().(marshaler); ok {
		t.Run("Marshal", func(t *testing.T) {
			for _, at := range []int{0, 1, half, len(parts), r.IntN(len(parts) + 1)} {
				at = min(at, len(parts))
				h := newHash().(marshaler)
				writeAll(h, parts[:at])
				b, err := h.MarshalBinary()
				require.NoError(t, err)
				prefix := randomBytes(r, r.IntN(9))
				ab, err := h.AppendBinary(bytes.Clone(prefix))
				require.NoError(t, err)
				require.Equal(t, append(prefix, b...), ab)

				writeAll(h, [][]byte{randomBytes(r, 1+r.IntN(300))})
				require.NoError(t, h.UnmarshalBinary(b))
				into := newHash().(marshaler)
				require.NoError(t, into.UnmarshalBinary(b))
				again, err := into.MarshalBinary()
				require.NoError(t, err)
				require.Equal(t, b, again, "a loaded state marshals to the bytes it came from")
				writeAll(h, parts[at:])
				writeAll(into, parts[at:])
				require.Equal(t, want(h, parts), peek(t, h), "resumed at part %d", at)
				require.Equal(t, want(h, parts), peek(t, into), "resumed in a new hash at part %d", at)
			}
			if _, ok := newHash().(io.Reader); ok {
				k, m := r.IntN(2*s.rate), 1+r.IntN(2*s.rate)
				h := newHash().(marshaler)
				writeAll(h, parts)
				h.(io.Reader).Read(make([]byte, k))
				b, err := h.MarshalBinary()
				require.NoError(t, err)
				into := newHash().(marshaler)
				require.NoError(t, into.UnmarshalBinary(b))
				got := make([]byte, m)
				into.(io.Reader).Read(got)
				require.Equal(t, ref(parts, k+m)[k:], got, "resumed while reading")
			}
		})

		t.Run("MarshalRejects", func(t *testing.T) {
			h := newHash().(marshaler)
			writeAll(h, parts[:r.IntN(len(parts)+1)])
			if x, ok := h.(io.Reader); ok && r.IntN(2) == 0 {
				x.Read(make([]byte, r.IntN(2*s.rate)))
			}
			b, err := h.MarshalBinary()
			require.NoError(t, err)
			into := newHash()
			writeAll(into, parts[:half])
			checkRejected(t, into, marshalMutations(r, b))
			if s.variants == nil {
				return
			}
			same, others := s.variants(r)
			h = same().(marshaler)
			writeAll(h, parts)
			if x, ok := h.(io.Reader); ok && r.IntN(2) == 0 {
				x.Read(make([]byte, r.IntN(2*s.rate)))
			}
			b, err = h.MarshalBinary()
			require.NoError(t, err)
			require.NoError(t, same().(marshaler).UnmarshalBinary(b))
			for i, other := range others {
				o := other()
				writeAll(o, parts[:half])
				before, _ := o.(marshaler).MarshalBinary()
				out := peek(t, o)
				require.ErrorIs(t, o.(marshaler).UnmarshalBinary(b), errWrongMagic, "variant %d", i)
				after, _ := o.(marshaler).MarshalBinary()
				require.Equal(t, before, after, "variant %d: a refused state changed the hash", i)
				require.Equal(t, out, peek(t, o), "variant %d", i)
			}
		})
	}
}

// marshalMutations are forms of a valid state b that no type accepts:
// truncated (to nothing, inside the magic, after it, one byte short, at a
// random point), extended by a byte, another magic.
func marshalMutations(r *rand.Rand, b []byte) [][]byte {
	flip := func(i int) []byte {
		c := bytes.Clone(b)
		c[i] ^= byte(1 + r.IntN(255))
		return c
	}
	return [][]byte{
		nil, b[:1], b[:4], b[:5], b[:len(b)-1], b[:r.IntN(len(b))],
		append(bytes.Clone(b), byte(r.IntN(256))), flip(0), flip(r.IntN(4)),
	}
}

// checkRejected requires every state in bad to be refused by into, and
// into to be as it was after each: its marshaled state and its output.
func checkRejected(t *testing.T, into any, bad [][]byte) {
	t.Helper()
	m := into.(marshaler)
	before, err := m.MarshalBinary()
	require.NoError(t, err)
	out := peek(t, into)
	for i, b := range bad {
		require.Error(t, m.UnmarshalBinary(b), "case %d", i)
		after, _ := m.MarshalBinary()
		require.Equal(t, before, after, "case %d: a refused state changed the hash", i)
	}
	require.Equal(t, out, peek(t, into))
}

// cut splits msg into pieces of the given sizes (the last may be short).
func cut(msg []byte, sizes []int) [][]byte {
	var parts [][]byte
	for _, n := range sizes {
		n = min(n, len(msg))
		parts = append(parts, msg[:n])
		msg = msg[n:]
	}
	return parts
}

func writeAll(h any, parts [][]byte) {
	for _, p := range parts {
		h.(io.Writer).Write(p)
	}
}

// peekLen is how much of an XOF's output peek reads: more than a block.
const peekLen = 200

// outputLen is the output peek compares: Size for a hash, else peekLen.
func outputLen(h any) int {
	if hh, ok := h.(hash.Hash); ok {
		return hh.Size()
	}
	return peekLen
}

// peek is h's output for the input so far, leaving h as it was: Sum for a
// hash, else the first peekLen bytes read from a clone.
func peek(t testing.TB, h any) []byte {
	t.Helper()
	if hh, ok := h.(hash.Hash); ok {
		return hh.Sum(nil)
	}
	out := make([]byte, peekLen)
	cloneOf(t, h).(io.Reader).Read(out)
	return out
}

// cloneOf calls h's Clone, which returns *T for the XOF types and
// (hash.Cloner, error) for the hash types, and returns the copy.
func cloneOf(t testing.TB, h any) any {
	t.Helper()
	out := reflect.ValueOf(h).MethodByName("Clone").Call(nil)
	if len(out) == 2 && !out[1].IsNil() {
		t.Fatalf("%T.Clone: %v", h, out[1].Interface())
	}
	require.IsType(t, h, out[0].Interface())
	return out[0].Interface()
}
