package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/go-xkcp/keccak/internal/termline"
	"github.com/stretchr/testify/require"
)

// A line that gets shorter (a 4-digit MB/s that drops to 3 digits) is
// padded, and the final wipe covers the widest line drawn, padding included.
func TestProgressWipeCoversWidestLine(t *testing.T) {
	var w bytes.Buffer
	p := &progress{line: termline.New(&w)}
	long := &task{p: p, name: "f", size: 1 << 30, start: time.Now().Add(-time.Millisecond)}
	long.bytes.Store(1 << 29) // ~500000 MB/s: a wide line
	p.tasks = []*task{long}
	p.draw()
	wide := w.Len() - 1 // without the "\r"
	slow := &task{p: p, name: "f", size: 1 << 30, start: time.Now().Add(-time.Hour)}
	slow.bytes.Store(1 << 29) // 0 MB/s: a narrower line
	p.tasks = []*task{slow}
	p.draw()
	p.clear()
	frames := strings.Split(strings.TrimSuffix(w.String(), "\r"), "\r")
	require.Len(t, frames, 4) // "", wide, narrower + padding, wipe
	require.Len(t, frames[1], wide)
	require.Less(t, len(strings.TrimRight(frames[2], " ")), wide)
	require.Len(t, frames[2], wide, "the narrower line is padded over the wide one")
	require.Equal(t, strings.Repeat(" ", wide), frames[3], "the wipe covers the widest line")
}
