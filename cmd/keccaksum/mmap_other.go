//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

import (
	"errors"
	"os"
)

// mapFile is not available here: files are read instead.
func mapFile(*os.File, int64) ([]byte, func(), error) {
	return nil, nil, errors.ErrUnsupported
}
