package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
	"github.com/go-xkcp/keccak/internal/testkit/benchpair"
	"github.com/go-xkcp/keccak/internal/testkit/rnd"
	"github.com/go-xkcp/keccak/poplar1"
	vdafxof "github.com/go-xkcp/keccak/xof"
)

// Paired benchmarks of Poplar1 against the IDPF it runs on ("peer" is the
// IDPF alone), for the targets of issue 15: a Shard costs at most 1.5x an
// IDPF Gen of the same BITS (peer/keccak >= 0.67), a VerifyInit at most
// 1.5x the IDPF Eval of the same prefixes. Same inputs on both sides; the
// random bytes are fixed, so neither side pays for crypto/rand. Neither
// side starts goroutines, so they are timed by the thread's CPU clock.

var poplar1Bits = []int{16, 128, 256}

type poplar1Case struct {
	p     *poplar1.Poplar1
	m     []bool
	nonce []byte
	rnd   []byte
	ps    *idpf.PublicShare
	in    [2]*poplar1.InputShare
	key   []byte
}

func newPoplar1Case(b *testing.B, bits int) *poplar1Case {
	r := rand.New(rand.NewPCG(uint64(bits), 5))
	p, err := poplar1.New(bits)
	if err != nil {
		b.Fatal(err)
	}
	c := &poplar1Case{p: p, m: make([]bool, bits), nonce: rnd.Bytes(r, poplar1.NonceSize),
		rnd: rnd.Bytes(r, poplar1.RandSize), key: rnd.Bytes(r, poplar1.VerifyKeySize)}
	for i := range c.m {
		c.m[i] = r.IntN(2) == 1
	}
	if c.ps, c.in, err = p.Shard(nil, c.m, c.nonce, c.rnd); err != nil {
		b.Fatal(err)
	}
	return c
}

// betas are IDPF values shaped as Poplar1's: (1, authenticator) per level.
func (c *poplar1Case) betas() ([][]idpf.Field64, []idpf.Field255) {
	inner := make([][]idpf.Field64, len(c.m)-1)
	for l := range inner {
		inner[l] = []idpf.Field64{idpf.NewField64(1), idpf.NewField64(uint64(l) * 0x9e3779b97f4a7c15 >> 1)}
	}
	return inner, []idpf.Field255{idpf.NewField255(1), idpf.NewField255(12345)}
}

func BenchmarkPaired_Poplar1Shard(b *testing.B) {
	for _, n := range poplar1Bits {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c := newPoplar1Case(b, n)
			betaInner, betaLeaf := c.betas()
			benchpair.RunCPU(b,
				func() { c.p.Shard(nil, c.m, c.nonce, c.rnd) },
				func() { c.p.IDPF().Gen(c.m, betaInner, betaLeaf, nil, c.nonce, c.rnd[:idpf.RandSize]) })
		})
	}
}

// candidates: 16 sorted distinct prefixes at level, the report's among them.
func (c *poplar1Case) candidates(level int) *poplar1.AggParam {
	r := rand.New(rand.NewPCG(uint64(level), 6))
	return &poplar1.AggParam{Level: level, Prefixes: rnd.Prefixes(r, c.m, level, 16)}
}

// BenchmarkPaired_Poplar1PrepareInit: at the leaf and at the deepest inner
// level, 16 candidate prefixes, aggregator 0, keys derived and no cache on
// both sides (a fresh report).
func BenchmarkPaired_Poplar1PrepareInit(b *testing.B) {
	for _, kind := range []string{"leaf", "inner16"} {
		for _, n := range poplar1Bits {
			b.Run(fmt.Sprintf("%s/%d", kind, n), func(b *testing.B) {
				c := newPoplar1Case(b, n)
				level := n - 1
				if kind == "inner16" {
					level = n - 2
				}
				ap := c.candidates(level)
				benchpair.RunCPU(b,
					func() { c.p.VerifyInit(c.key, nil, 0, ap, c.nonce, c.ps, c.in[0]) },
					func() { c.p.IDPF().Eval(0, c.ps, c.in[0].Key, level, ap.Prefixes, nil, c.nonce, nil) })
			})
		}
	}
}

// BenchmarkPaired_Poplar1ShardXofFloor: the TurboSHAKE128 output the draft
// makes Shard read besides the IDPF's (the shard stream: 3(BITS-1) Field64
// and 3 Field255; each correlation seed: 3(BITS-1) Field64 and 3 Field255,
// separate streams for the inner and the leaf levels) against the IDPF
// Gen. Gen + this floor over Gen is the least Shard/Gen can be.
func BenchmarkPaired_Poplar1ShardXofFloor(b *testing.B) {
	for _, n := range poplar1Bits {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c := newPoplar1Case(b, n)
			betaInner, betaLeaf := c.betas()
			dst := []byte{18, 0, 0, 0, 0, 6, 0, 1}
			binder := append([]byte{0}, c.nonce...)
			lengths := []int{24*(n-1) + 96, 24 * (n - 1), 24 * (n - 1), 96, 96}
			out := make([]byte, lengths[0])
			benchpair.RunCPU(b,
				func() {
					for _, l := range lengths {
						x, _ := vdafxof.NewXOFTurboSHAKE128(c.rnd[96:], dst, binder)
						x.Read(out[:l])
					}
				},
				func() { c.p.IDPF().Gen(c.m, betaInner, betaLeaf, nil, c.nonce, c.rnd[:idpf.RandSize]) })
		})
	}
}

// BenchmarkPaired_Poplar1Walk: one report through the whole tree, both
// aggregators, two candidate prefixes per level (the children of the
// report's prefix), against the two IDPF evaluations of the same prefixes
// (one Evaluator and cache per aggregator, as a Report has).
func BenchmarkPaired_Poplar1Walk(b *testing.B) {
	for _, n := range poplar1Bits {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c := newPoplar1Case(b, n)
			walk := make([]*poplar1.AggParam, n)
			for l := range walk {
				walk[l] = &poplar1.AggParam{Level: l, Prefixes: [][]bool{append(c.m[:l:l], false), append(c.m[:l:l], true)}}
			}
			ours := func() {
				var reps [2]*poplar1.Report
				for j := range reps {
					reps[j], _ = c.p.NewReport(c.key, nil, j, c.nonce, c.ps, c.in[j])
				}
				for _, ap := range walk {
					var st [2]*poplar1.VerifyState
					var sh [2]*poplar1.FieldVec
					for j := range reps {
						st[j], sh[j], _ = reps[j].Init(ap)
					}
					msg, _ := c.p.VerifierSharesToMessage(ap, sh)
					for j := range reps {
						st[j], sh[j], _ = st[j].Next(msg)
					}
					if _, err := c.p.VerifierSharesToMessage(ap, sh); err != nil {
						b.Fatal(err)
					}
					for j := range reps {
						st[j].Out(nil)
					}
				}
			}
			peer := func() {
				for j := range 2 {
					e, _ := c.p.IDPF().NewEvaluator(j, c.ps, c.in[j].Key, nil, c.nonce, idpf.NewCache())
					for _, ap := range walk {
						e.Eval(ap.Level, ap.Prefixes)
					}
				}
			}
			benchpair.RunCPU(b, ours, peer)
		})
	}
}
