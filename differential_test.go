package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

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
	forEachBackend(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		iters := 150
		if testing.Short() {
			iters = 30
		}
		for range iters {
			msg := make([]byte, r.IntN(10*1024+1))
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			againstStdlib(t, r, msg)
		}
	})
}

func FuzzAgainstStdlib(f *testing.F) {
	f.Add([]byte(""), uint64(0))
	f.Add(bytes.Repeat([]byte{1}, 1000), uint64(7))
	f.Fuzz(func(t *testing.T, msg []byte, seed uint64) {
		againstStdlib(t, rand.New(rand.NewPCG(seed, 0)), msg)
	})
}

// Native kernels must match the Go one on every entry point, for random
// states, round counts and lengths.
func TestBackendsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ref := genericBackend
	for _, b := range backends()[1:] {
		t.Run(b.name(), func(t *testing.T) {
			for nr := 1; nr <= 24; nr++ {
				var a, want [4][25]uint64
				for i := range a {
					for j := range a[i] {
						a[i][j] = r.Uint64()
					}
				}
				want = a
				b.permute(&a[0], nr)
				ref.permute(&want[0], nr)
				require.Equal(t, want, a)
				b.permute4(&a, nr)
				ref.permute4(&want, nr)
				require.Equal(t, want, a)

				rate := []int{168, 136, 144, 104, 72}[nr%5]
				var in [4][]byte
				n := r.IntN(5 * rate)
				for i := range in {
					in[i] = make([]byte, n)
					for j := range in[i] {
						in[i][j] = byte(r.Uint32())
					}
				}
				require.Equal(t, ref.absorb(&want[0], rate, in[0], nr), b.absorb(&a[0], rate, in[0], nr))
				require.Equal(t, want, a)
				require.Equal(t, ref.absorb4(&want, rate, &in, nr), b.absorb4(&a, rate, &in, nr))
				require.Equal(t, want, a)

				var out, wantOut [4][]byte
				for i := range out {
					out[i], wantOut[i] = make([]byte, 3*rate), make([]byte, 3*rate)
				}
				b.squeeze4(&a, rate, &out, nr)
				ref.squeeze4(&want, rate, &wantOut, nr)
				require.Equal(t, wantOut, out)
				require.Equal(t, want, a)
				b.squeeze(&a[1], rate, out[1], nr)
				ref.squeeze(&want[1], rate, wantOut[1], nr)
				require.Equal(t, wantOut, out)

				o1 := make([]byte, r.IntN(500))
				o2, o3 := bytes.Clone(o1), bytes.Clone(o1)
				ds := byte(1 + r.IntN(127))
				// in || tail is absorbed as one message, wherever it is cut.
				cut := r.IntN(len(in[2]) + 1)
				b.sponge(rate, ds, in[2][:cut], in[2][cut:], o1, nr)
				ref.sponge(rate, ds, in[2], nil, o2, nr)
				ref.sponge(rate, ds, in[2][:cut], in[2][cut:], o3, nr)
				require.Equal(t, o2, o1)
				require.Equal(t, o2, o3)
			}
			for _, rate := range []int{168, 136} {
				cvLen := 200 - rate
				for _, chunks := range []int{1, 3, 4, 5, 9} {
					in := make([]byte, chunks*chunkSize)
					for j := range in {
						in[j] = byte(r.Uint32())
					}
					cv, want := make([]byte, chunks*cvLen), make([]byte, chunks*cvLen)
					l := &leafSpec{blockLen: chunkSize, rate: rate, ds: 0x0B, rounds: 12, cvLen: cvLen}
					b.leaves(l, in, cv)
					ref.leaves(l, in, want)
					require.Equal(t, want, cv, "rate %d, %d chunks", rate, chunks)
					// Another shape: ParallelHash-like leaves, 24 rounds.
					l = &leafSpec{blockLen: 1000 + chunks, rate: rate, ds: 0x1F, rounds: 24, cvLen: cvLen}
					in = in[:chunks*l.blockLen]
					b.leaves(l, in, cv)
					ref.leaves(l, in, want)
					require.Equal(t, want, cv, "rate %d, %d chunks", rate, chunks)
				}
			}
		})
	}
}
