//go:build !linux

package termline

import "os"

// IsTerminal reports whether f looks like a terminal. Without an ioctl
// this is a guess: a character device (a terminal, or /dev/null, where a
// progress line does no harm).
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
