package termline

import (
	"bytes"
	"os"
	"testing"
)

func TestLine(t *testing.T) {
	var w bytes.Buffer
	l := New(&w)
	l.Clear() // nothing drawn: writes nothing
	l.Draw("12345")
	l.Draw("abc")
	l.Draw("xy")
	l.Clear()
	l.Clear()
	want := "\r12345" + "\rabc  " + "\rxy   " + "\r     \r"
	if w.String() != want {
		t.Fatalf("got %q, want %q", w.String(), want)
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
