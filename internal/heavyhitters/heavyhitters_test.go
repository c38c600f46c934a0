package heavyhitters

import (
	"crypto/rand"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
	"github.com/go-xkcp/keccak/poplar1"
)

// A report whose correlation share was tampered with fails the sketch:
// the level's counts leave it out, it is marked rejected and not verified
// again at the next level, and the honest reports still count.
func TestRejectedReportLeftOut(t *testing.T) {
	p, _ := poplar1.New(3)
	key := make([]byte, poplar1.VerifyKeySize)
	rand.Read(key)
	var st Stats
	var reports []report
	for range 3 {
		r, err := upload(p, nil, key, []bool{true, false, true}, &st)
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, r)
	}
	// The tampered client: its helper's A share of level 0 is off by one.
	nonce := make([]byte, poplar1.NonceSize)
	rnd := make([]byte, poplar1.RandSize)
	rand.Read(nonce)
	rand.Read(rnd)
	ps, in, err := p.Shard(nil, []bool{true, false, true}, nonce, rnd)
	if err != nil {
		t.Fatal(err)
	}
	in[1].CorrInner[0] = in[1].CorrInner[0].Add(idpf.NewField64(1))
	var bad report
	for j := range 2 {
		if bad.aggs[j], err = p.NewReport(key, nil, j, nonce, ps, in[j]); err != nil {
			t.Fatal(err)
		}
	}
	reports = append(reports, bad)

	for level, want := range [][]uint64{{0, 3}, {3}} {
		prefixes := [][]bool{{false}, {true}}
		if level == 1 {
			prefixes = [][]bool{{true, false}}
		}
		counts, err := runLevel(p, &poplar1.AggParam{Level: level, Prefixes: prefixes}, reports, &st, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(counts) != len(want) || counts[0] != want[0] || counts[len(counts)-1] != want[len(want)-1] {
			t.Fatalf("level %d: counts %v, want %v", level, counts, want)
		}
		if !reports[3].rejected {
			t.Fatalf("level %d: the tampered report is not marked rejected", level)
		}
	}
	if st.Verified != 6 {
		t.Errorf("%d verifications, want 3 honest reports at 2 levels", st.Verified)
	}
}
