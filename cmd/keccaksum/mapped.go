package main

import (
	"errors"
	"io"
	"runtime/debug"
)

// errTruncated is the read error of a mapped file whose pages went away:
// someone truncated it after it was mapped.
var errTruncated = errors.New("file truncated while it was read")

// mapped reads a memory-mapped file. Touching a page of the mapping past
// the file's current end raises SIGBUS, which would end the whole run; a
// copy made with debug.SetPanicOnFault turns that fault into a panic that
// Read recovers and returns as errTruncated, and the run goes on with the
// next file. The hashes only ever see the copy: a fault inside a C kernel
// could not be recovered.
type mapped struct {
	data []byte
	off  int
}

func (m *mapped) Read(p []byte) (n int, err error) {
	if m.off >= len(m.data) {
		return 0, io.EOF
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			n, err = 0, errTruncated
		}
	}()
	n = copy(p, m.data[m.off:])
	m.off += n
	return n, nil
}
