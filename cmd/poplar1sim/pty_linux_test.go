package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/go-xkcp/keccak/cmd/internal/ptytest"
	"github.com/go-xkcp/keccak/cmd/internal/termline"
)

// drawnFrames reads the controller until until ends what it drew and
// returns the texts of the redraws, each checked to end with erase to end
// of line. A line that never ends so fails the test instead of hanging it
// (the pty is not in Go's poller: no read deadline).
func drawnFrames(t *testing.T, ctl *os.File, until string) []string {
	t.Helper()
	var drawn []byte
	chunks := make(chan []byte)
	go func() {
		buf := make([]byte, 4096)
		var read []byte // stop where the caller stops, leaving the rest
		for !bytes.HasSuffix(read, []byte(until)) {
			n, err := ctl.Read(buf)
			if err != nil {
				close(chunks)
				return
			}
			read = append(read, buf[:n]...)
			chunks <- bytes.Clone(buf[:n])
		}
	}()
	timeout := time.After(5 * time.Second)
	for !bytes.HasSuffix(drawn, []byte(until)) {
		select {
		case b, ok := <-chunks:
			if !ok {
				t.Fatalf("pty closed; drawn so far: %q", drawn)
			}
			drawn = append(drawn, b...)
		case <-timeout:
			t.Fatalf("drawn so far, not ending in %q: %q", until, drawn)
		}
	}
	var texts []string
	for _, f := range strings.Split(string(drawn), "\r")[1:] {
		text, ok := strings.CutSuffix(f, "\x1b[K")
		if !ok || strings.Contains(text, "\n") {
			t.Fatalf("frame %q is not one erased line", f)
		}
		texts = append(texts, text)
	}
	return texts
}

// Issue 33, item 1: the progress line ignored the width ("level 10/10
// 120/120 reports 0.0 s" on 30 columns wraps at every redraw). Narrowed
// between two redraws, the line follows; a whole run on a 30-column
// terminal stays within 29.
func TestProgressFitsNarrowTerminal(t *testing.T) {
	ctl, term, err := ptytest.Open()
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	defer ctl.Close()
	defer term.Close()
	if err := ptytest.SetColumns(term, 80); err != nil {
		t.Fatal(err)
	}
	line := termline.New(term)
	shard, level := progressLines(line, 16, time.Now())
	shard(100, 100)
	if err := ptytest.SetColumns(ctl, 20); err != nil {
		t.Fatal(err)
	}
	level(3, 100, 100)
	line.Clear()
	got := drawnFrames(t, ctl, "\r\x1b[K")
	if len(got) != 3 || !strings.HasPrefix(got[0], "sharding  100/100 reports  ") || got[1] != "level 4/16  100/100" || got[2] != "" {
		t.Fatalf("frames %q", got)
	}

	if err := ptytest.SetColumns(term, 30); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code := run([]string{"-clients", "30", "-bits", "10", "-threshold", "5", "-support", "4", "-progress", "always"}, &out, term, true); code != 0 {
		t.Fatalf("exit %d", code)
	}
	frames := drawnFrames(t, ctl, "\r\x1b[K")
	if len(frames) < 3 {
		t.Fatalf("frames %q", frames)
	}
	for _, f := range frames {
		if len(f) > 29 {
			t.Errorf("frame %q is wider than 29 columns", f)
		}
	}
}
