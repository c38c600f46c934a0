package poplar1

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestValidAggParam(t *testing.T) {
	p, _ := New(4)
	prev := []*AggParam{param(0, "0", "1"), param(1, "00", "11")}
	for _, c := range []struct {
		name string
		ap   *AggParam
		prev []*AggParam
		ok   bool
	}{
		{"first", param(1, "00", "01", "11"), nil, true},
		{"empty", param(2), nil, true},
		{"unsorted", param(1, "01", "00"), nil, false},
		{"duplicate", param(1, "01", "01"), nil, false},
		{"level too high", param(4, "00000"), nil, false},
		{"negative level", &AggParam{Level: -1}, nil, false},
		{"short prefix", param(2, "00"), nil, false},
		{"long prefix", param(1, "000"), nil, false},
		{"nil", nil, nil, false},
		{"extends", param(2, "000", "001", "110"), prev, true},
		{"skips a level", param(3, "0011", "1100"), prev, true},
		{"same level", param(1, "00"), prev, false},
		{"lower level", param(0, "0"), prev, false},
		{"not a child", param(2, "000", "010"), prev, false},
		{"only the last counts", param(2, "100"), prev, false},
		{"unsorted after", param(2, "001", "000"), prev, false},
	} {
		err := p.ValidAggParam(c.ap, c.prev)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v, want ok %v", c.name, err, c.ok)
		}
	}
}

func TestAggParamEncoding(t *testing.T) {
	p, _ := New(11)
	for _, ap := range []*AggParam{param(0, "0", "1"), param(3, "0001", "1101"), param(7, "10000001"), param(8, "100000011"), param(10), param(10, "11001000001")} {
		b, err := ap.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.DecodeAggParam(b)
		if err != nil {
			t.Fatalf("%x: %v", b, err)
		}
		b2, _ := got.MarshalBinary()
		if !bytes.Equal(b, b2) || got.Level != ap.Level || len(got.Prefixes) != len(ap.Prefixes) {
			t.Fatalf("%x: round trip gives %x", b, b2)
		}
		// Truncated and trailing bytes.
		for n := range len(b) {
			if _, err := p.DecodeAggParam(b[:n]); err == nil {
				t.Errorf("%x: truncated to %d accepted", b, n)
			}
		}
		if _, err := p.DecodeAggParam(append(b, 0)); err == nil {
			t.Errorf("%x: trailing byte accepted", b)
		}
	}
	for _, c := range []struct {
		name string
		hex  []byte
	}{
		{"padding bit", []byte{0, 0, 0, 0, 0, 1, 0x40}},
		{"padding bit, level 3", []byte{0, 3, 0, 0, 0, 1, 0x11}},
		{"level = BITS", []byte{0, 11, 0, 0, 0, 0}},
		{"huge count", []byte{0, 0, 0xff, 0xff, 0xff, 0xff, 0}},
	} {
		if _, err := p.DecodeAggParam(c.hex); err == nil {
			t.Errorf("%s: %x accepted", c.name, c.hex)
		}
	}
	if _, err := (&AggParam{Level: 1 << 16}).MarshalBinary(); err == nil {
		t.Error("level 2^16 encoded")
	}
	if _, err := param(1, "0").MarshalBinary(); err == nil {
		t.Error("prefix of the wrong length encoded")
	}
}

// A Report enforces the sequence rules, and a rejected parameter changes
// nothing: the next valid one gives what a fresh VerifyInit gives.
func TestReportSequence(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	p, _ := New(6)
	c := shardRandom(t, p, r, []byte("ctx"), bitsOf("101100"))
	key := randBytes(r, VerifyKeySize)
	rep, err := p.NewReport(key, []byte("ctx"), 1, c.nonce, c.ps, c.in[1])
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		ap *AggParam
		ok bool
	}{
		{param(1, "00", "10"), true},
		{param(1, "00", "10"), false}, // same level again
		{param(2, "000", "011"), false},
		{param(2, "101", "100"), false},
		{param(3, "0001", "1011"), true},
		{param(5, "000100", "101100", "101101"), true},
		{param(5, "101100"), false},
	}
	for i, s := range steps {
		st, share, err := rep.Init(s.ap)
		if (err == nil) != s.ok {
			t.Fatalf("step %d: %v, want ok %v", i, err, s.ok)
		}
		if err != nil {
			continue
		}
		st2, share2, err := p.VerifyInit(key, []byte("ctx"), 1, s.ap, c.nonce, c.ps, c.in[1])
		if err != nil {
			t.Fatal(err)
		}
		b1, _ := share.MarshalBinary()
		b2, _ := share2.MarshalBinary()
		o1, _ := st.out.MarshalBinary()
		o2, _ := st2.out.MarshalBinary()
		if !bytes.Equal(b1, b2) || !bytes.Equal(o1, o2) {
			t.Fatalf("step %d: Report and VerifyInit differ", i)
		}
	}
}

// ValidAggParam (packed prefixes, a merge pass) against the draft's
// is_valid written plainly over bools, on random parameters built to land
// on both sides of every rule, at levels on and off byte boundaries.
func TestValidAggParamRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	p, _ := New(20)
	randPrefix := func(n int) []bool {
		b := make([]bool, n)
		for i := range b {
			b[i] = r.IntN(2) == 1
		}
		return b
	}
	less := func(a, b []bool) bool {
		for i := range a {
			if a[i] != b[i] {
				return b[i]
			}
		}
		return false
	}
	sortedSet := func(level, n int) [][]bool {
		var out [][]bool
		for range n {
			out = append(out, randPrefix(level+1))
		}
		slices.SortFunc(out, func(a, b []bool) int {
			if less(a, b) {
				return -1
			}
			if less(b, a) {
				return 1
			}
			return 0
		})
		return slices.CompactFunc(out, slices.Equal)
	}
	naive := func(ap, last *AggParam) bool {
		for i := 1; i < len(ap.Prefixes); i++ {
			if !less(ap.Prefixes[i-1], ap.Prefixes[i]) {
				return false
			}
		}
		if ap.Level <= last.Level {
			return false
		}
		for _, pr := range ap.Prefixes {
			if !slices.ContainsFunc(last.Prefixes, func(q []bool) bool { return slices.Equal(q, pr[:last.Level+1]) }) {
				return false
			}
		}
		return true
	}
	oks := 0
	for range 3000 {
		last := &AggParam{Level: r.IntN(19)}
		last.Prefixes = sortedSet(last.Level, 1+r.IntN(6))
		ap := &AggParam{Level: last.Level + r.IntN(20-last.Level)}
		if r.IntN(8) == 0 {
			ap.Level = r.IntN(20)
		}
		for range r.IntN(6) {
			pr := randPrefix(ap.Level + 1)
			if r.IntN(4) != 0 && ap.Level > last.Level { // mostly children of a last prefix
				copy(pr, last.Prefixes[r.IntN(len(last.Prefixes))])
			}
			ap.Prefixes = append(ap.Prefixes, pr)
		}
		if r.IntN(3) != 0 { // mostly sorted
			slices.SortFunc(ap.Prefixes, func(a, b []bool) int {
				if less(a, b) {
					return -1
				}
				if less(b, a) {
					return 1
				}
				return 0
			})
		}
		want := naive(ap, last)
		got := p.ValidAggParam(ap, []*AggParam{param(0, "0"), last})
		if (got == nil) != want {
			t.Fatalf("last %v, ap %v: got %v, want ok %v", last, ap, got, want)
		}
		if want {
			oks++
		}
	}
	if oks < 300 || oks > 2700 {
		t.Fatalf("%d of 3000 valid: the cases do not cover both sides", oks)
	}
}
