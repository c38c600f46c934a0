package main

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/sync/semaphore"
)

// The in-flight byte budget: everything keccaksum holds while it works,
// counted in bytes whatever -j is, in three parts that never wait on one
// another (a part is only waited for while holding none of the later
// ones, so no two holders can block each other):
//
//   - entries (entryBudget): what waits its turn to be printed in order:
//     a -c line's decoded digest and name, a computed digest. Taken before
//     the item is handed to a worker, given back once it is printed.
//   - work (workBudget): what a running hash holds: its read buffer, its
//     output, and for a tree hash on several threads the stages those
//     hash while the next read runs (treeBuffers). Taken before it
//     starts, given back when it ends.
//   - gathered (--tuplehash-max): TupleHash's inputs, held whole. A file
//     of known size reserves its size; an input of unknown size (a pipe,
//     standard input) reserves the whole cap, so it may grow to it.
const (
	entryBudget   = 16 << 20
	workBudget    = 64 << 20
	entryOverhead = 256 // per entry: the structures around its bytes

	defaultGatherMax = 1 << 30

	// treeBuffers is what a tree hash on several threads holds besides:
	// up to three stages of message bytes and two of chaining values, at
	// most 768 KiB each (a test holds it to the library's bound).
	treeBuffers = 4 << 20
)

type budget struct {
	entries, work, gathered *semaphore.Weighted
	gatherMax               int64
}

func newBudget(gatherMax int64) *budget {
	return &budget{
		entries:   semaphore.NewWeighted(entryBudget),
		work:      semaphore.NewWeighted(workBudget),
		gathered:  semaphore.NewWeighted(gatherMax),
		gatherMax: gatherMax,
	}
}

// entryWeight is what an entry of n bytes takes from the entries part
// (never more than all of it, or it would wait forever).
func entryWeight(n int) int64 { return min(int64(n)+entryOverhead, entryBudget) }

// acquire waits for n bytes of s; with context.Background it cannot fail.
func acquire(s *semaphore.Weighted, n int64) { _ = s.Acquire(context.Background(), n) }

// gatherTooBig is an input over --tuplehash-max.
type gatherTooBig struct{ max int64 }

func (e gatherTooBig) Error() string {
	return fmt.Sprintf("larger than %d bytes, the most TupleHash holds in memory (--tuplehash-max)", e.max)
}

// errGrewPastBudget: a file grew while TupleHash gathered it, past what
// it reserved, and the budget has no more room now.
var errGrewPastBudget = errors.New("grew while being read, past the memory TupleHash could reserve for it (--tuplehash-max)")
