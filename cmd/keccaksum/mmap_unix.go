//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"
	"syscall"
)

// mapFile maps size bytes of f read-only. A file truncated by someone else
// while it is being hashed ends the process with SIGBUS, as with b3sum;
// --no-mmap avoids that.
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
