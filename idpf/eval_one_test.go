package idpf

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// A prefix evaluated on its own (evalOne) gets the same share as in a
// batch with other prefixes (step), with and without caches, for both
// drafts, both aggregators, small and large VALUE_LEN.
func TestEvalOneMatchesBatch(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(31, 32))
		for _, legacy := range []bool{false, true} {
			for _, bits := range []int{1, 2, 6} {
				for _, valueLen := range []int{1, 2, 5} {
					p, _ := New(bits, valueLen)
					nonce := randBytes(r, NonceSize)
					if legacy {
						p, _ = NewDraft06(bits, valueLen)
					}
					alpha := randBits(r, bits)
					bi, bl := randBetas(r, p)
					ps, keys, err := p.Gen(alpha, bi, bl, nil, nonce, randBytes(r, RandSize))
					if err != nil {
						t.Fatal(err)
					}
					for agg := range 2 {
						caches := []*Cache{nil, NewRingCache(1), NewCache(), NewWalkCache()}
						for level := range bits {
							prefixes := allPrefixes(min(level+1, 3))
							for i := range prefixes {
								prefixes[i] = append(append([]bool{}, alpha[:level+1-len(prefixes[i])]...), prefixes[i]...)
							}
							batch, err := p.Eval(agg, ps, keys[agg], level, prefixes, nil, nonce, nil)
							if err != nil || len(prefixes) > 1 && len(batch.Inner)+len(batch.Leaf) != len(prefixes) {
								t.Fatal("batch eval failed", err)
							}
							for _, c := range caches {
								for i, pr := range prefixes {
									one, err := p.Eval(agg, ps, keys[agg], level, [][]bool{pr}, nil, nonce, c)
									if err != nil {
										t.Fatal(err)
									}
									want := &Shares{Level: level}
									if level < bits-1 {
										want.Inner = batch.Inner[i : i+1]
									} else {
										want.Leaf = batch.Leaf[i : i+1]
									}
									if !sharesEqual(one, want) {
										t.Fatalf("legacy=%v bits=%d len=%d agg %d level %d prefix %d cache %v: single-prefix share differs",
											legacy, bits, valueLen, agg, level, i, c != nil)
									}
								}
							}
						}
					}
				}
			}
		}
	})
}
