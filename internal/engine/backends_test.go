package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/rnd"
	"github.com/stretchr/testify/require"
)

// Native kernels must match the Go one on every entry point: the
// permutations at every round count; absorb, squeeze and the one-call
// sponge at every length from 0 to three blocks for all five rates (12 and
// 24 rounds, and the 4-way forms); tree leaves at 0..17 leaves for
// KangarooTwelve's and ParallelHash's shapes.
func TestBackendsAgree(t *testing.T) {
	ref := genericBackend
	for _, b := range backends()[1:] {
		t.Run(b.label, func(t *testing.T) {
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
			leavesAgree(t, r, b)
		})
	}
}

// leavesAgree holds b's tree leaves to the generic backend's at 0..17
// leaves for KangarooTwelve's and ParallelHash's shapes.
func leavesAgree(t *testing.T, r *rand.Rand, b backend) {
	ref := genericBackend
	for _, rate := range []int{168, 136} {
		for _, l := range []LeafSpec{
			{BlockLen: 8192, Rate: rate, DS: 0x0B, Rounds: 12, CVLen: 200 - rate},
			{BlockLen: 1000 + r.IntN(100), Rate: rate, DS: 0x1f, Rounds: 24, CVLen: 200 - rate},
			{BlockLen: 1 + r.IntN(rate), Rate: rate, DS: 0x1f, Rounds: 24, CVLen: 200 - rate},
		} {
			for leaves := 0; leaves <= 17; leaves++ {
				in := randomBytes(r, leaves*l.BlockLen)
				cv, want := make([]byte, leaves*l.CVLen), make([]byte, leaves*l.CVLen)
				b.leaves(&l, in, cv)
				ref.leaves(&l, in, want)
				require.Equal(t, want, cv, "rate %d, block %d, %d leaves", rate, l.BlockLen, leaves)
			}
		}
	}
}

// The mixed routes differ by CPU vendor (intelCPU): the other vendor's
// route agrees with the generic backend too.
func TestMixedRouteOtherVendor(t *testing.T) {
	intelCPU = !intelCPU
	defer func() { intelCPU = !intelCPU }()
	b := backends()[len(backends())-1]
	if b.c < 0 {
		t.Skip("no mixed backend in this build and CPU")
	}
	leavesAgree(t, rand.New(rand.NewPCG(7, 8)), b)
}

// A backend with a C kernel and a Go route moves calls between them by
// size (its route's crossovers): both sides of each crossover agree.
func TestMixedBackendCrossovers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	tested := false
	for _, b := range backends() {
		x := b.r.toC
		for _, c := range []int{x.stream, x.hash, x.multi} {
			if b.c < 0 || c == 0 || c == never {
				continue
			}
			tested = true
			for _, n := range []int{c - 40, c - 33, c - 32, c - 1, c, c + 137} {
				for _, rate := range []int{168, 136} {
					backendsAgreeAt(t, r, b, rate, 24, max(n, 0))
				}
			}
		}
	}
	for _, b := range backends() {
		if c := b.r.toC.batch; b.c >= 0 && c != 0 && c != never {
			tested = true
			for _, n := range []int{c - 1, c, c + 1, c + 7} {
				msgs := make([][]byte, n)
				for i := range msgs {
					msgs[i] = randomBytes(r, r.IntN(300))
				}
				got, want := make([][32]byte, n), make([][32]byte, n)
				b.batch(136, 0x06, msgs, got, 24)
				genericBackend.batch(136, 0x06, msgs, want, 24)
				require.Equal(t, want, got, "%s: batch of %d", b.label, n)
			}
		}
	}
	if !tested {
		t.Skip("no backend here moves calls between Go and C by size")
	}
}

// backendsAgreeAt holds b to the generic backend on n bytes: the streaming
// absorb and squeeze from a random position in the block, absorb4 and
// squeeze4 of n rounded down to whole blocks, and the one-call sponge cut
// anywhere into in || tail.
func backendsAgreeAt(t *testing.T, r *rand.Rand, b backend, rate, nr, n int) {
	ref := genericBackend
	where := []any{"rate %d, %d rounds, %d bytes", rate, nr, n}
	a := randomStates(r)
	want := a
	var in [4][]byte
	for i := range in {
		in[i] = randomBytes(r, n)
	}
	pos := r.IntN(rate + 1) // rate: a full block waits for its permutation
	require.Equal(t, ref.absorb(&want[0], rate, pos, in[0], nr), b.absorb(&a[0], rate, pos, in[0], nr), where...)
	require.Equal(t, want, a, where...)
	whole := n - n%rate
	blocks := [4][]byte{in[0][:whole], in[1][:whole], in[2][:whole], in[3][:whole]}
	require.Equal(t, ref.absorb4(&want, rate, &blocks, nr), b.absorb4(&a, rate, &blocks, nr), where...)
	require.Equal(t, want, a, where...)

	var out, wantOut [4][]byte
	for i := range out {
		out[i], wantOut[i] = make([]byte, whole), make([]byte, whole)
	}
	streamOut, streamWant := make([]byte, n), make([]byte, n)
	for _, ds := range []byte{0, byte(1 + r.IntN(255))} { // squeezing, then ending the input
		pos = r.IntN(rate + 1)
		require.Equal(t, ref.squeeze(&want[0], rate, pos, ds, streamWant, nr), b.squeeze(&a[0], rate, pos, ds, streamOut, nr), where...)
		require.Equal(t, streamWant, streamOut, where...)
		require.Equal(t, want[0], a[0], where...)
	}
	b.squeeze4(&a, rate, &out, nr)
	ref.squeeze4(&want, rate, &wantOut, nr)
	require.Equal(t, wantOut, out, where...)
	require.Equal(t, want, a, where...)

	o1 := make([]byte, r.IntN(3*rate))
	o2 := make([]byte, len(o1))
	ds := byte(1 + r.IntN(127))
	c := r.IntN(n + 1) // in || tail is one message, wherever it is cut
	b.hash(rate, ds, in[1][:c], in[1][c:], o1, nr)
	ref.hash(rate, ds, in[1], nil, o2, nr)
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

var randomBytes = rnd.Bytes

// FuzzBackendsAgree holds every backend to the generic one on a fuzzed
// state, round count, rate and input: the permutation, then the streaming
// absorb from a fuzzed position, then the 4-way absorb of the whole blocks
// of four cuts of the input.
func FuzzBackendsAgree(f *testing.F) {
	f.Add(uint64(1), uint8(24), uint8(17), uint8(0), []byte("abc"))
	f.Add(uint64(2), uint8(1), uint8(9), uint8(5), make([]byte, 1000))
	f.Fuzz(func(t *testing.T, seed uint64, nr, lanes, pos uint8, in []byte) {
		r := rand.New(rand.NewPCG(seed, 0))
		rounds := 1 + int(nr)%24
		rate := 8 * (1 + int(lanes)%21) // 8..168
		at := int(pos) % (rate + 1)
		start := randomStates(r)[0]
		for _, b := range backends()[1:] {
			a, want := start, start
			b.permute(&a, rounds)
			genericBackend.permute(&want, rounds)
			require.Equal(t, want, a, "%s: permute, %d rounds", b.label, rounds)
			require.Equal(t, genericBackend.absorb(&want, rate, at, in, rounds), b.absorb(&a, rate, at, in, rounds), b.label)
			require.Equal(t, want, a, "%s: absorb, rate %d, %d rounds, at %d", b.label, rate, rounds, at)
			a4 := randomStates(r)
			want4 := a4
			n := len(in) / 4
			p := [4][]byte{in[:n], in[n : 2*n], in[2*n : 3*n], in[3*n : 4*n]}
			require.Equal(t, genericBackend.absorb4(&want4, rate, &p, rounds), b.absorb4(&a4, rate, &p, rounds), b.label)
			require.Equal(t, want4, a4, "%s: absorb4, rate %d, %d rounds, %d bytes", b.label, rate, rounds, n)
		}
	})
}
