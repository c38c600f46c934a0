package termline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/cmd/internal/ptytest"
)

// On a real terminal New reads the width with TIOCGWINSZ at each redraw:
// narrowed between two redraws, the second fits the new width.
func TestLineOnPTY(t *testing.T) {
	ctl, term, err := ptytest.Open()
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	defer ctl.Close()
	defer term.Close()
	if err := ptytest.SetColumns(term, 60); err != nil {
		t.Fatal(err)
	}
	l := New(term)
	long := strings.Repeat("x", 50)
	l.Draw(long)
	if err := ptytest.SetColumns(ctl, 20); err != nil {
		t.Fatal(err)
	}
	l.Draw(long)
	l.Clear()
	want := "\r" + long + "\x1b[K" + "\r" + long[:19] + "\x1b[K" + "\r\x1b[K"
	got := make([]byte, 0, len(want))
	buf := make([]byte, 256)
	for len(got) < len(want) {
		n, err := ctl.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, buf[:n]...)
	}
	if !bytes.Equal(got, []byte(want)) {
		t.Fatalf("got %q, want %q", got, want)
	}
}
