package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

// Issue 29, item 3: TupleHash gathered its input without a cap, so one
// list line naming /dev/zero ran -c out of memory with a goroutine dump.
// Now an input over --tuplehash-max (1 GiB by default) is that input's
// read error.
func TestTupleHashCap(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"at": bytes.Repeat([]byte{1}, 1000), "over": bytes.Repeat([]byte{2}, 1001)})
	sum := keccak.SumTupleHash128([][]byte{bytes.Repeat([]byte{1}, 1000)}, nil, 32)
	want := hex.EncodeToString(sum) + "  at\n"
	require.Equal(t, want, mustRun(t, dir, nil, "-a", "tuplehash128", "--tuplehash-max", "1000", "at"))
	require.Equal(t, want, mustRun(t, dir, bytes.Repeat([]byte{1}, 1000), "-a", "tuplehash128", "--tuplehash-max", "1000", "-")[:64]+"  at\n")

	tooBig := "Larger than 1000 bytes, the most TupleHash holds in memory (--tuplehash-max)"
	r := runIn(t, dir, nil, "-a", "tuplehash128", "--tuplehash-max", "1000", "at", "over")
	require.Equal(t, result{stdout: want, stderr: "keccaksum: over: " + tooBig + "\n", code: exitFailure}, r)
	// Standard input, whose size is not known beforehand.
	r = runIn(t, dir, bytes.Repeat([]byte{3}, 5000), "-a", "tuplehashxof256", "--tuplehash-max", "1000")
	require.Equal(t, result{stderr: "keccaksum: -: " + tooBig + "\n", code: exitFailure}, r)

	// In -c, the line: an endless input fails to read.
	list := []byte("TupleHash128 (/dev/zero) = " + hex.EncodeToString(sum) + "\nTupleHash128 (at) = " + hex.EncodeToString(sum) + "\n")
	r = runIn(t, dir, list, "-c", "--tuplehash-max", "1M")
	require.Equal(t, result{
		stdout: "/dev/zero: FAILED open or read\nat: OK\n",
		stderr: "keccaksum: /dev/zero: Larger than 1048576 bytes, the most TupleHash holds in memory (--tuplehash-max)\n" +
			"keccaksum: WARNING: 1 listed file could not be read\n",
		code: exitFailure,
	}, r)

	for _, bad := range []string{"0", "-1", "x", "1Q", "2T", "9999999999999999999"} {
		r := runIn(t, dir, nil, "-a", "tuplehash128", "--tuplehash-max", bad, "at")
		require.Equal(t, exitUsage, r.code, bad)
		require.Contains(t, r.stderr, "invalid size '"+bad+"' for --tuplehash-max", bad)
	}
}

func TestTupleHashMaxDefault(t *testing.T) {
	c, err := parseConfig([]string{"-a", "tuplehash128"}, false)
	require.NoError(t, err)
	require.EqualValues(t, 1<<30, c.gatherMax)
	for s, n := range map[string]int64{"1": 1, "512": 512, "64K": 64 << 10, "3m": 3 << 20, "1G": 1 << 30, "2GiB": 2 << 30, "1T": 1 << 40} {
		got, ok := parseSize(s)
		require.True(t, ok, s)
		require.Equal(t, n, got, s)
	}
	for _, s := range []string{"", "K", "1KB", "1 K", "1.5G", "+-1"} {
		_, ok := parseSize(s)
		require.False(t, ok, s)
	}
}

// A file that grows while TupleHash gathers it takes more of the budget
// if it is free, and fails if not (waiting could deadlock two of them).
func TestTupleHashGrowth(t *testing.T) {
	mem := newBudget(100)
	var d wholeDigest
	require.NoError(t, d.reserve(mem, 10))
	_, err := d.Write(make([]byte, 30))
	require.NoError(t, err)
	require.Len(t, d.buf, 30)
	require.True(t, mem.gathered.TryAcquire(100-d.reserved), "all the rest")
	_, err = d.Write(make([]byte, 60))
	require.True(t, errors.Is(err, errGrewPastBudget), "%v", err)
	mem.gathered.Release(100 - d.reserved)
	_, err = d.Write(make([]byte, 70))
	require.NoError(t, err)
	_, err = d.Write(make([]byte, 1))
	require.Equal(t, gatherTooBig{100}, err)
	d.release()
	require.True(t, mem.gathered.TryAcquire(100), "all given back")
}
