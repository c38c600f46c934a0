package main

import (
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/stretchr/testify/require"
)

// A big input to a tree hash takes every -j token, anything else one, and
// done gives them back.
func TestThreadTokens(t *testing.T) {
	kt, sha := findAlgorithm("kt128"), findAlgorithm("sha3-256")
	r := newReader(nil, 3, newBudget(defaultGatherMax))
	var big, small, other params
	_, doneBig, _ := r.start(kt, &big, 32, parallelMin)
	require.Equal(t, 3, big.threads)
	require.False(t, r.threads.TryAcquire(1), "all three taken")
	doneBig()
	_, doneSmall, _ := r.start(kt, &small, 32, 100)
	_, doneOther, _ := r.start(sha, &other, 32, parallelMin)
	require.Equal(t, 1, small.threads)
	require.Equal(t, 1, other.threads)
	require.True(t, r.threads.TryAcquire(1))
	require.False(t, r.threads.TryAcquire(1))
	r.threads.Release(1)
	doneSmall()
	doneOther()
	require.True(t, r.threads.TryAcquire(3))
}

// A tree hash on several threads reserves what its stream may hold in
// flight besides its read buffer, and one on a single thread does not.
func TestTreeBuffersReserved(t *testing.T) {
	require.GreaterOrEqual(t, treeBuffers, engine.MaxStreamMemory)
	kt := findAlgorithm("kt128")
	r := newReader(nil, 2, newBudget(defaultGatherMax))
	var big, small params
	_, done, _ := r.start(kt, &big, 32, parallelMin)
	require.Equal(t, 2, big.threads)
	require.False(t, r.mem.work.TryAcquire(workBudget-int64(readBlock+32+treeBuffers)+1))
	require.True(t, r.mem.work.TryAcquire(workBudget-int64(readBlock+32+treeBuffers)))
	r.mem.work.Release(workBudget - int64(readBlock+32+treeBuffers))
	done()
	_, done, _ = r.start(kt, &small, 32, 100)
	require.Equal(t, 1, small.threads)
	require.True(t, r.mem.work.TryAcquire(workBudget-int64(bufSize(100)+32)))
	done()
}
