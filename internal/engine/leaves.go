package engine

import (
	"sync"
	"sync/atomic"
)

// Tree leaves in bulk, shared by KangarooTwelve and ParallelHash: whole
// blocks are hashed a batch at a time, on the widest kernel and across
// goroutines, and each batch's chaining values are absorbed into the final
// node at once, in order.

const (
	// batchLeaves bounds a batch, so the chaining-value buffer stays small
	// (64 KiB) whatever the input: 8 MiB of KangarooTwelve chunks, so that
	// goroutines start once per 8 MiB (each start costs tens of microseconds).
	batchLeaves = 1024
	// MinBytesPerWorker keeps goroutines for inputs where they can pay: a
	// parked thread takes tens of microseconds to wake, so each goroutine
	// needs this much work. At 128 KiB, two goroutines tied with one on
	// 256 KiB of leaves (Zen 4, Intel Xeon) and lost 6-8% on a stream of
	// 256 KiB writes (Intel); from 384 KiB they gain (bench/'s
	// KT128Parallel and KT128StreamParallel, docs/MEASUREMENTS.md).
	MinBytesPerWorker = 160 << 10
	// leafWidth is the most blocks a kernel hashes in one pass: 8 on
	// AVX-512 (a multiple of the AVX2 kernel's 4). Goroutines and staged
	// batches get multiples of it, so no kernel runs idle lanes mid-input.
	leafWidth = 8
)

var cvPool = sync.Pool{New: func() any { return new([batchLeaves * 64]byte) }}

// hashLeaves hashes every whole block of p into final and returns how many
// leaves that was. len(p) is a multiple of l.BlockLen.
func hashLeaves(l *LeafSpec, p []byte, final *Sponge, workers int) uint64 {
	if len(p) == 0 {
		return 0
	}
	buf := cvPool.Get().(*[batchLeaves * 64]byte)
	defer cvPool.Put(buf)
	total := uint64(len(p) / l.BlockLen)
	for len(p) > 0 {
		n := min(len(p)/l.BlockLen, batchLeaves)
		cv := buf[:n*l.CVLen]
		leavesParallel(*l, p[:n*l.BlockLen], cv, workers)
		final.Write(cv)
		p = p[n*l.BlockLen:]
	}
	return total
}

// leavesParallel hashes the blocks of in into cv on up to workers
// goroutines (l is a copy, so goroutines never hold the caller's).
func leavesParallel(l LeafSpec, in, cv []byte, workers int) {
	workers = min(workers, len(in)/MinBytesPerWorker)
	if workers <= 1 {
		active.leaves(&l, in, cv)
		return
	}
	startLeaves(l, in, cv, workers).wg.Wait()
}

// leafJob is blocks being hashed into chaining values by goroutines: in
// and cv are theirs until wg.Wait returns. The blocks go out leafWidth at
// a time from a shared counter rather than in fixed shares: a goroutine
// takes tens of microseconds to start on a parked thread, and with fixed
// shares the others then waited for the late one's; now whoever is running
// takes the next group, and the last to finish ends at most one group
// after the others.
type leafJob struct {
	b      backend // the one active at the start: tests switch it meanwhile
	l      LeafSpec
	in, cv []byte
	next   atomic.Int64 // groups taken
	wg     sync.WaitGroup
}

// startLeaves starts hashing the blocks of in into cv on workers
// goroutines and returns without waiting for them.
//
// Every share runs on a goroutine of its own, the caller's too: the newest
// goroutine waits in its P's runnext slot, which an idle P steals only
// after a sleep that Linux's timer slack stretches to about 50 µs, while
// the ones before it are in the run queue, taken at once. The caller's P
// runs the newest when the caller waits.
func startLeaves(l LeafSpec, in, cv []byte, workers int) *leafJob {
	j := &leafJob{b: active, l: l, in: in, cv: cv}
	for range workers {
		j.wg.Go(j.take)
	}
	return j
}

// take hashes groups of blocks until none is left.
func (j *leafJob) take() {
	n, B, C := len(j.in)/j.l.BlockLen, j.l.BlockLen, j.l.CVLen
	for {
		start := int(j.next.Add(1)-1) * leafWidth
		if start >= n {
			return
		}
		end := min(start+leafWidth, n)
		j.b.leaves(&j.l, j.in[start*B:end*B], j.cv[start*C:end*C])
	}
}
