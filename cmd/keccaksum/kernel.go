package main

import (
	"strings"

	keccak "github.com/go-xkcp/keccak"
)

// kernelNote is what keccak.Backend() adds in parentheses after the name
// when KECCAK_KERNEL named no backend this build and CPU run (e.g.
// `KECCAK_KERNEL="avx3" ignored: not one of go, c/portable, ...`), and
// the name in use; "" when there is no note. A misspelt kernel would
// otherwise pass for the one asked for.
func kernelNote() (note, name string) {
	b := keccak.Backend()
	name, note, ok := strings.Cut(b, " (")
	if !ok || !strings.HasSuffix(note, ")") {
		return "", b
	}
	return strings.TrimSuffix(note, ")"), name
}

// warnKernel prints the note, if any, as one line on stderr.
func (c *cli) warnKernel() {
	if note, name := kernelNote(); note != "" {
		c.warnf("%s; using %s", note, name)
	}
}
