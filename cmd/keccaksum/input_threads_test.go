package main

import (
	"testing"

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
