package main

import (
	"fmt"
	"strconv"
	"time"

	keccak "github.com/go-xkcp/keccak"
)

// keccaksum bench: each algorithm's throughput on this machine, one input
// at a time (tree hashes use up to -j threads), for short, medium and long
// inputs. Times are wall clock over repeated whole hashes: new, write, sum.

var benchSizes = []struct {
	label string
	n     int
}{{"1 KiB", 1 << 10}, {"64 KiB", 64 << 10}, {"16 MiB", 16 << 20}}

const defaultBenchTime = 300 * time.Millisecond

func (c *cli) bench() int {
	per := defaultBenchTime
	if c.cfg.benchFor != "" {
		d, err := time.ParseDuration(c.cfg.benchFor)
		if err != nil || d <= 0 {
			c.warnf("invalid --time '%s': a duration such as 500ms or 2s", c.cfg.benchFor)
			return exitUsage
		}
		per = d
	}
	if len(c.cfg.files) > 0 {
		c.warnf("bench takes no file arguments")
		return exitUsage
	}
	algs := make([]*algorithm, 0, len(algorithms))
	if c.cfg.algSet {
		algs = append(algs, c.cfg.alg)
	} else {
		for i := range algorithms {
			algs = append(algs, &algorithms[i])
		}
	}
	input := make([]byte, benchSizes[len(benchSizes)-1].n)
	for i := range input {
		input[i] = byte(i*7 + i>>11)
	}
	fmt.Fprintf(c.out, "backend %s, %d threads, %v per cell, MB/s (10^6 bytes)\n", keccak.Backend(), c.cfg.jobs, per)
	width := len("algorithm") + 2
	for _, a := range algs {
		width = max(width, len(a.name)+2)
	}
	fmt.Fprintf(c.out, "%-*s", width, "algorithm")
	for _, s := range benchSizes {
		fmt.Fprintf(c.out, "%10s", s.label)
	}
	fmt.Fprintln(c.out)
	for _, a := range algs {
		fmt.Fprintf(c.out, "%-*s", width, a.name)
		c.flush()
		for _, s := range benchSizes {
			fmt.Fprintf(c.out, "%10s", formatMBs(c.throughput(a, input[:s.n], per)))
			c.flush()
		}
		fmt.Fprintln(c.out)
	}
	return exitOK
}

// formatMBs prints a throughput with one decimal, or with as many as it
// takes to show two significant digits below 10 MB/s (at most six): a slow
// cell (purego under load, a few KB in milliseconds) must not read as 0.0.
func formatMBs(v float64) string {
	prec := 1
	for x := v * 10; x > 0 && x < 10 && prec < 6; x *= 10 {
		prec++
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// throughput hashes msg repeatedly for about d and returns MB/s.
func (c *cli) throughput(a *algorithm, msg []byte, d time.Duration) float64 {
	p := c.cfg.params
	if p.key == nil {
		p.key = make([]byte, 32) // KMAC needs one; its value costs nothing
	}
	once := func() {
		h := a.new(p, a.size)
		h.Write(msg)
		h.sum(a.size)
	}
	once() // warm up: page in the input, start the worker goroutines
	var n int
	start := time.Now()
	var elapsed time.Duration
	for elapsed < d {
		once()
		n++
		elapsed = time.Since(start)
	}
	return float64(n) * float64(len(msg)) / elapsed.Seconds() / 1e6
}
