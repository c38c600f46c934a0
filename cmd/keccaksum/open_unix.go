//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"io/fs"
	"os"
	"syscall"
)

// openInput opens a file for reading with one open(2). os.Open would also
// try to register the file with the network poller, which regular files
// refuse: four fcntl(2) and an epoll_ctl(2) per file, measurable on a
// tree of small files.
func openInput(name string) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return os.NewFile(uintptr(fd), name), nil
	}
}
