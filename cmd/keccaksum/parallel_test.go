package main

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// runOrdered is runStream over the items 0 .. n-1.
func runOrdered[R any](n, jobs int, work func(i int) R, emit func(i int, r R), idle func()) {
	i := 0
	next := func() (int, bool) {
		if i == n {
			return 0, false
		}
		i++
		return i - 1, true
	}
	runStream(min(jobs, n), next, work, emit, idle)
}

// runStream emits in order whatever the finishing order, never runs more
// than jobs at once, and never gets more than its window ahead of emit.
func TestRunOrdered(t *testing.T) {
	for _, n := range []int{0, 1, 5, 100} {
		for _, jobs := range []int{1, 3, 8} {
			var running, peak atomic.Int64
			var emitted []int
			idles := 0
			runOrdered(n, jobs,
				func(i int) int {
					r := running.Add(1)
					for {
						p := peak.Load()
						if r <= p || peak.CompareAndSwap(p, r) {
							break
						}
					}
					time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
					running.Add(-1)
					return i * i
				},
				func(i, r int) {
					require.Equal(t, i*i, r)
					emitted = append(emitted, i)
				},
				func() { idles++ })
			require.Len(t, emitted, n)
			for i, e := range emitted {
				require.Equal(t, i, e)
			}
			require.LessOrEqual(t, peak.Load(), int64(jobs))
		}
	}
}
