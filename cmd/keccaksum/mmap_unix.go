//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f read-only. Read it only through mapped: a
// page past the end of a file truncated since raises SIGBUS.
func mapFile(f *os.File, size int64) (data []byte, unmap func(), err error) {
	if int64(int(size)) != size {
		return nil, nil, syscall.EFBIG
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { _ = syscall.Munmap(data) }, nil
}
