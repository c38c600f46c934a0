// Package bench holds the side-by-side benchmarks of keccak against its
// peers (crypto/sha3, golang.org/x/crypto/sha3, circl's KangarooTwelve). It
// is a module of its own so the library's go.mod stays lean; run.sh runs
// interleaved rounds and prints a table of medians and ratios. Its tests hold
// package xsha3 to x/crypto/sha3: the same exported API (from the compiler's
// export data), and the same outputs and marshaled states.
//
// The Chart_* benchmarks (chart_test.go) feed the throughput chart of
// docs/PERFORMANCE.md: chart.sh runs them in interleaved rounds and
// cmd/chart draws their medians. They take about a minute a round, so
// `run.sh ROUNDS .` now spends that much more per round; name a pattern
// (for example '^Benchmark[^C]') to leave them out.
package bench
