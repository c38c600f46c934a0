package poplar1

import (
	crand "crypto/rand"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/rnd"
)

// Benchmarks with libprio-rs's names (benches/speed_tests.rs):
//
//	poplar1_shard/N         one Shard, random N-bit measurement, random
//	                        nonce, empty ctx, fresh rand each iteration
//	poplar1_prepare_init/K/N one VerifyInit (aggregator 0, keys derived, no
//	                        cache) at the leaf level or the deepest inner
//	                        level (N-2), 16 sorted candidate prefixes, the
//	                        report's among them
//	poplar1_walk/N          one report through the whole tree, both
//	                        aggregators, both rounds, with Reports: at each
//	                        level the two children of the report's prefix
//
// The same-run comparisons with the IDPF alone (Gen, Eval of the same
// prefixes) are bench/'s Paired_Poplar1* benchmarks.

var benchBits = []int{16, 128, 256}

type benchReport struct {
	p   *Poplar1
	m   []bool
	c   client
	key []byte
}

func newBenchReport(b *testing.B, bits int) *benchReport {
	r := rand.New(rand.NewPCG(uint64(bits), 0))
	p, err := New(bits)
	if err != nil {
		b.Fatal(err)
	}
	s := &benchReport{p: p, m: make([]bool, bits), key: randBytes(r, VerifyKeySize)}
	for i := range s.m {
		s.m[i] = r.IntN(2) == 1
	}
	s.c = shardRandom(b, p, r, nil, s.m)
	return s
}

// candidates returns n sorted distinct prefixes at level, the report's
// among them.
func (s *benchReport) candidates(level, n int) *AggParam {
	r := rand.New(rand.NewPCG(uint64(level), 1))
	return &AggParam{Level: level, Prefixes: rnd.Prefixes(r, s.m, level, n)}
}

func BenchmarkPoplar1Shard(b *testing.B) {
	for _, n := range benchBits {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := newBenchReport(b, n)
			nonce := make([]byte, NonceSize)
			rnd := make([]byte, RandSize)
			for b.Loop() {
				crand.Read(nonce)
				crand.Read(rnd)
				if _, _, err := s.p.Shard(nil, s.m, nonce, rnd); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkPoplar1PrepareInit(b *testing.B) {
	for _, kind := range []string{"leaf", "inner16"} {
		for _, n := range benchBits {
			b.Run(fmt.Sprintf("%s/%d", kind, n), func(b *testing.B) {
				s := newBenchReport(b, n)
				level := n - 1
				if kind == "inner16" {
					level = n - 2
				}
				ap := s.candidates(level, 16)
				for b.Loop() {
					if _, _, err := s.p.VerifyInit(s.key, nil, 0, ap, s.c.nonce, s.c.ps, s.c.in[0]); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkPoplar1Walk(b *testing.B) {
	for _, n := range benchBits {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := newBenchReport(b, n)
			walk := make([]*AggParam, n)
			for l := range walk {
				walk[l] = &AggParam{Level: l, Prefixes: [][]bool{append(s.m[:l:l], false), append(s.m[:l:l], true)}}
			}
			for b.Loop() {
				var reps [2]*Report
				for _, ap := range walk {
					if err := runLevel(s.p, s.key, s.c, &reps, ap); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
