package main

import "sync"

// limiter keeps -j honest. Inputs are hashed by up to -j workers, and a
// big input to a tree hash (KangarooTwelve, ParallelHash) runs on up to
// -j goroutines of its own; since a goroutine inside a C call holds a
// thread whatever GOMAXPROCS says, each hash takes as many tokens as
// goroutines it may use, out of -j. Waiters are served first come, first
// served, so a big input is not starved by a stream of small ones.
type limiter struct {
	mu      sync.Mutex
	free    int
	waiting []limiterWaiter
}

type limiterWaiter struct {
	n     int
	ready chan struct{}
}

func newLimiter(n int) *limiter { return &limiter{free: n} }

// acquire takes n tokens (n at most the limiter's size), waiting if need be.
func (l *limiter) acquire(n int) {
	l.mu.Lock()
	if len(l.waiting) == 0 && l.free >= n {
		l.free -= n
		l.mu.Unlock()
		return
	}
	w := limiterWaiter{n: n, ready: make(chan struct{})}
	l.waiting = append(l.waiting, w)
	l.mu.Unlock()
	<-w.ready
}

// release gives n tokens back and wakes the waiters they satisfy, in order.
func (l *limiter) release(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.free += n
	for len(l.waiting) > 0 && l.free >= l.waiting[0].n {
		w := l.waiting[0]
		l.waiting = l.waiting[1:]
		l.free -= w.n
		close(w.ready)
	}
}
