package poplar1

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// runLevel verifies one report at ap (making the Reports on first use)
// and returns the error of the step that failed.
func runLevel(p *Poplar1, key []byte, c client, reps *[2]*Report, ap *AggParam) error {
	var st [2]*VerifyState
	var sh [2]*FieldVec
	var err error
	for j := range 2 {
		if reps[j] == nil {
			reps[j], _ = p.NewReport(key, nil, j, c.nonce, c.ps, c.in[j])
		}
		if st[j], sh[j], err = reps[j].Init(ap); err != nil {
			return err
		}
	}
	msg, err := p.VerifierSharesToMessage(ap, sh)
	if err != nil {
		return err
	}
	for j := range 2 {
		if st[j], sh[j], err = st[j].Next(msg); err != nil {
			return err
		}
	}
	_, err = p.VerifierSharesToMessage(ap, sh)
	return err
}

// A client that lies is caught by the sketch: a wrong correlation share
// at the level it belongs to, a public share that makes two prefixes hot
// at every level below the change, and a data value other than 1.
func TestTamperedReports(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		p, _ := New(6)
		key := randBytes(r, VerifyKeySize)
		m := bitsOf("101101")
		walk := []*AggParam{param(0, "0", "1"), param(1, "10", "11"), param(2, "100", "101"), param(3, "1010", "1011"), param(4, "10110", "10111"), param(5, "101100", "101101")}

		// check walks the tree with one Report per aggregator; levels
		// firstBad..lastBad must fail the sketch, the others verify.
		check := func(name string, c client, firstBad, lastBad int) {
			t.Helper()
			var reps [2]*Report
			for l, ap := range walk {
				err := runLevel(p, key, c, &reps, ap)
				bad := l >= firstBad && l <= lastBad
				if !bad && err != nil {
					t.Errorf("%s: level %d: %v", name, l, err)
				}
				if bad && !errors.Is(err, ErrSketch) {
					t.Errorf("%s: level %d: %v, want ErrSketch", name, l, err)
				}
			}
		}
		check("honest", shardRandom(t, p, r, nil, m), 6, 6)

		c := shardRandom(t, p, r, nil, m)
		c.in[1].CorrInner[2*2] = c.in[1].CorrInner[2*2].Add(idpf.NewField64(1))
		check("corr A at level 2", c, 2, 2)
		c = shardRandom(t, p, r, nil, m)
		c.in[0].CorrLeaf[1] = c.in[0].CorrLeaf[1].Add(idpf.NewField255(5))
		check("corr B at the leaf", c, 5, 5)

		// The seed correction word of level 3 changed: from level 3 on, the
		// off-path prefixes no longer evaluate to zero.
		c = shardRandom(t, p, r, nil, m)
		enc := c.ps.Encode()
		enc[(2*6+7)/8+16*3] ^= 0x10
		var err error
		if c.ps, err = p.DecodePublicShare(enc); err != nil {
			t.Fatal(err)
		}
		check("seed correction word at level 3", c, 3, 5)

		// A measurement counted twice: data value 2 on the path.
		c = shardRandom(t, p, r, nil, m)
		ps, keys, err := p.idpf.Gen(m, betasWithData(6, 2), []idpf.Field255{idpf.NewField255(2), idpf.NewField255(9)}, nil, c.nonce, randBytes(r, idpf.RandSize))
		if err != nil {
			t.Fatal(err)
		}
		c.ps, c.in[0].Key, c.in[1].Key = ps, keys[0], keys[1]
		check("data value 2", c, 0, 5)
	})
}

func betasWithData(bits int, d uint64) [][]idpf.Field64 {
	b := make([][]idpf.Field64, bits-1)
	for l := range b {
		b[l] = []idpf.Field64{idpf.NewField64(d), idpf.NewField64(uint64(1000 + l))}
	}
	return b
}
