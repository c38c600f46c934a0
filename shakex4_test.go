package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// SHAKEx4 must give exactly four independent SHAKEs, whatever the splits.
func TestSHAKEx4MatchesSingles(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for iter := range 40 {
			n := r.IntN(700)
			var in [4][]byte
			for i := range in {
				in[i] = randomBytes(r, n)
			}
			x, single := NewSHAKE128x4(), NewSHAKE128
			if iter%2 == 1 {
				x, single = NewSHAKE256x4(), NewSHAKE256
			}
			for done := 0; done < n; {
				k := min(n-done, 1+r.IntN(300))
				var part [4][]byte
				for i := range part {
					part[i] = in[i][done : done+k]
				}
				x.Write(part)
				done += k
			}
			outLen := r.IntN(900)
			var got [4][]byte
			for i := range got {
				got[i] = make([]byte, outLen)
			}
			for done := 0; done < outLen; {
				k := min(outLen-done, 1+r.IntN(400))
				var part [4][]byte
				for i := range part {
					part[i] = got[i][done : done+k]
				}
				x.Read(part)
				done += k
			}
			for i := range in {
				s := single()
				s.Write(in[i])
				want := make([]byte, outLen)
				s.Read(want)
				require.Equal(t, want, got[i], "iter %d instance %d", iter, i)
			}
			if iter%2 == 0 {
				sum := SumSHAKE128x4(in, outLen)
				for i := range in {
					require.Equal(t, SumSHAKE128(in[i], outLen), sum[i])
				}
			} else {
				sum := SumSHAKE256x4(in, outLen)
				for i := range in {
					require.Equal(t, SumSHAKE256(in[i], outLen), sum[i])
				}
			}
		}
	})
}

func TestPermute4MatchesPermute(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		var a [4][25]uint64
		for i := range a {
			for j := range a[i] {
				a[i][j] = uint64(i*1000 + j)
			}
		}
		for _, nr := range []int{1, 12, 24} {
			want := a
			for i := range want {
				Permute(&want[i], nr)
			}
			Permute4(&a, nr)
			require.Equal(t, want, a)
		}
	})
}
