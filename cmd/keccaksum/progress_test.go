package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The line fits the width it is given, dropping the rate, the total, the
// ETA and the percentage in that order and cutting the name from the left.
func TestProgressLineFitsWidth(t *testing.T) {
	now := time.Now()
	tk := &task{name: "some/rather/long/directory/name/and-a-file-called-big.iso", size: 1 << 30, start: now.Add(-2 * time.Second)}
	tk.bytes.Store(1 << 28) // a quarter in 2 s: 134 MB/s, 6 s to go
	full := tk.line(now, 200, "")
	require.Equal(t, "some/rather/long/directory/name/and-a-file-called-big.iso  256.0 MiB / 1.0 GiB   25%  134 MB/s  ETA 0:06", full)
	require.Equal(t, "...nd-a-file-called-big.iso  256.0 MiB / 1.0 GiB   25%  134 MB/s  ETA 0:06 (+2)", tk.line(now, 79, " (+2)"))
	require.Equal(t, "...d-big.iso  256.0 MiB   25%  ETA 0:06", tk.line(now, 39, ""))
	for w := 1; w <= 120; w++ {
		l := tk.line(now, w, " (+3)")
		require.LessOrEqual(t, len(l), w, "%q", l)
		if w >= 40 {
			require.Contains(t, l, "ETA 0:06", "width %d", w)
			require.Contains(t, l, "25%", "width %d", w)
		}
	}
	// No ETA without a size or before the first byte.
	pipe := &task{name: "-", size: -1, start: now.Add(-time.Second)}
	pipe.bytes.Store(5e6)
	require.Equal(t, "-  4.8 MiB  5 MB/s", pipe.line(now, 79, ""))
	empty := &task{name: "f", size: 100, start: now.Add(-time.Second)}
	require.Equal(t, "f  0 B / 100 B    0%  0 MB/s", empty.line(now, 79, ""))
}

func TestFormatETA(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0:00", time.Millisecond: "0:01", 59 * time.Second: "0:59", 61 * time.Second: "1:01",
		3599 * time.Second: "59:59", 3600 * time.Second: "1:00:00", 100*time.Hour + 62*time.Second: "100:01:02",
	} {
		require.Equal(t, want, formatETA(d), "%v", d)
	}
}
