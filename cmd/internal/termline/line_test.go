package termline

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestLine(t *testing.T) {
	var w bytes.Buffer
	l := New(&w) // not a file: DefaultColumns
	l.Clear()    // nothing drawn: writes nothing
	l.Draw("12345")
	l.Draw("abc")
	l.Clear()
	l.Clear()
	want := "\r12345\x1b[K" + "\rabc\x1b[K" + "\r\x1b[K"
	if w.String() != want {
		t.Fatalf("got %q, want %q", w.String(), want)
	}
}

// The width is read at every redraw: after the terminal narrows, a line
// is cut one column short of the new width, and nothing pads it to the
// old one (padding wider than the terminal wraps: a stale row per redraw).
func TestLineFollowsWidth(t *testing.T) {
	var w bytes.Buffer
	cols := 60
	l := NewSized(&w, func() int { return cols })
	long := strings.Repeat("x", 50)
	l.Draw(long)
	cols = 20
	l.Draw(long)
	l.Draw("short")
	cols = 0 // unknown: DefaultColumns
	l.Draw(strings.Repeat("y", 100))
	want := "\r" + long + "\x1b[K" + "\r" + long[:19] + "\x1b[K" + "\rshort\x1b[K" + "\r" + strings.Repeat("y", DefaultColumns-1) + "\x1b[K"
	if w.String() != want {
		t.Fatalf("got %q, want %q", w.String(), want)
	}
	// A multi-byte rune is not cut in half.
	w.Reset()
	cols = 4
	l.Draw("ab€")
	if w.String() != "\rab\x1b[K" {
		t.Fatalf("got %q", w.String())
	}
	cols = 1 // no room: an empty line, never a negative cut
	w.Reset()
	l.Draw("abc")
	if w.String() != "\r\x1b[K" {
		t.Fatalf("got %q", w.String())
	}
}

func TestIsTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Error("a regular file is a terminal")
	}
	if w := Width(f); w != 0 {
		t.Errorf("a regular file is %d columns wide", w)
	}
}
