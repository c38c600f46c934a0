package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The cases every assembly kernel's own tests run (asm_*_test.go), with the
// generic code as the reference.

// permutesLikeGeneric holds permute, which applies nr rounds to each of the
// four states its own way, to keccakPGeneric at every round count 0..24.
func permutesLikeGeneric(t *testing.T, permute func(a *[4][25]uint64, nr int)) {
	r := rand.New(rand.NewPCG(1, 2))
	for nr := 0; nr <= 24; nr++ {
		for range 4 {
			a := randomStates(r)
			want := a
			for i := range want {
				keccakPGeneric(&want[i], nr)
			}
			permute(&a, nr)
			require.Equal(t, want, a, "nr=%d", nr)
		}
	}
}

// digestsLikeGeneric holds digest, a Sum of at most digestLanes lanes, to
// the generic squeeze on a copy: at every rate and every input position
// (a whole block pending among them), output lengths 0..40 (at most the
// rate), round counts 1..24 (under -short 1, 2 and 24), on a state it
// must leave as it is (spent false) and on one it may use up, writing no
// byte past the output.
func digestsLikeGeneric(t *testing.T, digest func(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int, spent bool)) {
	r := rand.New(rand.NewPCG(3, 4))
	for nr := 1; nr <= 24; nr++ {
		if testing.Short() && nr > 2 && nr < 24 {
			continue
		}
		for rate := 8; rate < 200; rate += 8 {
			for pos := 0; pos <= rate; pos++ {
				a := randomStates(r)[0]
				ds := byte(r.Uint32()) | 1
				n := r.IntN(min(rate, 8*digestLanes) + 1)
				want := make([]byte, n)
				ref := a
				genericBackend.r.squeeze(&ref, rate, pos, ds, want, nr)
				for _, spent := range []bool{false, true} {
					// Bytes past the output must stay as they are.
					buf, b := bytes.Repeat([]byte{0xa5}, n+8), a
					digest(&b, rate, pos, ds, buf[:n], nr, spent)
					require.Equal(t, want, buf[:n], "nr=%d rate=%d pos=%d n=%d spent=%v", nr, rate, pos, n, spent)
					require.Equal(t, bytes.Repeat([]byte{0xa5}, 8), buf[n:], "written past the output: n=%d", n)
					if !spent {
						require.Equal(t, a, b, "the state changed: nr=%d rate=%d pos=%d", nr, rate, pos)
					}
				}
			}
		}
	}
}

// absorbsLikeGeneric holds absorb, which absorbs the whole blocks of p[i]
// into a[i] for each i its own way and returns the bytes consumed, to the
// generic block loop: at every rate (every entry into a computed branch),
// for 0..3 blocks and a partial block more, every round count (under
// -short 0, 1 and each fourth), on four unaligned slices at unrelated
// places. Each slice ends where different random bytes begin (its capacity
// too), so a read past its length that reached the state would show.
func absorbsLikeGeneric(t *testing.T, absorb func(a *[4][25]uint64, p *[4][]byte, rate, nr int) int) {
	r := rand.New(rand.NewPCG(5, 6))
	for rate := 8; rate <= 200; rate += 8 {
		for blocks := range 4 {
			for _, tail := range []int{0, 1, 7, 8, 9, rate - 1} {
				if tail >= rate {
					continue
				}
				n := blocks*rate + tail
				for nr := 0; nr <= 24; nr++ {
					if testing.Short() && nr%4 != 0 && nr != 1 {
						continue
					}
					var p [4][]byte
					for i, off := range []int{1, 3, 5, 7} {
						buf := randomBytes(r, off+n+2*rate)
						p[i] = buf[off : off+n : off+n]
					}
					a := randomStates(r)
					want := a
					for i := range want {
						oneGo.absorbBlocks(&want[i], rate, p[i], nr)
					}
					where := fmt.Sprintf("rate=%d n=%d nr=%d", rate, n, nr)
					require.Equal(t, n-tail, absorb(&a, &p, rate, nr), where)
					require.Equal(t, want, a, where)
				}
			}
		}
	}
}
