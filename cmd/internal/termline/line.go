// Package termline draws the commands' status lines on a terminal: one
// line, redrawn in place after a carriage return and ended with "erase to
// end of line" (ESC [K), so a shorter line leaves nothing of a longer one
// behind without padding. Each redraw reads the terminal's width and cuts
// the line one column short of it: a line as wide as the terminal, or a
// padding as wide as an earlier, wider terminal, wraps, and every redraw
// of a wrapped line leaves a stale row. It is shared by cmd/keccaksum
// and cmd/poplar1sim.
package termline

import (
	"io"
	"os"
	"unicode/utf8"
)

// DefaultColumns is the width assumed when the terminal gives none (or w
// is not one, e.g. a pipe under --progress).
const DefaultColumns = 80

// eraseEOL is ECMA-48's EL (erase in line) to the end of the line.
const eraseEOL = "\x1b[K"

// Line is a status line on w. The zero value is not usable; make one
// with New or NewSized. Not safe for concurrent use.
type Line struct {
	w       io.Writer
	columns func() int // the terminal's width now; 0 if unknown
	drawn   bool
}

// New returns a line drawn on w, as wide as the terminal w is on at each
// redraw when w is an *os.File.
func New(w io.Writer) *Line {
	var columns func() int
	if f, ok := w.(*os.File); ok {
		columns = func() int { return Width(f) }
	}
	return NewSized(w, columns)
}

// NewSized returns a line drawn on w whose terminal is columns() wide at
// each redraw (nil or 0: DefaultColumns).
func NewSized(w io.Writer, columns func() int) *Line {
	return &Line{w: w, columns: columns}
}

// Width is the most bytes a line may have now: one less than the
// terminal's columns.
func (l *Line) Width() int {
	c := 0
	if l.columns != nil {
		c = l.columns()
	}
	if c <= 0 {
		c = DefaultColumns
	}
	return max(c-1, 0)
}

// Draw replaces the line with s, cut to Width() bytes (on a rune
// boundary).
func (l *Line) Draw(s string) {
	if w := l.Width(); len(s) > w {
		cut := w
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
	}
	io.WriteString(l.w, "\r"+s+eraseEOL)
	l.drawn = true
}

// Clear wipes the line, if one is drawn, and leaves the cursor at the
// start of the row.
func (l *Line) Clear() {
	if l.drawn {
		io.WriteString(l.w, "\r"+eraseEOL)
		l.drawn = false
	}
}
