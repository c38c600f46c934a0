package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Small writes are staged in a buffer bounded whatever the message length,
// a whole number of wide batches of blocks; blocks above MaxStagedBlock are
// never staged. Staged or direct, the final node gets the same bytes.
func TestStagingIsBounded(t *testing.T) {
	// Past the largest stage (MaxStage and a wide batch of the biggest
	// staged blocks) even under -short, where the emulated runs are slow.
	n := 3<<20 + 11
	if testing.Short() {
		n = MaxStage + leafWidth*MaxStagedBlock + 100<<10 + 11
	}
	msg := randomBytes(rand.New(rand.NewPCG(13, 14)), n)
	specs := []LeafSpec{{BlockLen: 8192, Rate: 168, DS: 0x0B, Rounds: 12, CVLen: 32}}
	for _, B := range []int{1, 8192, MaxStagedBlock, MaxStagedBlock + 1} {
		specs = append(specs, LeafSpec{BlockLen: B, Rate: 168, DS: 0x1f, Rounds: 24, CVLen: 32})
	}
	for _, spec := range specs {
		s, final := NewLeafStream(spec), NewSponge(168, 0x1f, 24)
		for p := msg; len(p) > 0; p = p[min(len(p), 1000):] {
			s.Write(p[:min(len(p), 1000)], &final)
			require.Less(t, len(s.staged), max(s.stage, 1), "block %d", spec.BlockLen)
			require.LessOrEqual(t, cap(s.staged), s.stage, "block %d", spec.BlockLen)
		}
		if spec.BlockLen > MaxStagedBlock {
			require.True(t, s.direct)
			require.Zero(t, s.stage)
		} else {
			require.NotZero(t, s.stage)
			require.Zero(t, s.stage%(leafWidth*spec.BlockLen))
			require.LessOrEqual(t, s.stage, MaxStage+leafWidth*spec.BlockLen)
		}
		s.Finish(nil, &final)

		d, want := NewLeafStream(spec), NewSponge(168, 0x1f, 24)
		d.SetDirect()
		d.Write(msg, &want)
		require.Less(t, len(d.staged), 1, "a direct stream stages nothing")
		d.Finish(nil, &want)
		require.Equal(t, want.Sum(nil, 32), final.Sum(nil, 32), "block %d", spec.BlockLen)
		require.Equal(t, d.Leaves(), s.Leaves())
	}
}

// Finish on a shallow copy (what a Sum does) only reads the staged bytes:
// the original's stay as they were.
func TestFinishLeavesStagedBytesAlone(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	for _, B := range []int{136, 8192} {
		spec := LeafSpec{BlockLen: B, Rate: 168, DS: 0x1f, Rounds: 24, CVLen: 32}
		s, final := NewLeafStream(spec), NewSponge(168, 0x1f, 24)
		msg := randomBytes(r, StageLen(B)+3*B+5)
		for p := msg; len(p) > 0; {
			n := min(len(p), 1+r.IntN(len(msg)/8))
			s.Write(p[:n], &final)
			p = p[n:]
			staged := bytes.Clone(s.staged)
			dup, dupFinal := s, final
			dup.Finish([]byte("tail"), &dupFinal)
			require.Equal(t, staged, s.staged, "block %d", B)
		}
	}
}

// hashLeaves takes the blocks batchLeaves at a time: across the batches'
// boundaries the chaining values reach the final node in order, on every
// backend, on one goroutine and on two.
func TestHashLeavesAcrossBatches(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	l := LeafSpec{BlockLen: 600, Rate: 168, DS: 0x0B, Rounds: 12, CVLen: 32}
	n := 2*batchLeaves + 3 // three batches, the last short
	in := randomBytes(r, n*l.BlockLen)
	want := NewSponge(168, 0x06, 12)
	for i := range n {
		var cv [32]byte
		genericBackend.hash(l.Rate, l.DS, in[i*l.BlockLen:(i+1)*l.BlockLen], nil, cv[:], l.Rounds)
		want.Write(cv[:])
	}
	for _, b := range backends() {
		for _, workers := range []int{1, 2} {
			restore := Use(b.label)
			final := NewSponge(168, 0x06, 12)
			require.Equal(t, uint64(n), hashLeaves(&l, in, &final, workers))
			restore()
			require.Equal(t, want.Sum(nil, 32), final.Sum(nil, 32), "%s, %d workers", b.label, workers)
		}
	}
}
