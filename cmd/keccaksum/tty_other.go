//go:build !linux

package main

import "os"

// isTerminal reports whether f looks like a terminal. Without an ioctl
// this is a guess: a character device (a terminal, or /dev/null, where a
// progress line does no harm).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
