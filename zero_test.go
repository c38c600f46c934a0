package keccak

import (
	"crypto/sha3"
	"fmt"
	"hash"
	"strings"
	"testing"
	"time"

	"github.com/go-xkcp/keccak/internal/testkit/allocs"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Regression (issue 11, part 3): as in crypto/sha3, a zero SHA3 is a
// usable SHA3-256, on every backend: Write, Sum, Size, BlockSize, Reset,
// the marshaled state, and UnmarshalBinary of a SHA3-256 state into it.
func TestZeroSHA3IsSHA3_256(t *testing.T) {
	msg := []byte("the zero value is a usable SHA3-256")
	implrun.Run(t, "keccak", func(t *testing.T) {
		var std sha3.SHA3
		mustReturn(t, func() {
			var h SHA3
			h.Write(msg)
			std.Write(msg)
			assert.Equal(t, std.Sum(nil), h.Sum(nil))
			assert.Equal(t, 32, (&SHA3{}).Size())
			assert.Equal(t, 136, (&SHA3{}).BlockSize())
			var fresh SHA3
			assert.Equal(t, sha3.New256().Sum(nil), fresh.Sum(nil))

			var m SHA3
			mb, err := m.MarshalBinary()
			assert.NoError(t, err)
			sb, _ := sha3.New256().MarshalBinary()
			assert.Equal(t, sb, mb)

			std.Reset()
			std.Write(msg[:5])
			sb, _ = std.MarshalBinary()
			var u SHA3
			assert.NoError(t, u.UnmarshalBinary(sb))
			u.Write(msg[5:])
			assert.Equal(t, sha3.Sum256(msg), [32]byte(u.Sum(nil)))

			var r SHA3
			r.Reset()
			r.Write(msg)
			assert.Equal(t, sha3.Sum256(msg), [32]byte(r.Sum(nil)))

			// crypto/sha3 refuses another function's state in a zero value.
			other, _ := sha3.New512().MarshalBinary()
			assert.Error(t, (&SHA3{}).UnmarshalBinary(other))
			assert.Error(t, (&sha3.SHA3{}).UnmarshalBinary(other))
		})
	})
}

// A zero SHAKE is a usable SHAKE256, as in crypto/sha3.
func TestZeroSHAKEIsSHAKE256(t *testing.T) {
	msg := []byte("the zero value is a usable SHAKE256")
	implrun.Run(t, "keccak", func(t *testing.T) {
		mustReturn(t, func() {
			var x SHAKE
			x.Write(msg)
			got := make([]byte, 300)
			x.Read(got)
			assert.Equal(t, sha3.SumSHAKE256(msg, 300), got)
			assert.Equal(t, 136, (&SHAKE{}).BlockSize())

			var y SHAKE
			y.Read(got)
			assert.Equal(t, sha3.SumSHAKE256(nil, 300), got)

			var r SHAKE
			r.Reset()
			r.Write(msg)
			r.Read(got)
			assert.Equal(t, sha3.SumSHAKE256(msg, 300), got)

			std := sha3.NewSHAKE256()
			std.Write(msg[:9])
			sb, _ := std.MarshalBinary()
			var u SHAKE
			assert.NoError(t, u.UnmarshalBinary(sb))
			u.Write(msg[9:])
			u.Read(got)
			assert.Equal(t, sha3.SumSHAKE256(msg, 300), got)

			var m SHAKE
			mb, err := m.MarshalBinary()
			assert.NoError(t, err)
			zb, _ := sha3.NewSHAKE256().MarshalBinary()
			assert.Equal(t, zb, mb)
		})
	})
}

// Every other type's zero value either works or panics with a keccak:
// message; it never hangs and never fails with a runtime error.
func TestZeroValuesOfOtherTypes(t *testing.T) {
	uses := map[string]func(){
		"KT Write":               func() { var d KT; d.Write([]byte("x")) },
		"KT Write nil":           func() { var d KT; d.Write(nil) },
		"KT Sum":                 func() { var d KT; d.Sum(nil) },
		"KT Read":                func() { var d KT; d.Read(make([]byte, 8)) },
		"KMAC Write":             func() { var k KMAC; k.Write(nil) },
		"KMAC Sum":               func() { var k KMAC; k.Sum(nil) },
		"KMACXOF Read":           func() { var k KMACXOF; k.Read(make([]byte, 8)) },
		"TupleHash Add":          func() { var h TupleHash; h.Add(nil) },
		"TupleHash Sum":          func() { var h TupleHash; h.Sum(nil) },
		"TupleHashXOF Read":      func() { var h TupleHashXOF; h.Read(make([]byte, 8)) },
		"ParallelHash Write":     func() { var h ParallelHash; h.Write([]byte("x")) },
		"ParallelHash Sum":       func() { var h ParallelHash; h.Sum(nil) },
		"ParallelHashXOF Write":  func() { var h ParallelHashXOF; h.Write([]byte("x")) },
		"ParallelHashXOF Read":   func() { var h ParallelHashXOF; h.Read(make([]byte, 8)) },
		"SHAKEx4 Write":          func() { var x SHAKEx4; x.Write([4][]byte{}) },
		"SHAKEx4 Read":           func() { var x SHAKEx4; x.Read([4][]byte{{1}, {1}, {1}, {1}}) },
		"LegacyKeccak Write":     func() { var d LegacyKeccak; d.Write([]byte("x")) },
		"LegacyKeccak Sum":       func() { var d LegacyKeccak; d.Sum(nil) },
		"KT Reset then Write":    func() { var d KT; d.Reset(); d.Write([]byte("x")) },
		"SHAKEx4 Reset then Rd":  func() { var x SHAKEx4; x.Reset(); x.Read([4][]byte{{1}, {1}, {1}, {1}}) },
		"ParallelHash Reset+Sum": func() { var h ParallelHash; h.Reset(); h.Sum(nil) },
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		for name, use := range uses {
			mustReturn(t, func() {
				msg := panicMessage(use)
				if msg != "" && !strings.HasPrefix(msg, "keccak: ") {
					t.Errorf("%s: panic %q is not a keccak: message", name, msg)
				}
			})
		}
	})
}

// panicMessage runs f and returns what it panicked with, or "".
func panicMessage(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
			if msg == "" {
				msg = "(empty panic)"
			}
		}
	}()
	f()
	return ""
}

// mustReturn runs f on another goroutine and fails the test if f panics
// or does not return within ten seconds (a zero value used to send the
// absorb loop round forever with rate 0). f reports with assert, not
// require: it is not on the test's goroutine.
func mustReturn(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if msg := panicMessage(f); msg != "" {
			t.Errorf("panic: %s", msg)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("did not return within 10s")
	}
}

// Every type with Sum is a hash.Cloner, as crypto/sha3's SHA3 is.
func TestHashTypesAreCloners(t *testing.T) {
	for _, h := range []hash.Hash{New256(), NewKT128(nil), NewKT256(nil), NewKMAC128(nil, nil, 32),
		NewKMAC256(nil, nil, 64), NewParallelHash128(nil, 8, 32), NewParallelHash256(nil, 8, 64),
		NewLegacyKeccak256()} {
		c, ok := h.(hash.Cloner)
		require.True(t, ok, "%T is not a hash.Cloner", h)
		d, err := c.Clone()
		require.NoError(t, err)
		require.IsType(t, h, d)
	}
}

// crypto/sha3's one-shot SHAKE functions allocate nothing for short
// outputs (the output buffer lives on the caller's stack); neither do ours.
func TestSumSHAKEAllocatesNothing(t *testing.T) {
	if allocs.Unreliable {
		t.Skip("allocation counts differ under -race and -asan")
	}
	msg := []byte("ABC")
	var sink byte
	implrun.Run(t, "keccak", func(t *testing.T) {
		for name, f := range map[string]func(){
			"SumSHAKE128":       func() { sink ^= SumSHAKE128(msg, 32)[0] },
			"SumSHAKE256":       func() { sink ^= SumSHAKE256(msg, 64)[0] },
			"SumTurboSHAKE128":  func() { sink ^= SumTurboSHAKE128(msg, 1, 32)[0] },
			"SumTurboSHAKE256":  func() { sink ^= SumTurboSHAKE256(msg, 1, 64)[0] },
			"SumSHAKE128 short": func() { sink ^= SumSHAKE128(msg, 10)[0] },
		} {
			require.Zero(t, testing.AllocsPerRun(20, f), name)
		}
	})
	_ = sink
}

// As in crypto/sha3, a hash made, fed and summed into a buffer with room
// allocates nothing, and neither does the SHAKE equivalent or Sum256.
func TestStreamingAllocatesNothing(t *testing.T) {
	if allocs.Unreliable {
		t.Skip("allocation counts differ under -race and -asan")
	}
	msg := []byte("ABC")
	var sink byte
	implrun.Run(t, "keccak", func(t *testing.T) {
		for name, f := range map[string]func(){
			"New256+Write+Sum": func() {
				h := New256()
				h.Write(msg)
				sink ^= h.Sum(make([]byte, 0, 32))[0]
			},
			"NewSHAKE128+Write+Read": func() {
				h := NewSHAKE128()
				h.Write(msg)
				out := make([]byte, 32)
				h.Read(out)
				sink ^= out[0]
			},
			"Sum256": func() { s := Sum256(msg); sink ^= s[0] },
		} {
			require.Zero(t, testing.AllocsPerRun(20, f), name)
		}
	})
	_ = sink
}
