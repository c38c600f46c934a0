package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// againstStdlib hashes msg with ours and crypto/sha3 using random write and
// read splits, and requires equal output.
func againstStdlib(t *testing.T, r *rand.Rand, msg []byte) {
	t.Helper()
	type pair struct {
		ours, std func() (interface{ Write([]byte) (int, error) }, func(int) []byte)
	}
	outLen := 1 + r.IntN(600)
	sha := func(ours *SHA3, std *sha3.SHA3) pair {
		return pair{
			func() (interface{ Write([]byte) (int, error) }, func(int) []byte) {
				return ours, func(int) []byte { return ours.Sum(nil) }
			},
			func() (interface{ Write([]byte) (int, error) }, func(int) []byte) {
				return std, func(int) []byte { return std.Sum(nil) }
			},
		}
	}
	xof := func(ours *SHAKE, std *sha3.SHAKE) pair {
		return pair{
			func() (interface{ Write([]byte) (int, error) }, func(int) []byte) {
				return ours, func(n int) []byte { out := make([]byte, n); readSplit(ours, out, randomSplits(r, n)...); return out }
			},
			func() (interface{ Write([]byte) (int, error) }, func(int) []byte) {
				return std, func(n int) []byte { out := make([]byte, n); std.Read(out); return out }
			},
		}
	}
	N, S := []byte("fn"), bytes.Repeat([]byte{0xA5}, r.IntN(300))
	for _, p := range []pair{
		sha(New224(), sha3.New224()), sha(New256(), sha3.New256()),
		sha(New384(), sha3.New384()), sha(New512(), sha3.New512()),
		xof(NewSHAKE128(), sha3.NewSHAKE128()), xof(NewSHAKE256(), sha3.NewSHAKE256()),
		xof(NewCSHAKE128(N, S), sha3.NewCSHAKE128(N, S)), xof(NewCSHAKE256(nil, S), sha3.NewCSHAKE256(nil, S)),
	} {
		w1, out1 := p.ours()
		w2, out2 := p.std()
		writeSplit(w1, msg, randomSplits(r, len(msg))...)
		w2.Write(msg)
		require.Equal(t, out2(outLen), out1(outLen))
	}
	s := Sum256(msg)
	require.Equal(t, sha3.Sum256(msg), s)
	require.Equal(t, sha3.SumSHAKE256(msg, outLen), SumSHAKE256(msg, outLen))
}

func TestAgainstStdlib(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for range pick(testing.Short(), 30, 150) {
			againstStdlib(t, r, randomBytes(r, r.IntN(10*1024+1)))
		}
	})
}

func FuzzAgainstStdlib(f *testing.F) {
	f.Add([]byte(""), uint64(0))
	f.Add(bytes.Repeat([]byte{1}, 1000), uint64(7))
	f.Fuzz(func(t *testing.T, msg []byte, seed uint64) {
		implrun.Each(t, "keccak", func() {
			againstStdlib(t, rand.New(rand.NewPCG(seed, 0)), msg)
		})
	})
}
