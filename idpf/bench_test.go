package idpf

import (
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"
	"testing"
)

// Benchmarks with libprio-rs's names and definitions (benches/speed_tests.rs),
// so that numbers compare:
//
//	idpf_gen/N       one Gen with BITS = N, VALUE_LEN 2, random alpha, values
//	                 [1, random], empty ctx, zero nonce, fresh random rand
//	idpf_eval/N      after one Gen: N Eval calls, on alpha's prefixes of length
//	                 1..N, sharing a one-node ring cache; each call derives both
//	                 fixed keys (as libprio-rs does)
//	idpf_eval_walk/N the same walk through one Evaluator: keys derived once
//
// The PerInstanceKeys variants derive a fresh fixed AES key for every XOF
// instance, as the draft's pseudocode (and libprio-rs before PR #525) does.

var benchSizes = []int{8, 128, 2048}

type benchSetup struct {
	p      *Idpf
	alpha  []bool
	bi     [][]Field64
	bl     []Field255
	nonce  []byte
	ps     *PublicShare
	keys   [2]Key
	prefix [][][]bool // prefix[L-1] = {alpha[:L]}
}

func newBenchSetup(b *testing.B, n int, perInstance bool) *benchSetup {
	r := mrand.New(mrand.NewPCG(uint64(n), 99))
	p, err := New(n, 2)
	if err != nil {
		b.Fatal(err)
	}
	p.perInstanceKeys = perInstance
	s := &benchSetup{p: p, alpha: randBits(r, n), nonce: make([]byte, NonceSize)}
	s.bi = make([][]Field64, n-1)
	for l := range s.bi {
		s.bi[l] = []Field64{NewField64(1), randField64(r)}
	}
	s.bl = []Field255{NewField255(1), randField255(r)}
	s.ps, s.keys, err = p.Gen(s.alpha, s.bi, s.bl, nil, s.nonce, randBytes(r, RandSize))
	if err != nil {
		b.Fatal(err)
	}
	for l := 1; l <= n; l++ {
		s.prefix = append(s.prefix, [][]bool{s.alpha[:l]})
	}
	return s
}

func benchGen(b *testing.B, perInstance bool) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := newBenchSetup(b, n, perInstance)
			rnd := make([]byte, RandSize)
			b.SetBytes(int64(n / 8))
			defer reportCPU(b)()
			for b.Loop() {
				rand.Read(rnd)
				if _, _, err := s.p.Gen(s.alpha, s.bi, s.bl, nil, s.nonce, rnd); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func benchEval(b *testing.B, perInstance, walk bool) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := newBenchSetup(b, n, perInstance)
			b.SetBytes(int64(n / 8))
			defer reportCPU(b)()
			for b.Loop() {
				cache := NewRingCache(1)
				if walk {
					e, err := s.p.NewEvaluator(0, s.ps, s.keys[0], nil, s.nonce, cache)
					if err != nil {
						b.Fatal(err)
					}
					for l := range n {
						if _, err := e.Eval(l, s.prefix[l]); err != nil {
							b.Fatal(err)
						}
					}
					continue
				}
				for l := range n {
					if _, err := s.p.Eval(0, s.ps, s.keys[0], l, s.prefix[l], nil, s.nonce, cache); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func BenchmarkIdpfGen(b *testing.B)                 { benchGen(b, false) }
func BenchmarkIdpfGenPerInstanceKeys(b *testing.B)  { benchGen(b, true) }
func BenchmarkIdpfEval(b *testing.B)                { benchEval(b, false, false) }
func BenchmarkIdpfEvalPerInstanceKeys(b *testing.B) { benchEval(b, true, false) }
func BenchmarkIdpfEvalWalk(b *testing.B)            { benchEval(b, false, true) }

// reportCPU starts measuring process CPU time; the returned func reports
// it per operation as cpu-ns/op.
func reportCPU(b *testing.B) func() {
	start := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}
func BenchmarkIdpfEvalWalkPerInstanceKeys(b *testing.B) { benchEval(b, true, true) }
