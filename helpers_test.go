package keccak

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/rnd"
	"github.com/go-xkcp/keccak/internal/testkit/testvec"
	"github.com/stretchr/testify/require"
)

// vector is one record of testdata/keccak/*.jsonl.
type vector = testvec.Keccak

func loadVectors(t testing.TB, name string) []vector { return testvec.LoadKeccak(t, name) }

func unhex(t testing.TB, s string) []byte { return testvec.Unhex(t, s) }

// stateFromHex reads a 200-byte state in the FIPS 202 byte order.
func stateFromHex(t testing.TB, s string) (a [25]uint64) {
	b := unhex(t, s)
	require.Len(t, b, 200)
	for i := range a {
		a[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return a
}

var randomBytes = rnd.Bytes

// randomSplits returns random piece sizes summing to at least n.
func randomSplits(r *rand.Rand, n int) []int {
	var sizes []int
	for total := 0; total < n || len(sizes) == 0; {
		s := 1 + r.IntN(400)
		if r.IntN(8) == 0 {
			s = 1 + r.IntN(3000)
		}
		sizes = append(sizes, s)
		total += s
	}
	return sizes
}

// writeSplit writes p to w in pieces of the given sizes, cycling.
func writeSplit(w io.Writer, p []byte, sizes ...int) {
	for i := 0; len(p) > 0; i++ {
		n := min(len(p), sizes[i%len(sizes)])
		w.Write(p[:n])
		p = p[n:]
	}
}

// readSplit reads len(out) bytes from r in pieces of the given sizes.
func readSplit(r io.Reader, out []byte, sizes ...int) {
	for i := 0; len(out) > 0; i++ {
		n := min(len(out), sizes[i%len(sizes)])
		r.Read(out[:n])
		out = out[n:]
	}
}

// splits are fixed write and read patterns: one piece, bytes one by one,
// and pieces that straddle the rates.
var splits = [][]int{{1 << 30}, {1}, {7, 136, 3}, {168, 1}, {200, 31}}

// shortTurn says which of two variants case number turn runs under -short,
// where a leaf-count test runs one variant a case instead of both: it
// alternates with turn and with turn/2, so each variant meets both values
// of the two innermost loops' other parameters.
func shortTurn(turn int) bool { return (turn+turn/2)%2 == 0 }

// pick is a when first holds, else b: pick(is128, NewKMAC128, NewKMAC256).
func pick[F any](first bool, a, b F) F {
	if first {
		return a
	}
	return b
}

// randLen favours the edges: empty, around one and two rates, and now and
// then something long.
func randLen(r *rand.Rand, max int) int {
	switch r.IntN(6) {
	case 0:
		return 0
	case 1:
		return []int{1, 135, 136, 137, 167, 168, 169, 271, 272, 336, 337}[r.IntN(11)]
	}
	return r.IntN(max + 1)
}

// eqBytes is require.Equal for byte strings where nil and empty are equal.
func eqBytes(t testing.TB, want, got []byte, msgAndArgs ...any) {
	t.Helper()
	if !bytes.Equal(want, got) {
		require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), msgAndArgs...)
	}
}
