package main

import (
	"os"

	"github.com/go-xkcp/keccak/cmd/internal/ptytest"
)

// The pseudo-terminal helpers live in cmd/internal/ptytest, shared with
// cmd/poplar1sim's and termline's tests.

func openPTY() (controller, terminal *os.File, err error) { return ptytest.Open() }

func setColumns(f *os.File, cols int) error { return ptytest.SetColumns(f, cols) }
