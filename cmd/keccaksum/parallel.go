package main

import (
	"sync"
	"sync/atomic"
)

// runOrdered calls work(i) for every i in [0, n) on up to jobs goroutines,
// and emit(i, result) on the calling goroutine in order of i, so output
// follows the command line however the work finishes. idle is called
// before waiting for a result that is not ready yet (the moment to flush
// buffered output). Workers run at most a window of items ahead of emit,
// which bounds memory for any number of inputs.
func runOrdered[R any](n, jobs int, work func(i int) R, emit func(i int, r R), idle func()) {
	if n == 0 {
		return
	}
	jobs = max(1, min(jobs, n))
	window := max(4*jobs, 16)
	slots := make([]chan R, window)
	for i := range slots {
		slots[i] = make(chan R, 1)
	}
	// Holding a token means "an item taken and not yet emitted": with at
	// most window of them, item i's slot was emptied by item i-window.
	tokens := make(chan struct{}, window)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for {
				tokens <- struct{}{}
				i := int(next.Add(1) - 1)
				if i >= n {
					<-tokens
					return
				}
				slots[i%window] <- work(i)
			}
		})
	}
	for i := range n {
		var r R
		select {
		case r = <-slots[i%window]:
		default:
			idle()
			r = <-slots[i%window]
		}
		emit(i, r)
		<-tokens
	}
	wg.Wait()
}
