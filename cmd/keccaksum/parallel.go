package main

import "sync"

// runStream calls work on every item next yields, on up to jobs
// goroutines, and emit(item, result) on the calling goroutine in the
// items' order, so output follows the input however the work finishes.
// next runs on a goroutine of its own, one call at a time, until it
// returns false; idle runs on the calling goroutine before it waits for a
// result that is not ready yet (the moment to flush buffered output). At
// most a window of items is taken from next and not yet emitted, which
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
