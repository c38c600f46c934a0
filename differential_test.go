package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

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
	forEachBackend(t, func(t *testing.T) {
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
		onEachBackend(t, func() {
			againstStdlib(t, rand.New(rand.NewPCG(seed, 0)), msg)
		})
	})
}

// Native kernels must match the Go one on every entry point: the
// permutations at every round count; absorb, squeeze and the one-call
// sponge at every length from 0 to three blocks for all five rates (12 and
// 24 rounds, and the 4-way forms); tree leaves at 0..17 leaves for
// KangarooTwelve's and ParallelHash's shapes.
func TestBackendsAgree(t *testing.T) {
	ref := genericBackend
	for _, b := range backends()[1:] {
		t.Run(b.name(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			for nr := 1; nr <= 24; nr++ {
				a := randomStates(r)
				want := a
				b.permute(&a[0], nr)
				ref.permute(&want[0], nr)
				require.Equal(t, want, a, "permute, %d rounds", nr)
				b.permute4(&a, nr)
				ref.permute4(&want, nr)
				require.Equal(t, want, a, "permute4, %d rounds", nr)
			}
			for _, rate := range []int{168, 144, 136, 104, 72} {
				for _, nr := range []int{12, 24} {
					for n := 0; n <= 3*rate; n++ {
						backendsAgreeAt(t, r, b, rate, nr, n)
					}
				}
			}
			for _, rate := range []int{168, 136} {
				for _, l := range []leafSpec{
					{blockLen: chunkSize, rate: rate, ds: 0x0B, rounds: 12, cvLen: 200 - rate},
					{blockLen: 1000 + r.IntN(100), rate: rate, ds: dsSHAKE, rounds: 24, cvLen: 200 - rate},
					{blockLen: 1 + r.IntN(rate), rate: rate, ds: dsSHAKE, rounds: 24, cvLen: 200 - rate},
				} {
					for leaves := 0; leaves <= 17; leaves++ {
						in := randomBytes(r, leaves*l.blockLen)
						cv, want := make([]byte, leaves*l.cvLen), make([]byte, leaves*l.cvLen)
						b.leaves(&l, in, cv)
						ref.leaves(&l, in, want)
						require.Equal(t, want, cv, "rate %d, block %d, %d leaves", rate, l.blockLen, leaves)
					}
				}
			}
		})
	}
}

// backendsAgreeAt holds b to the generic backend on n input bytes: absorb
// and absorb4 from random states, squeeze and squeeze4 of n rounded down
// to whole blocks, and the one-call sponge cut anywhere into in || tail.
func backendsAgreeAt(t *testing.T, r *rand.Rand, b backend, rate, nr, n int) {
	ref := genericBackend
	where := []any{"rate %d, %d rounds, %d bytes", rate, nr, n}
	a := randomStates(r)
	want := a
	var in [4][]byte
	for i := range in {
		in[i] = randomBytes(r, n)
	}
	require.Equal(t, ref.absorb(&want[0], rate, in[0], nr), b.absorb(&a[0], rate, in[0], nr), where...)
	require.Equal(t, want, a, where...)
	require.Equal(t, ref.absorb4(&want, rate, &in, nr), b.absorb4(&a, rate, &in, nr), where...)
	require.Equal(t, want, a, where...)

	var out, wantOut [4][]byte
	for i := range out {
		out[i], wantOut[i] = make([]byte, n-n%rate), make([]byte, n-n%rate)
	}
	b.squeeze(&a[0], rate, out[0], nr)
	ref.squeeze(&want[0], rate, wantOut[0], nr)
	require.Equal(t, wantOut, out, where...)
	b.squeeze4(&a, rate, &out, nr)
	ref.squeeze4(&want, rate, &wantOut, nr)
	require.Equal(t, wantOut, out, where...)
	require.Equal(t, want, a, where...)

	o1 := make([]byte, r.IntN(3*rate))
	o2 := make([]byte, len(o1))
	ds := byte(1 + r.IntN(127))
	c := r.IntN(n + 1) // in || tail is one message, wherever it is cut
	b.sponge(rate, ds, in[1][:c], in[1][c:], o1, nr)
	ref.sponge(rate, ds, in[1], nil, o2, nr)
	require.Equal(t, o2, o1, where...)
}

// randomStates returns four random Keccak states.
func randomStates(r *rand.Rand) (a [4][25]uint64) {
	for i := range a {
		for j := range a[i] {
			a[i][j] = r.Uint64()
		}
	}
	return a
}
