package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Stages hashed on other goroutines, maxPending at a time, give the final
// node what one goroutine gives, whatever happens mid-stream: a Sum from a
// shallow copy, a Clone, a save and load, a Reset; input through Write or
// WriteFrom. Two workers are forced
// and the stage sized for them, so this runs whatever GOMAXPROCS is.
func TestPipelinedStages(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 72))
	for _, B := range []int{1000, 8192, MaxStagedBlock} {
		spec := LeafSpec{BlockLen: B, Rate: 168, DS: 0x0B, Rounds: 12, CVLen: 32}
		batch := leafWidth * B
		stage := (2*MinBytesPerWorker + batch - 1) / batch * batch
		fresh := func() (LeafStream, Sponge) {
			s := NewLeafStream(spec)
			s.SetWorkers(2)
			s.stage = stage
			return s, NewSponge(168, 0x06, 12)
		}
		sum := func(s LeafStream, final Sponge) []byte { // on copies, as a Sum does
			s.Finish([]byte("tail"), &final)
			return final.Sum(nil, 32)
		}
		want := func(msg []byte) []byte {
			s, final := fresh()
			s.SetWorkers(1)
			s.Write(msg, &final)
			return sum(s, final)
		}

		msg := randomBytes(r, pick(testing.Short(), 3, 6)*stage+3*B+7)
		s, final := fresh()
		clone, cloneFinal := fresh()
		loaded, loadedFinal := fresh()
		clone.Write(msg, &cloneFinal) // until the loop replaces them
		loaded.Write(msg, &loadedFinal)
		most := 0
		for at := 0; at < len(msg); {
			// Writes that stage, and some through WriteFrom; past the
			// first three stages (which fill the pipeline), some big ones
			// too, straight to the kernel after the stages in flight.
			filling := at < 3*stage
			n := min(len(msg)-at, 1+r.IntN(pick(!filling && r.IntN(40) == 0, 2*stage, leafWidth*B-1)))
			if r.IntN(8) == 0 {
				got, err := s.WriteFrom(bytes.NewReader(msg[at:at+n]), &final)
				require.NoError(t, err)
				require.Equal(t, int64(n), got)
			} else {
				s.Write(msg[at:at+n], &final)
			}
			at += n
			most = max(most, len(s.pending))
			require.LessOrEqual(t, len(s.pending)+len(s.spares), maxPending, "stage buffers besides staged")
			require.LessOrEqual(t, cap(s.staged), stage)
			if filling {
				continue
			}
			switch r.IntN(16) {
			case 0:
				require.Equal(t, want(msg[:at]), sum(s, final), "Sum at %d, block %d", at, B)
			case 1:
				s.Settle(&final)
				clone, cloneFinal = s.Clone(), final
				clone.SetWorkers(2)
				require.Equal(t, want(msg[:at]), sum(clone, cloneFinal), "Clone at %d, block %d", at, B)
				clone.Write(msg[at:], &cloneFinal)
			case 2:
				s.Settle(&final)
				var err error
				_, err = loaded.LoadState(s.AppendState(nil))
				require.NoError(t, err)
				loadedFinal = final
				loaded.Write(msg[at:], &loadedFinal)
			case 3:
				d, dFinal := s, final // a stream reset mid-flight starts over
				d.Reset()
				d.SetWorkers(2)
				dFinal = NewSponge(168, 0x06, 12)
				for p := msg[:at]; len(p) > 0; p = p[min(len(p), batch-1):] {
					d.Write(p[:min(len(p), batch-1)], &dFinal)
				}
				require.Equal(t, want(msg[:at]), sum(d, dFinal), "Reset at %d, block %d", at, B)
				s, final = d, dFinal
			}
		}
		require.Equal(t, maxPending, most, "block %d: stages went to goroutines", B)
		whole := want(msg)
		require.Equal(t, whole, sum(s, final), "block %d", B)
		require.Equal(t, whole, sum(clone, cloneFinal), "block %d, cloned", B)
		require.Equal(t, whole, sum(loaded, loadedFinal), "block %d, loaded", B)
	}
}
