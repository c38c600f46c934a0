//go:build cgo && !purego

// Package csrc only carries the bulk modes in C (bulk.h: absorb a buffer,
// squeeze blocks, one-shot hashes, the 4-way operations, tree leaves and
// batches, over the kernels of xkcp/) so that cgo compiles them; the C
// tree builds on its own too (capi/, firmware/). It has no Go API: cgo
// compiles only the C in a package's own folder, so this folder is a Go
// package, and Go code reaches the C through internal/bulk.
package csrc

// #cgo CFLAGS: -O3 -std=c11 -Wall -I${SRCDIR}/../xkcp
// #cgo arm CFLAGS: -mthumb
import "C"

import _ "github.com/go-xkcp/keccak/xkcp" // links the kernels the bulk modes call
