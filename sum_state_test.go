package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// Regression (issue 11, part 1): KT.Sum finished a shallow copy whose stage
// shared its array with the original, and the customization suffix spilled
// over the original's staged bytes. Stage the message so that the suffix
// overflows the stage, then Sum twice and keep writing: every digest must
// be the reference's.
func TestKTSumLeavesStagedBytesAlone(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	stage := engine.StageLen(chunkSize)
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, rate := range []int{168, 136} {
			for _, clen := range []int{100, 9000} {
				c := randomBytes(r, clen)
				suffix := len(ktSuffix(c))
				for _, short := range []int{1, suffix / 2, suffix - 1} {
					msg := randomBytes(r, chunkSize+stage-short+3000)
					d := newKT(rate, c)
					d.SetParallelism(1)
					first := chunkSize + stage - short
					writeSplit(d, msg[:first], 1000)
					want := ktReference(rate, msg[:first], c, 200-rate)
					require.Equal(t, want, d.Sum(nil), "rate %d |C| %d short %d: first Sum", rate, clen, short)
					require.Equal(t, want, d.Sum(nil), "rate %d |C| %d short %d: second Sum", rate, clen, short)
					d.Write(msg[first:])
					require.Equal(t, ktReference(rate, msg, c, 200-rate), d.Sum(nil), "rate %d |C| %d short %d: after more input", rate, clen, short)
				}
			}
		}
	})
}

// The same for ParallelHash, whose Sum also finishes a copy of a staged
// stream: the original goes on as if no Sum had been taken
// (engine.TestFinishLeavesStagedBytesAlone checks the staged bytes).
func TestParallelHashSumLeavesStagedBytesAlone(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, B := range []int{136, 8192} {
			msg := randomBytes(r, engine.StageLen(B)+3*B+5)
			h := NewParallelHash128([]byte("S"), B, 32)
			h.SetParallelism(1)
			for i, p := 0, msg; len(p) > 0; i++ {
				n := min(len(p), 1+r.IntN(len(msg)/8))
				h.Write(p[:n])
				p = p[n:]
				want := refParallelHash(128, msg[:len(msg)-len(p)], B, []byte("S"), 32, false)
				require.Equal(t, want, h.Sum(nil), "B %d write %d", B, i)
			}
		}
	})
}
