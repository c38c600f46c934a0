package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

func TestBench(t *testing.T) {
	out := mustRun(t, "", nil, "bench", "--time", "1ms")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Contains(t, lines[0], "backend "+keccak.Backend())
	require.Equal(t, []string{"algorithm", "1", "KiB", "64", "KiB", "16", "MiB"}, strings.Fields(lines[1]))
	require.Len(t, lines, 2+len(algorithms))
	for i, a := range algorithms {
		f := strings.Fields(lines[2+i])
		require.Len(t, f, 4, lines[2+i])
		require.Equal(t, a.name, f[0])
		for _, v := range f[1:] {
			mbs, err := strconv.ParseFloat(v, 64)
			require.NoError(t, err)
			// Only positivity: under -race on a loaded CI machine a cell can
			// fall to about 1 MB/s, so a speed floor here would be a timed test.
			require.Greater(t, mbs, 0.0, "%s: throughput not positive", a.name)
		}
	}

	out = mustRun(t, "", nil, "bench", "-a", "kt128", "-j", "1", "--time=1ms")
	require.Contains(t, out, ", 1 threads,")
	require.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 3)

	// 0 threads is automatic (b3sum's --num-threads 0): every CPU.
	out = mustRun(t, "", nil, "bench", "-a", "sha3-256", "--num-threads", "0", "--time=1ms")
	require.Contains(t, out, fmt.Sprintf(", %d threads,", defaultJobs()))
	out = mustRun(t, "", nil, "bench", "-a", "sha3-256", "-j", "2", "-j", "0", "--time=1ms")
	require.Contains(t, out, fmt.Sprintf(", %d threads,", defaultJobs()))

	// bench has a help of its own, naming its options and not -c's.
	help := mustRun(t, "", nil, "bench", "-h")
	require.True(t, strings.HasPrefix(help, "Usage: keccaksum bench "), help)
	for _, o := range []string{"--algorithm", "--jobs", "--time", "--help"} {
		require.Contains(t, help, o)
	}
	require.NotContains(t, help, "--check")
	require.Equal(t, help, mustRun(t, "", nil, "bench", "--help"))
	require.Equal(t, help, benchUsageText())

	r := runIn(t, "", nil, "bench", "somefile")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "bench takes no file arguments")
	r = runIn(t, "", nil, "bench", "--time", "soon")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "invalid --time 'soon'")
}
