package main

import (
	"crypto/rand"
	"fmt"
	"io"
	mrand "math/rand/v2"

	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/idpf"
	"github.com/go-xkcp/keccak/poplar1"
	"github.com/go-xkcp/keccak/poplar1/heavyhitters"
)

// -bad N: reports from misbehaving clients, mixed into the run
// (heavyhitters.Options.Extra: after the honest clients' uploads, through
// the same wire to the same aggregators). Half of them (rounded up) are
// malformed, and must fail to decode; the rest are forged, well-formed but
// lying, and must fail the sketch at level 0, the first level every walk
// verifies. If one got through, the heavy hitters' counts would differ
// from the count in the clear.
//
// Malformed, in turn: an input share a byte short, one a byte long, one
// whose last field element is not below the modulus, a public share a
// byte short. Forged, in turn: a client counting its string twice (IDPF
// values of 2 instead of 1) and a client whose level-0 correlation share
// is off by one.

// badStats counts the bad reports and what became of them: the
// aggregators' counts (heavyhitters.Stats.Malformed and Rejected; no
// honest report is rejected).
type badStats struct {
	Malformed         int `json:"malformed"`
	MalformedRejected int `json:"malformed_rejected"` // failed to decode
	Forged            int `json:"forged"`
	ForgedRejected    int `json:"forged_rejected"` // failed the sketch
}

func (b *badStats) accepted() int {
	return b.Malformed - b.MalformedRejected + b.Forged - b.ForgedRejected
}

// badRand is the bad reports' randomness: from -seed when given (a stream
// of its own, so the honest clients' reports are the same with and
// without -bad), else crypto/rand.
func (c *config) badRand() io.Reader {
	if !c.seedGiven {
		return rand.Reader
	}
	h := keccak.NewCSHAKE128(nil, []byte("poplar1sim -bad"))
	h.Write(fmt.Appendf(nil, "%d", c.seed))
	return h
}

// badUploads makes n bad uploads of p.Bits() bits, and counts them by kind.
func badUploads(p *poplar1.Poplar1, ctx []byte, n int, rnd io.Reader, strs *mrand.Rand) ([]heavyhitters.Upload, badStats, error) {
	var st badStats
	random := func(k int) ([]byte, error) {
		b := make([]byte, k)
		_, err := io.ReadFull(rnd, b)
		return b, err
	}
	ups := make([]heavyhitters.Upload, 0, n)
	for i := range n {
		m := make([]bool, p.Bits())
		for j := range m {
			m[j] = strs.IntN(2) == 1
		}
		nonce, err := random(poplar1.NonceSize)
		if err != nil {
			return nil, st, err
		}
		shardRand, err := random(poplar1.RandSize)
		if err != nil {
			return nil, st, err
		}
		ps, in, err := p.Shard(ctx, m, nonce, shardRand)
		if err != nil {
			return nil, st, err
		}
		kind := i / 2
		if i%2 == 0 {
			st.Malformed++
			psb, inb := ps.Encode(), marshal(in[1])
			switch kind % 4 {
			case 0:
				inb = inb[:len(inb)-1]
			case 1:
				inb = append(inb, 0)
			case 2:
				for k := len(inb) - 32; k < len(inb); k++ {
					inb[k] = 0xFF // 2^256-1: above Field255's modulus
				}
			case 3:
				psb = psb[:len(psb)-1]
			}
			ups = append(ups, heavyhitters.Upload{Nonce: nonce, PublicShare: psb, InputShares: [2][]byte{marshal(in[0]), inb}})
			continue
		}
		st.Forged++
		if kind%2 == 0 {
			idpfRand, err := random(idpf.RandSize)
			if err != nil {
				return nil, st, err
			}
			if ps, in, err = countedTwice(p, ctx, m, nonce, idpfRand, in); err != nil {
				return nil, st, err
			}
		} else if len(in[0].CorrInner) > 0 {
			in[0].CorrInner[0] = in[0].CorrInner[0].Add(idpf.NewField64(1))
		} else { // BITS 1: level 0 is the leaf
			in[0].CorrLeaf[0] = in[0].CorrLeaf[0].Add(idpf.NewField255(1))
		}
		ups = append(ups, heavyhitters.Upload{Nonce: nonce, PublicShare: ps.Encode(), InputShares: [2][]byte{marshal(in[0]), marshal(in[1])}})
	}
	return ups, st, nil
}

func marshal(in *poplar1.InputShare) []byte {
	b, _ := in.MarshalBinary() // fails only for shares of other parameters
	return b
}

// countedTwice replaces the IDPF of an honest report of m with one whose
// values on m's path are 2, not 1: a client adding its string twice.
func countedTwice(p *poplar1.Poplar1, ctx []byte, m []bool, nonce, rnd []byte, in [2]*poplar1.InputShare) (*idpf.PublicShare, [2]*poplar1.InputShare, error) {
	inner := make([][]idpf.Field64, p.Bits()-1)
	for l := range inner {
		inner[l] = []idpf.Field64{idpf.NewField64(2), idpf.NewField64(uint64(l + 7))}
	}
	leaf := []idpf.Field255{idpf.NewField255(2), idpf.NewField255(9)}
	ps, keys, err := p.IDPF().Gen(m, inner, leaf, ctx, nonce, rnd)
	if err != nil {
		return nil, in, err
	}
	in[0].Key, in[1].Key = keys[0], keys[1]
	return ps, in, nil
}
