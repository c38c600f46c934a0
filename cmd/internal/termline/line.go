// Package termline draws the commands' status lines on a terminal: one
// line, redrawn in place after a carriage return and wiped with spaces,
// so no terminal escape codes are needed. It is shared by cmd/keccaksum
// and cmd/poplar1sim.
package termline

import (
	"io"
	"strings"
)

// Line is a status line on w. The zero value is not usable; make one
// with New. Not safe for concurrent use.
type Line struct {
	w     io.Writer
	drawn int // width on screen, padding included; 0 if none
}

// New returns a line drawn on w.
func New(w io.Writer) *Line { return &Line{w: w} }

// Draw replaces the line with s.
func (l *Line) Draw(s string) {
	pad := max(l.drawn-len(s), 0)
	io.WriteString(l.w, "\r"+s+strings.Repeat(" ", pad))
	// The padding is on screen too: the wipe must cover the widest line
	// since the last one, or a column of it (e.g. a 4-digit MB/s) stays.
	l.drawn = len(s) + pad
}

// Clear wipes the line, if one is drawn, and leaves the cursor at the
// start of the row.
func (l *Line) Clear() {
	if l.drawn > 0 {
		io.WriteString(l.w, "\r"+strings.Repeat(" ", l.drawn)+"\r")
		l.drawn = 0
	}
}
