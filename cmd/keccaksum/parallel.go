package main

import "sync"

// runOrdered calls work(i) for every i in [0, n) on up to jobs goroutines,
// and emit(i, result) on the calling goroutine in order of i, so output
// follows the command line however the work finishes. idle is called
// before waiting for a result that is not ready yet (the moment to flush
// buffered output).
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

// runStream is runOrdered for a sequence of unknown length: next yields
// the items in order (it is called on a goroutine of its own, one call at
// a time, until it returns false), work runs on up to jobs goroutines, and
// emit and idle run on the calling goroutine, emit in the order of next.
// At most a window of items is taken from next and not yet emitted, which
// bounds memory for any number of items: next is not called while the
// window is full.
func runStream[T, R any](jobs int, next func() (T, bool), work func(T) R, emit func(T, R), idle func()) {
	jobs = max(1, jobs)
	window := max(4*jobs, 16)
	type slot struct {
		item T
		res  chan R // buffered: a worker never waits for emit
	}
	order := make(chan slot, window) // taken, not yet emitted, in order
	todo := make(chan slot)          // taken, not yet started
	go func() {
		defer close(order)
		defer close(todo)
		for {
			it, ok := next()
			if !ok {
				return
			}
			s := slot{item: it, res: make(chan R, 1)}
			order <- s
			todo <- s
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for s := range todo {
				s.res <- work(s.item)
			}
		})
	}
	for {
		var s slot
		var ok bool
		select {
		case s, ok = <-order:
		default:
			idle()
			s, ok = <-order
		}
		if !ok {
			break
		}
		var r R
		select {
		case r = <-s.res:
		default:
			idle()
			r = <-s.res
		}
		emit(s.item, r)
	}
	wg.Wait()
}
