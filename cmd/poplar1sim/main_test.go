package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestRun(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"-clients", "120", "-bits", "10", "-threshold", "8", "-support", "16", "-progress", "always"}, &out, &errb, false)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"heavy hitters: ", "aggregator 0: ", "aggregator 1: ", "reports/s", "wire per report: upload ", "match the count in the clear"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// The progress line was drawn on stderr, first for the clients'
	// sharding, then level by level, and wiped at the end.
	e := errb.String()
	shard, level := strings.Index(e, "\rsharding  120/120 reports"), strings.Index(e, "\rlevel 1/10")
	if !strings.HasPrefix(e, "\rsharding  1/120 reports") || shard < 0 || level < shard ||
		!strings.Contains(e, "level 10/10  120/120 reports") || !strings.HasSuffix(e, "\r\x1b[K") {
		t.Errorf("progress: %q", e)
	}
}

// Each heavy hitter is printed with its count: with one string in the
// support every client holds it.
func TestPrintsCounts(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-clients", "40", "-bits", "6", "-threshold", "5", "-support", "1"}, &out, &errb, false); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !regexp.MustCompile(`(?m)^heavy hitters: 1 by count \(bit string, clients holding it\)\n  [01]{6}  40$`).MatchString(out.String()) {
		t.Errorf("no heavy hitter with count 40:\n%s", out.String())
	}
}

func TestNoProgressOffTerminal(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-clients", "20", "-bits", "3", "-threshold", "3", "-support", "2"}, &out, &errb, false); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if errb.Len() != 0 {
		t.Errorf("stderr: %q", errb.String())
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{"-clients", "0"}, {"-bits", "0"}, {"-zipf", "1"}, {"-progress", "sometimes"}, {"extra"}, {"-nosuchflag"}, {"-bits", "70000"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb, false); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// Regression (issue 19, item 5): -zipf NaN and +Inf hung forever in
// math/rand's Zipf sampler; every value that is not a finite number above
// 1 is a usage error, at once.
func TestZipfOutOfRange(t *testing.T) {
	for _, z := range []string{"NaN", "nan", "+Inf", "Inf", "-Inf", "1", "0.5", "-2", "1e309"} {
		var out, errb bytes.Buffer
		done := make(chan int, 1)
		go func() {
			done <- run([]string{"-clients", "5", "-bits", "2", "-support", "2", "-zipf", z, "-progress", "never"}, &out, &errb, false)
		}()
		select {
		case code := <-done:
			if code != 2 || !strings.Contains(errb.String(), "-zipf") {
				t.Errorf("-zipf %s: exit %d, stderr %q", z, code, errb.String())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("-zipf %s: still running after 10 s", z)
		}
	}
	// Large finite exponents are fine: every client picks the first string.
	var out, errb bytes.Buffer
	if code := run([]string{"-clients", "5", "-bits", "2", "-support", "2", "-threshold", "5", "-zipf", "1e300"}, &out, &errb, false); code != 0 {
		t.Errorf("-zipf 1e300: exit %d, stderr %q", code, errb.String())
	}
}

// -h (and -help) print the usage on stdout and exit 0; a bad flag prints
// it on stderr and exits 2.
func TestHelpExitsZero(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		var out, errb bytes.Buffer
		if code := run([]string{h}, &out, &errb, false); code != 0 {
			t.Errorf("%s: exit %d", h, code)
		}
		if !strings.HasPrefix(out.String(), "usage: poplar1sim") || !strings.Contains(out.String(), "-threshold") || errb.Len() != 0 {
			t.Errorf("%s: stdout %q, stderr %q", h, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-nosuchflag"}, &out, &errb, false); code != 2 || !strings.Contains(errb.String(), "usage: poplar1sim") || out.Len() != 0 {
		t.Errorf("-nosuchflag: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// An explicit -seed makes the whole transcript reproducible: the verify
// key, nonces and sharding randomness come from it, not from crypto/rand.
func TestSeedReproducesTranscript(t *testing.T) {
	transcript := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		args = append([]string{"-clients", "30", "-bits", "5", "-threshold", "4", "-support", "4"}, args...)
		if code := run(args, &out, &errb, false); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
		m := regexp.MustCompile(`(?m)^transcript SHA3-256: ([0-9a-f]{64})$`).FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("no transcript line:\n%s", out.String())
		}
		return m[1]
	}
	a, b := transcript("-seed", "7"), transcript("-seed", "7")
	if a != b {
		t.Errorf("-seed 7 twice: transcripts %s and %s", a, b)
	}
	if transcript("-seed", "8") == a {
		t.Error("-seed 8 gave -seed 7's transcript")
	}
	// Without -seed the strings are seed 1's, the rest crypto/rand's.
	if u, v := transcript(), transcript(); u == v {
		t.Error("two runs without -seed gave one transcript")
	}
	if transcript("-seed", "1") == transcript() {
		t.Error("-seed 1 gave the transcript of a run without -seed")
	}
}

// -input: one client per line, each the first BITS bits of its bytes,
// zero padded; heavy hitters are shown as text too.
func TestInput(t *testing.T) {
	lines := strings.Repeat("apple pie\n", 6) + strings.Repeat("apricot\r\n", 4) + strings.Repeat("ab\n", 2) + "kiwi\n\n\n\n"
	path := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(path, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-input", path, "-bits", "24", "-threshold", "3"}, &out, &errb, false); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// "app" 0x617070, "apr" 0x617072; "ab" is 0x616200, held twice; the three
	// empty lines are the zero string.
	want := "BITS 24: 16 clients from " + path + ", threshold 3\n" +
		"heavy hitters: 3 by count (bit string, clients holding it, as text)\n" +
		"  011000010111000001110000  6  \"app\"\n" +
		"  011000010111000001110010  4  \"apr\"\n" +
		"  000000000000000000000000  3  \"\"\n"
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "match the count in the clear") {
		t.Errorf("output lacks\n%s\ngot:\n%s", want, out.String())
	}

	// Standard input, and BITS not a multiple of 8.
	stdin = strings.NewReader("ab\nac\nb\n")
	defer func() { stdin = os.Stdin }()
	out.Reset()
	if code := run([]string{"-input", "-", "-bits", "12", "-threshold", "2"}, &out, &errb, false); code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, errb.String())
	}
	// The 4 bits after "a" are bits, not a byte they are the top of ('`').
	if !strings.Contains(out.String(), "  011000010110  2  \"a\" + bits 0110\n") {
		t.Errorf("stdin, -bits 12:\n%s", out.String())
	}

	for _, args := range [][]string{
		{"-input", path, "-clients", "5"}, {"-input", path, "-zipf", "2"}, {"-input", path, "-support", "3"},
	} {
		errb.Reset()
		if code := run(args, &out, &errb, false); code != 2 || !strings.Contains(errb.String(), "-input replaces") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, nil, 0o600)
	for _, f := range []string{empty, filepath.Join(t.TempDir(), "missing")} {
		errb.Reset()
		if code := run([]string{"-input", f}, &out, &errb, false); code != 1 || errb.Len() == 0 {
			t.Errorf("-input %s: exit %d, stderr %q", f, code, errb.String())
		}
	}
}

// runJSON runs poplar1sim -json with args and decodes its one object.
func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"-json"}, args...), &out, &errb, false); code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, errb.String())
	}
	dec := json.NewDecoder(&out)
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	if dec.More() {
		t.Fatalf("%q: more than one JSON value on stdout", args)
	}
	return v
}

// withoutTimings deletes every field whose name ends in "seconds" or
// "per_second", at any depth.
func withoutTimings(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if strings.HasSuffix(k, "seconds") || strings.HasSuffix(k, "per_second") {
				delete(v, k)
			} else {
				v[k] = withoutTimings(x)
			}
		}
	case []any:
		for i := range v {
			v[i] = withoutTimings(v[i])
		}
	}
	return v
}

func TestJSON(t *testing.T) {
	args := []string{"-clients", "60", "-bits", "6", "-threshold", "5", "-support", "5", "-seed", "11"}
	a := runJSON(t, args...)

	// What the object holds.
	p := a["parameters"].(map[string]any)
	if p["bits"] != 6.0 || p["threshold"] != 5.0 || p["clients"] != 60.0 || p["source"] != "zipf" || p["seed"] != 11.0 || p["seed_given"] != true {
		t.Errorf("parameters: %v", p)
	}
	hh := a["heavy_hitters"].([]any)
	total := 0.0
	for _, h := range hh {
		h := h.(map[string]any)
		if len(h["bits"].(string)) != 6 || h["count"].(float64) < 5 {
			t.Errorf("heavy hitter %v", h)
		}
		total += h["count"].(float64)
	}
	if len(hh) == 0 || total > 60 || a["match_clear_count"] != true {
		t.Errorf("heavy hitters %v (total %v), match %v", hh, total, a["match_clear_count"])
	}
	levels := a["levels"].([]any)
	if len(levels) != 6 || a["levels_walked"] != 6.0 {
		t.Errorf("%d levels, levels_walked %v", len(levels), a["levels_walked"])
	}
	for i, l := range levels {
		l := l.(map[string]any)
		if l["level"] != float64(i) || l["seconds"].(float64) <= 0 || len(l["aggregator_seconds"].([]any)) != 2 {
			t.Errorf("level %d: %v", i, l)
		}
	}
	if rps := a["reports_per_second"].([]any); len(rps) != 2 || rps[0].(float64) <= 0 || rps[1].(float64) <= 0 {
		t.Errorf("reports_per_second %v", rps)
	}
	w := a["wire_bytes"].(map[string]any)
	if w["upload"].(float64) <= 0 || w["between_aggregators"].(float64) <= 0 || w["aggregation_parameters"].(float64) <= 0 {
		t.Errorf("wire_bytes %v", w)
	}

	// The same -seed, the same object but for the timings.
	b := runJSON(t, args...)
	ja, _ := json.Marshal(withoutTimings(a))
	jb, _ := json.Marshal(withoutTimings(b))
	if !bytes.Equal(ja, jb) {
		t.Errorf("two runs with -seed 11 differ beyond the timings:\n%s\n%s", ja, jb)
	}
	if !strings.Contains(string(ja), `"transcript_sha3_256":"`) || strings.Contains(string(ja), "seconds") {
		t.Errorf("stripped object: %s", ja)
	}
	// Without -seed only the transcript differs.
	c := withoutTimings(runJSON(t, args[:len(args)-2]...)).(map[string]any)
	d := withoutTimings(runJSON(t, args[:len(args)-2]...)).(map[string]any)
	if c["transcript_sha3_256"] == d["transcript_sha3_256"] {
		t.Error("two runs without -seed have one transcript")
	}

	// -input: each heavy hitter's text too.
	path := filepath.Join(t.TempDir(), "in")
	os.WriteFile(path, []byte("xy\nxy\nxz\n"), 0o600)
	e := runJSON(t, "-input", path, "-bits", "16", "-threshold", "2")
	if hh := e["heavy_hitters"].([]any); len(hh) != 1 || hh[0].(map[string]any)["text"] != "xy" || hh[0].(map[string]any)["count"] != 2.0 {
		t.Errorf("-input heavy hitters %v", hh)
	}
	if p := e["parameters"].(map[string]any); p["source"] != "input" || p["input"] != path || p["clients"] != 3.0 {
		t.Errorf("-input parameters %v", p)
	}
}
