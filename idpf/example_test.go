package idpf_test

import (
	"crypto/rand"
	"fmt"

	"github.com/go-xkcp/keccak/idpf"
)

// A client splits the point function at alpha = 101 into two keys; the
// aggregators evaluate their keys on all prefixes of each level, and the
// sums reveal the counts only on alpha's path.
func Example() {
	p, err := idpf.New(3, 1)
	if err != nil {
		panic(err)
	}
	alpha := []bool{true, false, true}
	one := []idpf.Field64{idpf.NewField64(1)}
	betaInner := [][]idpf.Field64{one, one}
	betaLeaf := []idpf.Field255{idpf.NewField255(1)}
	ctx, nonce, rnd := []byte("example"), make([]byte, idpf.NonceSize), make([]byte, idpf.RandSize)
	rand.Read(nonce)
	rand.Read(rnd)

	ps, keys, err := p.Gen(alpha, betaInner, betaLeaf, ctx, nonce, rnd)
	if err != nil {
		panic(err)
	}
	// The public share travels to both aggregators encoded.
	wire := ps.Encode()
	ps, err = p.DecodePublicShare(wire)
	if err != nil {
		panic(err)
	}

	prefixes := [][]bool{{false, false}, {false, true}, {true, false}, {true, true}}
	s0, _ := p.Eval(0, ps, keys[0], 1, prefixes, ctx, nonce, nil)
	s1, _ := p.Eval(1, ps, keys[1], 1, prefixes, ctx, nonce, nil)
	for i, pr := range prefixes {
		fmt.Println(pr, s0.Inner[i][0].Add(s1.Inner[i][0]).Uint64())
	}
	// Output:
	// [false false] 0
	// [false true] 0
	// [true false] 1
	// [true true] 0
}

// An aggregator walks down the tree level by level with one Evaluator: the
// XOF keys are derived once, and the cache lets each level resume from the
// nodes of the one before.
func ExampleEvaluator() {
	const bits = 8
	p, _ := idpf.New(bits, 2)
	alpha := []bool{false, true, true, false, true, false, false, true}
	betaInner := make([][]idpf.Field64, bits-1)
	for l := range betaInner {
		betaInner[l] = []idpf.Field64{idpf.NewField64(1), idpf.NewField64(uint64(100 + l))}
	}
	betaLeaf := []idpf.Field255{idpf.NewField255(1), idpf.NewField255(200)}
	nonce, rnd := make([]byte, idpf.NonceSize), make([]byte, idpf.RandSize)
	rand.Read(nonce)
	rand.Read(rnd)
	ps, keys, _ := p.Gen(alpha, betaInner, betaLeaf, nil, nonce, rnd)

	var ev [2]*idpf.Evaluator
	for agg := range 2 {
		ev[agg], _ = p.NewEvaluator(agg, ps, keys[agg], nil, nonce, idpf.NewRingCache(2))
	}
	// Follow alpha's path, also looking at the sibling at every level.
	for level := range bits {
		on := alpha[:level+1]
		off := append([]bool{}, on...)
		off[level] = !off[level]
		s0, _ := ev[0].Eval(level, [][]bool{on, off})
		s1, _ := ev[1].Eval(level, [][]bool{on, off})
		if level < bits-1 {
			fmt.Println(level, s0.Inner[0][1].Add(s1.Inner[0][1]).Uint64(), s0.Inner[1][1].Add(s1.Inner[1][1]).Uint64())
		} else {
			fmt.Println(level, s0.Leaf[0][1].Add(s1.Leaf[0][1]).Equal(idpf.NewField255(200)),
				s0.Leaf[1][1].Add(s1.Leaf[1][1]).Equal(idpf.NewField255(0)))
		}
	}
	// Output:
	// 0 100 0
	// 1 101 0
	// 2 102 0
	// 3 103 0
	// 4 104 0
	// 5 105 0
	// 6 106 0
	// 7 true true
}

// Public shares from the network are checked: wrong lengths, dirty padding
// bits and field elements out of range are errors.
func ExampleIdpf_DecodePublicShare() {
	p, _ := idpf.New(3, 1)
	fmt.Println(p.EncodedLen())
	_, err := p.DecodePublicShare(make([]byte, p.EncodedLen()-1))
	fmt.Println(err)
	bad := make([]byte, p.EncodedLen())
	bad[0] = 0x40 // control bit 6 of 6: padding
	_, err = p.DecodePublicShare(bad)
	fmt.Println(err)
	// Output:
	// 97
	// idpf: public share has the wrong length: 96 bytes, want 97
	// idpf: public share has non-zero padding bits
}

// The draft-06 IDPF of libprio-rs 0.13 and 0.14 (no ctx, any nonce length).
func ExampleNewDraft06() {
	p, _ := idpf.NewDraft06(2, 1)
	inner := [][]idpf.Field64{{idpf.NewField64(5)}}
	leaf := []idpf.Field255{idpf.NewField255(7)}
	ps, keys, _ := p.Gen([]bool{true, true}, inner, leaf, nil, []byte("some nonce"), make([]byte, 32))
	s0, _ := p.Eval(0, ps, keys[0], 0, [][]bool{{true}}, nil, []byte("some nonce"), nil)
	s1, _ := p.Eval(1, ps, keys[1], 0, [][]bool{{true}}, nil, []byte("some nonce"), nil)
	fmt.Println(s0.Inner[0][0].Add(s1.Inner[0][0]).Uint64(), len(ps.Encode()))
	// Output:
	// 5 73
}
