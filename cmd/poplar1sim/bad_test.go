package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	mrand "math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/poplar1"
)

// -bad N mixes malformed and forged reports in: every malformed one fails
// to decode, every forged one fails the sketch, the honest heavy hitters
// still match the count in the clear; the counts are in the text and in
// -json. BITS 1 (level 0 is the leaf) and 9 take other paths.
func TestBadReports(t *testing.T) {
	for _, bits := range []string{"1", "9"} {
		var out, errb bytes.Buffer
		args := []string{"-clients", "30", "-bits", bits, "-threshold", "5", "-support", "3", "-seed", "4", "-bad", "9"}
		if code := run(args, &out, &errb, false); code != 0 {
			t.Fatalf("-bits %s: exit %d: %s", bits, code, errb.String())
		}
		want := "bad reports, mixed into the run: 5 malformed, 5 rejected when decoded; 4 forged, 4 rejected by the sketch\n"
		if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "match the count in the clear") {
			t.Errorf("-bits %s: output lacks %q:\n%s", bits, want, out.String())
		}
		j := runJSON(t, args...)
		got, _ := json.Marshal(j["bad_reports"])
		if string(got) != `{"forged":4,"forged_rejected":4,"malformed":5,"malformed_rejected":5}` {
			t.Errorf("-bits %s: bad_reports %s", bits, got)
		}
	}
	// Without -bad, nothing about them.
	if j := runJSON(t, "-clients", "10", "-bits", "3", "-threshold", "3", "-support", "2"); j["bad_reports"] != nil {
		t.Errorf("bad_reports without -bad: %v", j["bad_reports"])
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-bad", "-1"}, &out, &errb, false); code != 2 || !strings.Contains(errb.String(), "-bad is 0 to") {
		t.Errorf("-bad -1: exit %d, stderr %q", code, errb.String())
	}
}

// badUploads makes as many uploads as asked, half malformed (rounded up),
// the rest forged; that the aggregators reject each kind, and accept an
// honest upload through the same path, is heavyhitters' TestExtraUploads.
func TestBadUploadKinds(t *testing.T) {
	p, err := poplar1.New(5)
	if err != nil {
		t.Fatal(err)
	}
	ups, st, err := badUploads(p, nil, 13, rand.Reader, mrand.New(mrand.NewPCG(1, 2)))
	if err != nil || len(ups) != 13 || st.Malformed != 7 || st.Forged != 6 {
		t.Fatalf("%d uploads, %+v, %v", len(ups), st, err)
	}
}

// Heavy hitters come out by count, largest first, ties by bit string, in
// the text and in -json alike.
func TestHeavyHittersByCount(t *testing.T) {
	args := []string{"-clients", "300", "-bits", "6", "-threshold", "4", "-support", "12", "-zipf", "1.3", "-seed", "5"}
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb, false); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	type hitter struct {
		bits  string
		count uint64
	}
	var text []hitter
	for _, m := range regexp.MustCompile(`(?m)^  ([01]{6})  (\d+)$`).FindAllStringSubmatch(out.String(), -1) {
		n, _ := strconv.ParseUint(m[2], 10, 64)
		text = append(text, hitter{m[1], n})
	}
	if len(text) < 3 {
		t.Fatalf("too few heavy hitters to order:\n%s", out.String())
	}
	ordered := slices.IsSortedFunc(text, func(a, b hitter) int {
		if a.count != b.count {
			return map[bool]int{true: -1, false: 1}[a.count > b.count]
		}
		return strings.Compare(a.bits, b.bits)
	})
	if !ordered {
		t.Errorf("not by count, then bit string: %v", text)
	}
	if slices.IsSortedFunc(text, func(a, b hitter) int { return strings.Compare(a.bits, b.bits) }) {
		t.Errorf("the bit-string order is the count order here: the test shows nothing")
	}
	var js []hitter
	for _, h := range runJSON(t, args...)["heavy_hitters"].([]any) {
		m := h.(map[string]any)
		js = append(js, hitter{m["bits"].(string), uint64(m["count"].(float64))})
	}
	if !slices.Equal(text, js) {
		t.Errorf("-json order %v, text order %v", js, text)
	}
}
