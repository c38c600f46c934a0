//go:build amd64 && !purego

package engine

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// The 8-way AVX-512 kernels (keccakP1600x8AVX512, absorb8AVX512) held to
// the generic one-state permutation on each state.

func needX8(tb testing.TB) {
	tb.Helper()
	if !asmAVX512 {
		tb.Skip("this CPU has no AVX-512 (AVX512F and AVX512VL): the 8-way kernels cannot run")
	}
}

// x8States returns ten random states: the kernels get the middle eight, and
// the first and last must come out as they went in.
func x8States(r *rand.Rand) (buf [10][25]uint64) {
	for i := range buf {
		for j := range buf[i] {
			buf[i][j] = r.Uint64()
		}
	}
	return buf
}

func x8Fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// Every round count 0..24 on eight distinct random states, each state the
// generic permutation of its own, the states either side untouched.
func TestPermute8AVX512(t *testing.T) {
	needX8(t)
	r := rand.New(rand.NewPCG(8, 1))
	for nr := 0; nr <= 24; nr++ {
		for range 8 {
			buf := x8States(r)
			want := buf
			for i := 1; i <= 8; i++ {
				keccakPGeneric(&want[i], nr)
			}
			keccakP1600x8AVX512((*[8][25]uint64)(buf[1:9]), nr)
			require.Equal(t, want, buf, "nr=%d", nr)
		}
	}
}

// x8Layout places the eight n-byte inputs of an absorb in one buffer
// (whose bytes outside the inputs are guards) and returns them.
type x8Layout struct {
	name  string
	place func(r *rand.Rand, buf []byte, n int) (p [8][]byte)
	size  func(n int) int // the buffer's length
}

var x8Layouts = []x8Layout{
	{"contiguous", func(r *rand.Rand, buf []byte, n int) (p [8][]byte) {
		for i := range p {
			p[i] = buf[i*n : (i+1)*n : (i+1)*n]
		}
		return p
	}, func(n int) int { return 8*n + 64 }},
	{"reverse", func(r *rand.Rand, buf []byte, n int) (p [8][]byte) {
		for i := range p {
			o := 3 + (7-i)*(n+5) // descending addresses, odd gaps
			p[i] = buf[o : o+n : o+n]
		}
		return p
	}, func(n int) int { return 8*(n+5) + 64 }},
	{"aliased", func(r *rand.Rand, buf []byte, n int) (p [8][]byte) {
		for i := range p {
			p[i] = buf[1 : 1+n : 1+n]
		}
		return p
	}, func(n int) int { return n + 64 }},
	{"scattered", func(r *rand.Rand, buf []byte, n int) (p [8][]byte) {
		// Unaligned and in a random order, apart by a random distance.
		slot := n + 200
		for i, s := range r.Perm(8) {
			o := s*slot + r.IntN(200-7)
			p[i] = buf[o : o+n : o+n]
		}
		return p
	}, func(n int) int { return 8 * (n + 200) }},
}

// x8AbsorbGeneric is the reference absorb: each whole block of p XORed into
// a little-endian lane at a time, then the generic permutation.
func x8AbsorbGeneric(a *[25]uint64, p []byte, rate, nr int) int {
	n := 0
	for ; len(p)-n >= rate; n += rate {
		for l := range rate / 8 {
			a[l] ^= binary.LittleEndian.Uint64(p[n+8*l:])
		}
		keccakPGeneric(a, nr)
	}
	return n
}

// Every rate 8..200 (every entry into the kernel's lane loop), inputs of
// 0..3 blocks and partial ones, round counts 0..24 (under -short 0, 1, 12
// and 24), each pointer layout of x8Layouts: the eight states are each the
// reference absorb of its own input, the states either side are untouched,
// the inputs are not written, and the bytes past and between the inputs
// (set to one random content, then another) change nothing.
func TestAbsorb8AVX512(t *testing.T) {
	needX8(t)
	r := rand.New(rand.NewPCG(8, 2))
	for _, lay := range x8Layouts {
		t.Run(lay.name, func(t *testing.T) {
			for rate := 8; rate <= 200; rate += 8 {
				for _, n := range []int{0, 7, rate - 1, rate, rate + 8, 2*rate + 1, 3*rate - 8, 3 * rate} {
					if n < 0 {
						continue
					}
					for nr := 0; nr <= 24; nr++ {
						if testing.Short() && nr > 1 && nr != 12 && nr != 24 {
							continue
						}
						x8AbsorbCase(t, r, lay, rate, n, nr)
					}
				}
			}
		})
	}
}

func x8AbsorbCase(t *testing.T, r *rand.Rand, lay x8Layout, rate, n, nr int) {
	buf := make([]byte, lay.size(n))
	x8Fill(r, buf)
	p := lay.place(r, buf, n)
	// The inputs' bytes, so that the guards can be refilled around them.
	var in [8][]byte
	for i := range p {
		in[i] = append([]byte(nil), p[i]...)
	}
	start := x8States(r)
	want := start
	consumed := n - n%rate
	for i := range 8 {
		require.Equal(t, consumed, x8AbsorbGeneric(&want[i+1], in[i], rate, nr))
	}
	where := fmt.Sprintf("rate=%d n=%d nr=%d", rate, n, nr)
	for guard := range 2 {
		if guard == 1 {
			// Other bytes everywhere but in the inputs.
			x8Fill(r, buf)
			for i := range p {
				copy(p[i], in[i])
			}
		}
		snapshot := append([]byte(nil), buf...)
		got := start
		require.Equal(t, consumed, absorb8AVX512((*[8][25]uint64)(got[1:9]), &p, rate, nr), where)
		require.Equal(t, want, got, "%s guard=%d", where, guard)
		require.Equal(t, snapshot, buf, "the input buffer changed: %s", where)
	}
}

// BenchmarkPermute8 sets the 8-way kernel against two calls of the 4-way
// AVX-512 one and eight of the one-state one, reporting ns per state.
func BenchmarkPermute8(b *testing.B) {
	needX8(b)
	var a8 [8][25]uint64
	var a4 [2][4][25]uint64
	perState := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/8, "ns/state")
	}
	for _, nr := range []int{12, 24} {
		s := "/" + strconv.Itoa(nr)
		b.Run("x8"+s, func(b *testing.B) {
			for b.Loop() {
				keccakP1600x8AVX512(&a8, nr)
			}
			perState(b)
		})
		b.Run("x4twice"+s, func(b *testing.B) {
			for b.Loop() {
				keccakP1600x4AVX512(&a4[0], nr)
				keccakP1600x4AVX512(&a4[1], nr)
			}
			perState(b)
		})
		b.Run("x1eight"+s, func(b *testing.B) {
			for b.Loop() {
				for i := range a8 {
					keccakP1600AVX512(&a8[i], nr)
				}
			}
			perState(b)
		})
	}
}

// BenchmarkAbsorb8 sets the 8-way absorb against two calls of the 4-way
// AVX-512 one on KangarooTwelve's leaf shape: eight 8 KiB inputs 8 KiB
// apart, 12 rounds, at rate 168 (KT128) and 136 (KT256).
func BenchmarkAbsorb8(b *testing.B) {
	needX8(b)
	in := make([]byte, 8*8192)
	var p8 [8][]byte
	for i := range p8 {
		p8[i] = in[i*8192 : (i+1)*8192]
	}
	var p4 [2][4][]byte
	for i := range p8 {
		p4[i/4][i%4] = p8[i]
	}
	var a8 [8][25]uint64
	var a4 [2][4][25]uint64
	for _, rate := range []int{168, 136} {
		s := "/" + strconv.Itoa(rate)
		b.Run("x8"+s, func(b *testing.B) {
			b.SetBytes(8 * 8192)
			for b.Loop() {
				absorb8AVX512(&a8, &p8, rate, 12)
			}
		})
		b.Run("x4twice"+s, func(b *testing.B) {
			b.SetBytes(8 * 8192)
			for b.Loop() {
				absorb4AVX512(&a4[0], &p4[0], rate, 12)
				absorb4AVX512(&a4[1], &p4[1], rate, 12)
			}
		})
	}
}
