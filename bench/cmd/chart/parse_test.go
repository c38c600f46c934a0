package main

import (
	"math"
	"os"
	"strings"
	"testing"
)

// Two rounds as bench/chart.sh appends them, with the lines go test mixes
// in: configuration repeated per round, a benchmark name printed alone
// before a log line, PASS and ok.
const sample = `date: 2026-12-01
backend: c/avx2
goos: linux
goarch: amd64
pkg: github.com/go-xkcp/keccak/bench
cpu: AMD EPYC
BenchmarkChart_SHA3_256/32/keccak-2         	 1000000	       600.0 ns/op	  53.33 MB/s	       0 B/op	       0 allocs/op
BenchmarkChart_SHA3_256/32/stdlib-2         	 1000000	       700 ns/op	  45.71 MB/s
BenchmarkChart_SHA3_256/1048576/keccak-2    	     400	   2900000 ns/op	 361.58 MB/s
BenchmarkChart_SHA3_256/256/keccak-2        	  300000	      2000 ns/op	 128.0 MB/s
BenchmarkChart_KT128/4096/keccak1
    chart_test.go:1: a log line
BenchmarkChart_KT128/4096/keccak1-2         	   10000	     10000 ns/op	 409.6 MB/s
Benchmarks below are prose: not a result
PASS
ok  	github.com/go-xkcp/keccak/bench	12.3s
goos: linux
cpu: AMD EPYC 7B13
BenchmarkChart_SHA3_256/32/keccak-2         	 1000000	       500 ns/op	  64.00 MB/s
BenchmarkChart_SHA3_256/32/stdlib-2         	 1000000	       800 ns/op	  40.00 MB/s
BenchmarkChart_SHA3_256/32/keccak-2         	 1000000	       550 ns/op	  58.18 MB/s
BenchmarkChart_SHA3_256/32/keccak-2         	 1000000	       900 ns/op	  35.56 MB/s
BenchmarkOther                              	       1	         5 ns/op
`

func TestParse(t *testing.T) {
	f, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.config["cpu"]; got != "AMD EPYC 7B13" {
		t.Errorf(`config["cpu"] = %q, want the last value, "AMD EPYC 7B13"`, got)
	}
	if got := f.config["date"]; got != "2026-12-01" {
		t.Errorf(`config["date"] = %q`, got)
	}
	for _, k := range []string{"ok  \tgithub.com/go-xkcp/keccak/bench\t12.3s", "    chart_test.go", "PASS"} {
		if _, ok := f.config[k]; ok {
			t.Errorf("%q taken for a configuration key", k)
		}
	}
	if len(f.results) != 10 {
		t.Fatalf("%d results, want 10: %+v", len(f.results), f.results)
	}
	r := f.results[0]
	if r.name != "Chart_SHA3_256/32/keccak" || r.procs != 2 || r.iters != 1000000 {
		t.Errorf("first result %q procs %d iters %d", r.name, r.procs, r.iters)
	}
	if r.values["ns/op"] != 600 || r.values["MB/s"] != 53.33 || r.values["allocs/op"] != 0 || len(r.values) != 4 {
		t.Errorf("first result's values %v", r.values)
	}
	last := f.results[len(f.results)-1]
	if last.name != "Other" || last.procs != 1 {
		t.Errorf("no -N suffix: name %q procs %d, want Other and 1", last.name, last.procs)
	}
}

func TestMediansAndSeries(t *testing.T) {
	f, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	med, runs := medians(f.results, "MB/s")
	// keccak at 32 bytes ran four times: 53.33, 64, 58.18, 35.56.
	if got, want := med["Chart_SHA3_256/32/keccak"], 55.755; !near(got, want) {
		t.Errorf("median of four runs = %v, want %v", got, want)
	}
	if got := med["Chart_SHA3_256/32/stdlib"]; !near(got, 42.855) {
		t.Errorf("median of two runs = %v", got)
	}
	if runs["Chart_SHA3_256/32/keccak"] != 4 || runs["Chart_KT128/4096/keccak1"] != 1 {
		t.Errorf("runs = %v", runs)
	}
	if _, ok := med["Other"]; ok {
		t.Error("a result without MB/s has a median")
	}

	s := series(med, "Chart_")
	if len(s) != 2 || len(s["SHA3_256"]) != 2 || len(s["KT128"]) != 1 {
		t.Fatalf("series = %v", s)
	}
	// Sizes in numeric order (as strings "1048576" < "256" < "32").
	pts := s["SHA3_256"]["keccak"]
	if len(pts) != 3 || pts[0].size != 32 || pts[1].size != 256 || pts[2].size != 1048576 {
		t.Errorf("keccak points %v, want sizes 32, 256, 1048576", pts)
	}
	if pts[2].mbs != 361.58 {
		t.Errorf("1 MiB point %v", pts[2])
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestMedianOdd(t *testing.T) {
	in := []float64{9, 1, 5}
	if got := median(in); got != 5 {
		t.Errorf("median(9, 1, 5) = %v", got)
	}
	if in[0] != 9 {
		t.Error("median sorted its argument in place")
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{
		"BenchmarkX-2   100   12 ns/op   3",      // a value without its unit
		"BenchmarkX-2   100   twelve ns/op",      // not a number
		"BenchmarkX-2   100",                     // no values at all
		"goos: linux\nBenchmarkX   1   1e ns/op", // after a good line
	} {
		if _, err := parse(strings.NewReader(bad)); err == nil {
			t.Errorf("parse(%q): no error", bad)
		}
	}
}

func TestSizeLabel(t *testing.T) {
	for n, want := range map[int]string{32: "32 B", 1000: "1000 B", 4096: "4 KiB", 1 << 20: "1 MiB", 1536: "1536 B"} {
		if got := sizeLabel(n); got != want {
			t.Errorf("sizeLabel(%d) = %q, want %q", n, got, want)
		}
	}
}

// The SVG carries its font: text is measured with Liberation Sans, and a
// viewer without that font must not draw another of other widths.
func TestSVGEmbedsFont(t *testing.T) {
	f, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	med, _ := medians(f.results, "MB/s")
	out := t.TempDir() + "/chart.svg"
	if err := drawPanels(series(med, "Chart_"), "a caption", out); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "@font-face") || !strings.Contains(string(svg), "base64,") {
		t.Errorf("the SVG embeds no font")
	}
}

func TestCaption(t *testing.T) {
	f, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	_, runs := medians(f.results, "MB/s")
	got := captionText(f, runs)
	// The fewest runs of any point (KT128/4096 ran once) is what the
	// caption may claim.
	for _, want := range []string{"AMD EPYC 7B13", "GOMAXPROCS=2", "backend c/avx2", "linux/amd64", "; one run", "2026-12-01"} {
		if !strings.Contains(got, want) {
			t.Errorf("caption %q lacks %q", got, want)
		}
	}
}

func TestDrawPanelsUnknown(t *testing.T) {
	data := map[string]map[string][]point{"NoSuchPanel": {"keccak": {{32, 1}}}}
	if err := drawPanels(data, "", t.TempDir()+"/x.svg"); err == nil {
		t.Error("no error for results of no known panel")
	}
}
