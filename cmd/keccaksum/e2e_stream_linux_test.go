package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// lineGen is an endless checksum list cut off after n lines: every line
// is the same. Before line pauseAt it waits for resume (if not nil), so a
// test can see what the reader of the list does before the list ends.
type lineGen struct {
	line    string
	n, done int
	pauseAt int
	resume  <-chan struct{}
	pending string
}

func (g *lineGen) Read(p []byte) (int, error) {
	w := 0
	for w < len(p) {
		if g.pending == "" {
			if g.done == g.n {
				break
			}
			if g.done == g.pauseAt && g.resume != nil {
				if w > 0 {
					return w, nil // deliver what came before the pause first
				}
				select {
				case <-g.resume:
				case <-time.After(20 * time.Second):
					return 0, fmt.Errorf("no output after %d lines of the list", g.done)
				}
				g.resume = nil
			}
			g.pending = g.line
			g.done++
		}
		k := copy(p[w:], g.pending)
		g.pending = g.pending[k:]
		w += k
	}
	if w == 0 {
		return 0, io.EOF
	}
	return w, nil
}

// Regression (issue 19, item 4): -c read the whole list before checking
// any line, so `yes LINE | keccaksum -c` printed nothing and grew without
// bound. Now verdicts appear while the list is still being written, and
// memory does not grow with the list.
func TestCheckStreamsTheList(t *testing.T) {
	dir := checkDir(t, nil)

	// Verdicts before the list ends: the list stops after 1000 lines until
	// the first "a: OK" has been read from keccaksum's stdout.
	const n = 5000
	seen := make(chan struct{})
	cmd := ksCommand("-c", "-j", "2")
	cmd.Dir = dir
	cmd.Stdin = &lineGen{line: line("alpha", "a"), n: n, pauseAt: 1000, resume: seen}
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	sc := bufio.NewScanner(out)
	count := 0
	for sc.Scan() {
		require.Equal(t, "a: OK", sc.Text())
		if count++; count == 1 {
			close(seen)
		}
	}
	require.NoError(t, cmd.Wait(), "stderr: %s", stderr.String())
	require.Equal(t, n, count)
	require.Empty(t, stderr.String())

	// Bounded memory: a list of 100 MB (lines of 4 KB) costs no more
	// than one of 400 KB. Old keccaksum held the whole list.
	long := line("alpha", strings.Repeat("./", 2000)+"a")
	peak := func(lines int) int64 {
		cmd := ksCommand("-c", "--quiet")
		cmd.Dir = dir
		cmd.Stdin = &lineGen{line: long, n: lines}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Run(), "stderr: %.300s", stderr.String())
		return int64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) << 10 // KiB on Linux; int32 on 32-bit ARM
	}
	small, big := peak(100), peak(25000)
	require.Less(t, big-small, int64(32<<20), "peak RSS %d MiB for a 100 MB list, %d MiB for 400 KB", big>>20, small>>20)
}

// A line longer than maxLineLen ends the list with an error, after the
// lines before it were checked.
func TestCheckLineTooLong(t *testing.T) {
	dir := checkDir(t, nil)
	list := line("alpha", "a") + strings.Repeat("0", maxLineLen+1) + "\n" + line("beta", "b")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), []byte(list), 0o644))
	r := runIn(t, dir, nil, "-c", "list")
	require.Equal(t, result{
		stdout: "a: OK\n",
		stderr: fmt.Sprintf("keccaksum: list:2: line longer than %d bytes: not a checksum list\n", maxLineLen),
		code:   1,
	}, r)
	// A line of exactly maxLineLen bytes is read (and is malformed here).
	list = line("alpha", "a") + strings.Repeat("0", maxLineLen) + "\n" + line("beta", "b")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), []byte(list), 0o644))
	r = runIn(t, dir, nil, "-c", "list")
	require.Equal(t, result{
		stdout: "a: OK\nb: OK\n",
		stderr: "keccaksum: WARNING: 1 line is improperly formatted\n",
	}, r)
}
