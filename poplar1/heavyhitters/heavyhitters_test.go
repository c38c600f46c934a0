package heavyhitters

import (
	"bytes"
	"crypto/rand"
	"io"
	mrand "math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/go-xkcp/keccak"
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
	s := newSession(p, nil, nil, &st, nil)
	var reports []report
	for range 3 {
		r, err := s.upload(key, []bool{true, false, true})
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
		counts, err := s.runLevel(&poplar1.AggParam{Level: level, Prefixes: prefixes}, reports)
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

// Run returns each heavy hitter's count as the collector unsharded it,
// and ExpectedCounts the same in the clear.
func TestCounts(t *testing.T) {
	p, _ := poplar1.New(4)
	a, b, c := []bool{false, true, true, false}, []bool{true, false, false, true}, []bool{true, true, true, true}
	var ms [][]bool
	for range 5 {
		ms = append(ms, b)
	}
	for range 3 {
		ms = append(ms, a)
	}
	ms = append(ms, c, c)
	res, err := Run(p, nil, ms, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantHH, wantCounts := [][]bool{a, b}, []uint64{3, 5}
	if !slices.EqualFunc(res.HeavyHitters, wantHH, slices.Equal) || !slices.Equal(res.Counts, wantCounts) {
		t.Errorf("Run: %v with counts %v, want %v with %v", res.HeavyHitters, res.Counts, wantHH, wantCounts)
	}
	// One PerLevel entry per level: 2 prefixes at level 0, then two
	// children of each heavy prefix.
	st := res.Stats
	if len(st.PerLevel) != st.Levels || st.Levels != 4 || st.PerLevel[0].Prefixes != 2 {
		t.Fatalf("PerLevel %+v for %d levels", st.PerLevel, st.Levels)
	}
	var agg [2]time.Duration
	for i, l := range st.PerLevel {
		if l.Level != i || (i > 0 && l.Prefixes != 2*st.PerLevel[i-1].Heavy) || l.Wall <= 0 {
			t.Errorf("level %d: %+v", i, l)
		}
		agg[0], agg[1] = agg[0]+l.Agg[0], agg[1]+l.Agg[1]
	}
	if st.PerLevel[3].Heavy != 2 || agg[0] > st.Agg[0] || agg[1] > st.Agg[1] {
		t.Errorf("last level %+v; levels' aggregator time %v of %v", st.PerLevel[3], agg, st.Agg)
	}

	hh, counts := ExpectedCounts(ms, 2)
	if !slices.EqualFunc(hh, [][]bool{a, b, c}, slices.Equal) || !slices.Equal(counts, []uint64{3, 5, 2}) {
		t.Errorf("ExpectedCounts: %v with counts %v", hh, counts)
	}
}

// All randomness comes from Options.Rand: the same stream gives the same
// transcript, another stream or crypto/rand another.
func TestTranscriptFromRand(t *testing.T) {
	p, _ := poplar1.New(5)
	ms := Zipf(mrand.New(mrand.NewPCG(3, 0)), 30, 5, 4, 1.5)
	stream := func(seed byte) io.Reader {
		h := keccak.NewSHAKE128()
		h.Write([]byte{seed})
		return h
	}
	transcript := func(r io.Reader) [32]byte {
		t.Helper()
		res, err := RunWith(p, []byte("ctx"), ms, Options{Threshold: 4, Rand: r})
		if err != nil {
			t.Fatal(err)
		}
		return res.Stats.Transcript
	}
	a, b, c := transcript(stream(1)), transcript(stream(1)), transcript(stream(2))
	if a != b {
		t.Error("the same Rand stream gave two transcripts")
	}
	if a == c {
		t.Error("two Rand streams gave one transcript")
	}
	if u, v := transcript(nil), transcript(nil); u == v {
		t.Error("crypto/rand gave the same transcript twice")
	}
	if _, err := RunWith(p, nil, ms, Options{Threshold: 4, Rand: bytes.NewReader(make([]byte, 40))}); err == nil {
		t.Error("RunWith ran on a Rand stream that ran out")
	}
}

// ShardProgress is called once per client, in order, before any level's
// Progress.
func TestShardProgress(t *testing.T) {
	p, _ := poplar1.New(3)
	ms := Zipf(mrand.New(mrand.NewPCG(1, 0)), 7, 3, 2, 2)
	var calls []int
	levelSeen := false
	_, err := RunWith(p, nil, ms, Options{
		Threshold: 2,
		ShardProgress: func(done, total int) {
			if total != len(ms) || levelSeen {
				t.Errorf("ShardProgress(%d, %d) after a level or with the wrong total", done, total)
			}
			calls = append(calls, done)
		},
		Progress: func(level, done, total int) { levelSeen = true },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(calls, []int{1, 2, 3, 4, 5, 6, 7}) || !levelSeen {
		t.Errorf("ShardProgress calls %v (level progress seen: %v)", calls, levelSeen)
	}
}

// Options.Extra uploads go through the aggregators as the clients' do: an
// honest one counts, one that does not decode is dropped and counted in
// Stats.Malformed, a forged one fails the sketch and is counted in
// Stats.Rejected, and the honest counts stand.
func TestExtraUploads(t *testing.T) {
	p, _ := poplar1.New(3)
	m := []bool{true, false, true}
	upload := func() (Upload, [2]*poplar1.InputShare) {
		nonce, rnd := make([]byte, poplar1.NonceSize), make([]byte, poplar1.RandSize)
		rand.Read(nonce)
		rand.Read(rnd)
		ps, in, err := p.Shard(nil, m, nonce, rnd)
		if err != nil {
			t.Fatal(err)
		}
		u := Upload{Nonce: nonce, PublicShare: ps.Encode()}
		for j := range 2 {
			u.InputShares[j], _ = in[j].MarshalBinary()
		}
		return u, in
	}
	honest, _ := upload()
	malformed, _ := upload()
	malformed.InputShares[1] = malformed.InputShares[1][1:]
	forged, in := upload()
	in[0].CorrInner[0] = in[0].CorrInner[0].Add(idpf.NewField64(1))
	forged.InputShares[0], _ = in[0].MarshalBinary()

	res, err := RunWith(p, nil, [][]bool{m, m}, Options{Threshold: 1, Extra: []Upload{malformed, honest, forged}})
	if err != nil {
		t.Fatal(err)
	}
	if st := res.Stats; st.Malformed != 1 || st.Rejected != 1 || st.Clients != 2 || st.Extra != 3 {
		t.Errorf("Malformed %d, Rejected %d, Clients %d, Extra %d; want 1, 1, 2, 3", st.Malformed, st.Rejected, st.Clients, st.Extra)
	}
	if len(res.HeavyHitters) != 1 || !slices.Equal(res.HeavyHitters[0], m) || res.Counts[0] != 3 {
		t.Errorf("heavy hitters %v, counts %v; want %v counted 3 times (two clients and the honest extra)", res.HeavyHitters, res.Counts, m)
	}
}
