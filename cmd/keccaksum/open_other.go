//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

import "os"

func openInput(name string) (*os.File, error) { return os.Open(name) }
