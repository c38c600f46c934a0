package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// result is one benchmark line of `go test -bench` output: the name without
// "Benchmark" and without the "-GOMAXPROCS" suffix, that suffix (1 when
// absent: the testing package omits it for GOMAXPROCS=1), the iteration
// count and each measured value by its unit ("ns/op", "MB/s", ...).
type result struct {
	name   string
	procs  int
	iters  int
	values map[string]float64
}

// benchFile is a parsed output file: its configuration lines ("cpu: ...",
// "goos: ..."; a key seen again keeps its last value) and its results in
// file order.
type benchFile struct {
	config  map[string]string
	results []result
}

// parse reads the standard benchmark format. Lines that are neither
// configuration nor results (PASS, ok, test logs, a benchmark's name printed
// alone before its logs) are skipped; a result line whose values do not come
// in number-unit pairs is an error, since dropping it would bias the medians.
func parse(r io.Reader) (*benchFile, error) {
	f := &benchFile{config: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if key, value, ok := configLine(line); ok {
			f.config[key] = value
			continue
		}
		res, ok, err := resultLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if ok {
			f.results = append(f.results, res)
		}
	}
	return f, sc.Err()
}

// configLine matches "key: value", where the key starts with a lower-case
// letter and holds neither spaces nor upper-case letters.
func configLine(line string) (key, value string, ok bool) {
	key, value, ok = strings.Cut(line, ":")
	if !ok || key == "" {
		return "", "", false
	}
	if first, _ := utf8.DecodeRuneInString(key); !unicode.IsLower(first) {
		return "", "", false
	}
	for _, c := range key {
		if unicode.IsSpace(c) || unicode.IsUpper(c) {
			return "", "", false
		}
	}
	if value != "" && value[0] != ' ' && value[0] != '\t' {
		return "", "", false // "key:x" is not the format's "key: x"
	}
	return key, strings.TrimSpace(value), true
}

func resultLine(line string) (result, bool, error) {
	fields := strings.Fields(line)
	if len(fields) < 2 || !strings.HasPrefix(fields[0], "Benchmark") {
		return result{}, false, nil
	}
	name := strings.TrimPrefix(fields[0], "Benchmark")
	if first, _ := utf8.DecodeRuneInString(name); name != "" && unicode.IsLower(first) {
		return result{}, false, nil // "Benchmarks ...": prose, not a result
	}
	iters, err := strconv.Atoi(fields[1])
	if err != nil {
		return result{}, false, nil
	}
	res := result{name: name, procs: 1, iters: iters, values: map[string]float64{}}
	if i := strings.LastIndexByte(name, '-'); i >= 0 {
		if p, err := strconv.Atoi(name[i+1:]); err == nil && p > 0 {
			res.name, res.procs = name[:i], p
		}
	}
	rest := fields[2:]
	if len(rest) == 0 || len(rest)%2 != 0 {
		return result{}, false, fmt.Errorf("%s: values are not number-unit pairs", fields[0])
	}
	for i := 0; i < len(rest); i += 2 {
		v, err := strconv.ParseFloat(rest[i], 64)
		if err != nil {
			return result{}, false, fmt.Errorf("%s: %q is not a number", fields[0], rest[i])
		}
		res.values[rest[i+1]] = v
	}
	return res, true, nil
}

// medians gives, per benchmark name, the median of the values reported in
// unit across the file's runs of it (-count, or rounds appended to one
// file), and how many runs reported it.
func medians(results []result, unit string) (med map[string]float64, runs map[string]int) {
	all := map[string][]float64{}
	for _, r := range results {
		if v, ok := r.values[unit]; ok {
			all[r.name] = append(all[r.name], v)
		}
	}
	med, runs = map[string]float64{}, map[string]int{}
	for name, vs := range all {
		med[name], runs[name] = median(vs), len(vs)
	}
	return med, runs
}

func median(vs []float64) float64 {
	s := slices.Clone(vs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// point is one implementation's median throughput at one message size.
type point struct {
	size int
	mbs  float64
}

// series picks the benchmarks named prefix+"<function>/<size>/<impl>" out of
// medians and returns, per function and implementation, its points in order
// of size. Other names are left out.
func series(med map[string]float64, prefix string) map[string]map[string][]point {
	out := map[string]map[string][]point{}
	for name, v := range med {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		parts := strings.Split(rest, "/")
		if len(parts) != 3 {
			continue
		}
		size, err := strconv.Atoi(parts[1])
		if err != nil || size <= 0 {
			continue
		}
		fn, impl := parts[0], parts[2]
		if out[fn] == nil {
			out[fn] = map[string][]point{}
		}
		out[fn][impl] = append(out[fn][impl], point{size, v})
	}
	for _, impls := range out {
		for _, pts := range impls {
			slices.SortFunc(pts, func(a, b point) int { return a.size - b.size })
		}
	}
	return out
}
