package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Issue 33, item 1: a terminal narrowed mid-run. The input is a FIFO the
// test feeds, so the run lasts as long as the test needs. After the
// resize every redraw fits the new width (read again at each redraw) and
// nothing pads it to the old one: a line wider than the terminal wraps,
// and every redraw of it leaves a stale row.
func TestProgressFollowsResize(t *testing.T) {
	dir := t.TempDir()
	name := "a-file-name-long-enough-to-fill-forty-columns"
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, name), 0o644))
	ctl, term, err := openPTY()
	require.NoError(t, err)
	defer ctl.Close()
	require.NoError(t, setColumns(term, 100))
	cmd := ksCommand("--progress", "-a", "turboshake128", name)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, term
	require.NoError(t, cmd.Start())
	term.Close()
	// Should the line never fit, the reads below end when this kills it.
	watchdog := time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
	defer watchdog.Stop()
	fifo, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY, 0) // waits for keccaksum to open it
	require.NoError(t, err)
	defer fifo.Close()

	var drawn []byte
	buf := make([]byte, 4096)
	readUntil := func(done func() bool) {
		t.Helper()
		for !done() {
			n, err := ctl.Read(buf)
			require.NoError(t, err, "drawn so far: %q", drawn)
			drawn = append(drawn, buf[:n]...)
		}
	}
	_, err = fifo.Write(make([]byte, 1<<16))
	require.NoError(t, err)
	readUntil(func() bool { return bytes.Contains(drawn, []byte(name+"  64.0 KiB")) })

	require.NoError(t, setColumns(ctl, 40))
	resized := len(drawn)
	// narrowAt is where the first whole redraw that fits 39 columns starts
	// (-1: none yet); frames before it may predate the resize.
	narrowAt := func() int {
		at := resized
		for _, f := range strings.SplitAfter(string(drawn[resized:]), "\x1b[K") {
			if i := strings.LastIndexByte(f, '\r'); i >= 0 && strings.HasSuffix(f, "\x1b[K") && len(f)-i-1-3 <= 39 {
				return at + i
			}
			at += len(f)
		}
		return -1
	}
	readUntil(func() bool { return narrowAt() >= 0 })
	from := narrowAt()
	_, err = fifo.Write(make([]byte, 1<<16))
	require.NoError(t, err)
	readUntil(func() bool { return bytes.Contains(drawn[from:], []byte("128.0 KiB")) })
	require.NoError(t, fifo.Close())
	rest := make(chan []byte)
	go func() {
		var b bytes.Buffer
		b.ReadFrom(ctl) // ends with EIO when keccaksum exits
		rest <- b.Bytes()
	}()
	require.NoError(t, cmd.Wait())
	drawn = append(drawn, <-rest...)
	require.True(t, strings.HasSuffix(out.String(), "  "+name+"\n"), "stdout: %q", out.String())

	require.True(t, strings.HasSuffix(string(drawn), "\r\x1b[K"), "not cleared: %q", drawn)
	after := frames(t, string(drawn[from:]))
	require.Greater(t, len(after), 2)
	for _, f := range after {
		require.LessOrEqual(t, len(f), 39, "a redraw after the resize to 40 columns: %q", f)
	}
	require.Contains(t, strings.Join(after, "\n"), "128.0 KiB", "the narrow line is still redrawn")
}
