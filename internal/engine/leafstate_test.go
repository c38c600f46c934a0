package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// writeRandom writes msg to s in random pieces of up to max bytes.
func writeRandom(r *rand.Rand, s *LeafStream, final *Sponge, msg []byte, max int) {
	for len(msg) > 0 {
		n := min(len(msg), 1+r.IntN(max))
		s.Write(msg[:n], final)
		msg = msg[n:]
	}
}

// A stream saved anywhere (mid-block, mid-stage, with an open leaf) and
// loaded into a fresh stream of the same shape finishes as the original
// does; its saved form is canonical and bounded.
func TestLeafStreamStateResumes(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for _, B := range []int{1, 7, 136, 8192, MaxStagedBlock, MaxStagedBlock + 1, 3*MaxStagedBlock + 5} {
		spec := LeafSpec{BlockLen: B, Rate: 168, DS: 0x1f, Rounds: 24, CVLen: 32}
		for range 3 {
			msg := randomBytes(r, r.IntN(StageLen(min(B, MaxStagedBlock))+4*B))
			at := r.IntN(len(msg) + 1)
			s, final := NewLeafStream(spec), NewSponge(168, 0x1f, 24)
			writeRandom(r, &s, &final, msg[:at], 1+r.IntN(3*B))
			s.Settle(&final) // a stage may be in flight
			saved := s.AppendState([]byte("prefix"))
			require.Equal(t, []byte("prefix"), saved[:6])
			saved = saved[6:]
			require.LessOrEqual(t, len(saved), MaxLeafStateSize)
			require.Equal(t, LeafStateHeader+len(s.staged)+pick(s.leafLen > 0, StateSize, 0), len(saved))

			d := NewLeafStream(spec)
			rest, err := d.LoadState(append(bytes.Clone(saved), 1, 2))
			require.NoError(t, err)
			require.Equal(t, []byte{1, 2}, rest)
			require.Equal(t, saved, d.AppendState(nil), "saved forms are canonical")
			dFinal := final

			writeRandom(r, &s, &final, msg[at:], 1+r.IntN(3*B))
			writeRandom(r, &d, &dFinal, msg[at:], 1+r.IntN(3*B))
			s.Finish([]byte("tail"), &final)
			d.Finish([]byte("tail"), &dFinal)
			require.Equal(t, final.Sum(nil, 32), dFinal.Sum(nil, 32), "block %d, cut at %d of %d", B, at, len(msg))
			require.Equal(t, s.Leaves(), d.Leaves())
		}
	}
}

// A stage saved on a machine with more cores than this one is bigger than
// this stream's stage: it loads whole, and the stage grows to hold it.
func TestLeafStreamLoadsBiggerStage(t *testing.T) {
	r := rand.New(rand.NewPCG(63, 64))
	for _, B := range []int{1, 1000, 8192, MaxStagedBlock} {
		spec := LeafSpec{BlockLen: B, Rate: 136, DS: 0x1f, Rounds: 24, CVLen: 64}
		s, final := NewLeafStream(spec), NewSponge(136, 0x1f, 24)
		s.stage = maxStage(B) // as with many cores
		msg := randomBytes(r, maxStage(B)+B)
		s.Write(msg[:1], &final) // something staged: the rest is staged too
		s.Write(msg[1:maxStage(B)-1], &final)
		require.Equal(t, maxStage(B)-1, s.Buffered())
		saved := s.AppendState(nil)

		d := NewLeafStream(spec)
		d.stage = leafWidth * B // as with one core and small blocks
		_, err := d.LoadState(saved)
		require.NoError(t, err)
		require.Equal(t, maxStage(B), d.stage)
		dFinal := final
		s.Write(msg[maxStage(B)-1:], &final)
		d.Write(msg[maxStage(B)-1:], &dFinal)
		require.Less(t, len(d.staged), d.stage)
		s.Finish(nil, &final)
		d.Finish(nil, &dFinal)
		require.Equal(t, final.Sum(nil, 64), dFinal.Sum(nil, 64), "block %d", B)
	}
}

// Every malformed saved form is an error and leaves the stream as it was.
func TestLeafStreamLoadRejects(t *testing.T) {
	r := rand.New(rand.NewPCG(65, 66))
	staging := LeafSpec{BlockLen: 136, Rate: 168, DS: 0x1f, Rounds: 24, CVLen: 32}
	direct := LeafSpec{BlockLen: MaxStagedBlock + 10, Rate: 168, DS: 0x1f, Rounds: 24, CVLen: 32}
	for _, spec := range []LeafSpec{staging, direct} {
		s, final := NewLeafStream(spec), NewSponge(168, 0x1f, 24)
		s.Write(randomBytes(r, 5*spec.BlockLen+50), &final)
		good := s.AppendState(nil)

		d, dFinal := NewLeafStream(spec), NewSponge(168, 0x1f, 24)
		d.Write(randomBytes(r, 3*spec.BlockLen+7), &dFinal)
		before := d.AppendState(nil)

		set := func(off int, v ...byte) []byte {
			b := bytes.Clone(good)
			copy(b[off:], v)
			return b
		}
		bad := [][]byte{
			nil, good[:LeafStateHeader-1], good[:len(good)-1],
			set(7, byte(spec.BlockLen+1)),      // another block length
			set(16, 0xff, 0, 0, 0, 0, 0, 0, 0), // open block longer than B
			set(24, 0xff, 0xff, 0xff, 0xff),    // more staged bytes than any stage
		}
		if spec == staging {
			bad = append(bad, set(23, 1)) // an open block while staging
		} else {
			bad = append(bad,
				set(27, 1), // staged bytes in a direct stream
				set(LeafStateHeader+201, byte(s.leafLen%168+1)), // the open sponge's offset disagrees
				set(LeafStateHeader+202, 1),                     // the open sponge squeezing
				set(LeafStateHeader, 136))                       // the open sponge's rate
		}
		for i, b := range bad {
			_, err := d.LoadState(b)
			require.Error(t, err, "block %d, case %d", spec.BlockLen, i)
			require.Equal(t, before, d.AppendState(nil), "block %d, case %d changed the stream", spec.BlockLen, i)
		}
		_, err := d.LoadState(good[:len(good)-1])
		require.Error(t, err)
		rest, err := d.LoadState(good)
		require.NoError(t, err)
		require.Empty(t, rest)
	}
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
