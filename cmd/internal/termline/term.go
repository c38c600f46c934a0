package termline

import (
	"os"

	"golang.org/x/term"
)

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// Width is the width in columns of the terminal f is on, or 0 if f is not
// a terminal or its size is unknown.
func Width(f *os.File) int {
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil || w < 0 {
		return 0
	}
	return w
}
