package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-xkcp/keccak/cmd/internal/termline"
	"github.com/stretchr/testify/require"
)

// runWithTerminalStderr runs keccaksum with stderr on a pseudo-terminal
// (stdout still a pipe) and returns stdout, what reached the terminal and
// the exit status.
func runWithTerminalStderr(t *testing.T, dir string, args ...string) (stdout, terminal string, code int) {
	t.Helper()
	return runWithTerminalOf(t, 0, dir, args...)
}

// runWithTerminalOf is runWithTerminalStderr on a terminal of cols
// columns (0: a size the terminal does not give).
func runWithTerminalOf(t *testing.T, cols int, dir string, args ...string) (stdout, terminal string, code int) {
	t.Helper()
	ctl, term, err := openPTY()
	require.NoError(t, err)
	defer ctl.Close()
	if cols > 0 {
		require.NoError(t, setColumns(term, cols))
	}
	cmd := ksCommand(args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, term
	require.NoError(t, cmd.Start())
	term.Close() // the child holds it now; EOF (EIO) once it exits
	drawn := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(ctl) // ends with EIO when the last writer closes
		drawn <- b
	}()
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out.String(), string(<-drawn), code
}

// frames splits what was drawn into the texts of its redraws: each is
// "\r", the text and erase-to-end-of-line, and holds no newline.
func frames(t *testing.T, drawn string) []string {
	t.Helper()
	require.True(t, strings.HasPrefix(drawn, "\r"), "drawn: %q", drawn)
	var texts []string
	for _, f := range strings.Split(drawn, "\r")[1:] {
		text, ok := strings.CutSuffix(f, "\x1b[K")
		require.True(t, ok, "frame %q does not erase to the end of the line", f)
		require.NotContains(t, text, "\n")
		texts = append(texts, text)
	}
	return texts
}

// requireDrawnAndCleared checks a progress line was drawn for name, every
// redraw fits the default width, and the last thing written wipes it.
func requireDrawnAndCleared(t *testing.T, drawn, name string) {
	t.Helper()
	require.True(t, strings.HasPrefix(drawn, "\r"+name+"  "), "drawn: %q", drawn)
	require.Contains(t, drawn, "MB/s")
	require.True(t, strings.HasSuffix(drawn, "\r\x1b[K"), "not cleared: %q", drawn)
	for _, f := range frames(t, drawn) {
		require.LessOrEqual(t, len(f), termline.DefaultColumns-1)
	}
}

func TestProgressOnTerminal(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"small": []byte("tiny")})
	// A sparse file just over the automatic threshold costs no disk.
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(autoProgressMin+(1<<20)))
	require.NoError(t, f.Close())

	// On a pipe (mustRun wants stderr empty) big inputs draw nothing.
	want := mustRun(t, dir, nil, "-a", "turboshake128", "small", "big")

	stdout, drawn, code := runWithTerminalStderr(t, dir, "-a", "turboshake128", "small", "big")
	require.Equal(t, 0, code)
	require.Equal(t, want, stdout, "progress never reaches stdout")
	requireDrawnAndCleared(t, drawn, "big")
	require.Contains(t, drawn, "/ 257.0 MiB")
	require.Contains(t, drawn, "%")
	require.NotContains(t, drawn, "small", "small inputs get no line")

	// Small inputs only: the terminal stays untouched.
	_, drawn, _ = runWithTerminalStderr(t, dir, "small")
	require.Empty(t, drawn)

	// --no-progress turns the automatic line off.
	stdout, drawn, _ = runWithTerminalStderr(t, dir, "--no-progress", "-a", "turboshake128", "big")
	require.Empty(t, drawn)
	require.Equal(t, want[strings.Index(want, "\n")+1:], stdout)

	// Error messages appear on a clean line.
	_, drawn, code = runWithTerminalStderr(t, dir, "--progress", "small", "missing")
	require.Equal(t, 1, code)
	require.Contains(t, drawn, "\r\x1b[Kkeccaksum: missing: No such file or directory\r\n")
}

// --progress draws for every input, also into a pipe, and also for
// standard input, whose size is unknown.
func TestProgressForced(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"f": make([]byte, 100_000)})
	r := runIn(t, dir, nil, "--progress", "f")
	require.Equal(t, 0, r.code)
	requireDrawnAndCleared(t, r.stderr, "f")
	require.Contains(t, r.stderr, "/ 97.7 KiB")
	require.Contains(t, r.stderr, "%")

	r = runIn(t, dir, make([]byte, 5000), "--progress")
	require.Equal(t, 0, r.code)
	requireDrawnAndCleared(t, r.stderr, "-")
	require.NotContains(t, r.stderr, "%", "no percentage without a size")
}

// Interrupted mid-input, keccaksum wipes the line before it dies.
func TestProgressClearedOnInterrupt(t *testing.T) {
	ctl, term, err := openPTY()
	require.NoError(t, err)
	defer ctl.Close()
	stdinR, stdinW, err := os.Pipe()
	require.NoError(t, err)
	defer stdinW.Close()
	cmd := ksCommand("--progress")
	cmd.Stdin, cmd.Stderr = stdinR, term
	require.NoError(t, cmd.Start())
	stdinR.Close()
	term.Close()
	watchdog := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer watchdog.Stop()
	_, err = stdinW.Write(make([]byte, 1<<16)) // some progress to show
	require.NoError(t, err)

	var drawn []byte
	buf := make([]byte, 4096)
	for !bytes.Contains(drawn, []byte("64.0 KiB")) {
		n, err := ctl.Read(buf)
		require.NoError(t, err, "read so far: %q", drawn)
		drawn = append(drawn, buf[:n]...)
	}
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	rest, _ := io.ReadAll(ctl)
	drawn = append(drawn, rest...)
	err = cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 130, ee.ExitCode())
	requireDrawnAndCleared(t, string(drawn), "-")
}

// The line is one column narrower than the terminal, however narrow
// (issue 21: at a fixed 79 columns a 40-column terminal wrapped every
// redraw), and an ETA shows when the size is known.
func TestProgressFitsTerminalWidth(t *testing.T) {
	dir := t.TempDir()
	name := "a-rather-long-file-name-for-a-narrow-terminal.iso"
	f, err := os.Create(filepath.Join(dir, name))
	require.NoError(t, err)
	require.NoError(t, f.Truncate(autoProgressMin+(1<<20)))
	require.NoError(t, f.Close())
	for _, cols := range []int{40, 200} {
		_, drawn, code := runWithTerminalOf(t, cols, dir, "-a", "sha3-256", name) // ~0.7 s: several redraws
		require.Equal(t, 0, code)
		texts := frames(t, drawn)
		require.Greater(t, len(texts), 2, "drawn: %q", drawn)
		eta := false
		for _, f := range texts {
			require.LessOrEqual(t, len(f), cols-1, "frame %q on %d columns", f, cols)
			if strings.Contains(f, "ETA ") {
				eta = true
			}
			if cols == 200 && f != "" && strings.TrimSpace(f) != "" {
				require.True(t, strings.HasPrefix(f, name+"  "), "whole name on 200 columns: %q", f)
			}
		}
		require.True(t, eta, "no ETA in %q", drawn)
	}
}
