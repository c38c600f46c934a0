package main

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Tokens in use never exceed the size, and a big request is served in
// its turn even while small ones keep arriving.
func TestLimiter(t *testing.T) {
	const size = 3
	l := newLimiter(size)
	var inUse, peak atomic.Int64
	use := func(n int) {
		l.acquire(n)
		v := inUse.Add(int64(n))
		for p := peak.Load(); v > p && !peak.CompareAndSwap(p, v); p = peak.Load() {
		}
		time.Sleep(200 * time.Microsecond)
		inUse.Add(-int64(n))
		l.release(n)
	}
	var wg sync.WaitGroup
	bigDone := make(chan struct{})
	for i := range 60 {
		if i == 5 {
			wg.Go(func() { use(size); close(bigDone) })
			continue
		}
		wg.Go(func() { use(1) })
	}
	wg.Wait()
	<-bigDone
	require.LessOrEqual(t, peak.Load(), int64(size))
	require.Zero(t, inUse.Load())
	require.Equal(t, size, l.free)
}
