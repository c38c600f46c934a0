package keccak

import (
	"hash"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/stretchr/testify/require"
)

// Issue 11, part 1, for every type: writes whose sizes sit around the
// rate, the 8192-byte chunk and the stage (so that finishing spills past
// it), customization strings of 0..20,000 bytes, SetParallelism 1..4, and
// after every write Sum, and Read from a Clone, against the one-shot
// output of the input so far, on every backend.
func TestOutputAfterEveryWrite(t *testing.T) {
	forEachSubject(t, 61, func(t *testing.T, r *rand.Rand, s subject) {
		for range pick(testing.Short(), 2, 5) {
			checkOutputAfterEveryWrite(t, r, s)
		}
	})
}

func checkOutputAfterEveryWrite(t *testing.T, r *rand.Rand, s subject) {
	custom := randomBytes(r, customizationLen(r))
	newHash, ref := s.make(r, custom)
	h := newHash()
	procs := 1 + r.IntN(4)
	if p, ok := h.(interface{ SetParallelism(int) }); ok {
		p.SetParallelism(procs)
	}
	budget := 3 * chunkSize
	if l := leafStreamOf(h); l != nil {
		// Past the stage, but in leaves few enough that hashing the prefix
		// after every write stays cheap (fewer in -short, for -race: small
		// ParallelHash blocks cost a sponge each).
		budget = min(engine.StageLen(l.Spec().BlockLen)+3*chunkSize, pick(testing.Short(), 300, 2000)*l.Spec().BlockLen)
	}
	suffix := len(custom) + 3
	var parts [][]byte
	for total, w := 0, 0; total < budget && w < pick(testing.Short(), 12, 24); w++ {
		p := randomBytes(r, writeLen(r, s.rate, suffix, stageGap(h)))
		h.(io.Writer).Write(p)
		parts = append(parts, p)
		total += len(p)
		where := []any{"write %d (%d bytes in all), |C| %d, %d goroutines", w, total, len(custom), procs}
		if hh, ok := h.(hash.Hash); ok {
			require.Equal(t, ref(parts, hh.Size()), hh.Sum(nil), where...)
		}
		if _, ok := h.(io.Reader); ok {
			n := 1 + r.IntN(2*s.rate)
			out := make([]byte, n)
			cloneOf(t, h).(io.Reader).Read(out)
			require.Equal(t, ref(parts, n), out, where...)
		}
	}
}

// customizationLen favours the edges: none, short, about a chunk (the
// suffix alone then crosses the chunk boundary), and up to 20,000 bytes.
func customizationLen(r *rand.Rand) int {
	switch r.IntN(5) {
	case 0:
		return 0
	case 1:
		return 1 + r.IntN(300)
	case 2:
		return chunkSize - 8 + r.IntN(16)
	case 3:
		return 20000 - r.IntN(50)
	}
	return r.IntN(20001)
}

// writeLen draws a write size around the rate, around the chunk, just
// short of filling the stage (gap more bytes fill it; the last suffix
// bytes then spill over), or anything up to three chunks.
func writeLen(r *rand.Rand, rate, suffix, gap int) int {
	switch r.IntN(6) {
	case 0:
		return rate - 1 + r.IntN(3)
	case 1:
		return 1 + r.IntN(rate)
	case 2:
		return chunkSize - 1 + r.IntN(3)
	case 3:
		if gap > 0 {
			return max(1, gap-r.IntN(min(gap, suffix+1)))
		}
	}
	return r.IntN(3 * chunkSize)
}
