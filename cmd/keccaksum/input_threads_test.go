package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A big input to a tree hash takes every -j token, anything else one, and
// done gives them back.
func TestThreadTokens(t *testing.T) {
	kt, sha := findAlgorithm("kt128"), findAlgorithm("sha3-256")
	r := newReader(nil, 3)
	var big, small, other params
	r.start(kt, &big, 32, parallelMin)
	require.Equal(t, 3, big.threads)
	require.False(t, r.threads.TryAcquire(1), "all three taken")
	r.done(&big)
	r.start(kt, &small, 32, 100)
	r.start(sha, &other, 32, parallelMin)
	require.Equal(t, 1, small.threads)
	require.Equal(t, 1, other.threads)
	require.True(t, r.threads.TryAcquire(1))
	require.False(t, r.threads.TryAcquire(1))
	r.threads.Release(1)
	r.done(&small)
	r.done(&other)
	require.True(t, r.threads.TryAcquire(3))
}
