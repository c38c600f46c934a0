package main

import (
	"hash"
	"io"
)

// digest is one running hash as keccaksum sees it: input goes in with
// Write, and sum returns n bytes of output (n is always the fixed size for
// fixed-size algorithms). sum is called once.
type digest interface {
	io.Writer
	sum(n int) []byte
}

// fixedDigest adapts a hash.Hash (SHA3-*).
type fixedDigest struct{ hash.Hash }

func (d fixedDigest) sum(int) []byte { return d.Sum(nil) }

// xofDigest adapts anything with Write and Read (SHAKE, cSHAKE,
// TurboSHAKE, KangarooTwelve): the output is the first n bytes read.
type xofDigest struct{ io.ReadWriter }

func (d xofDigest) sum(n int) []byte { return readN(d.ReadWriter, n) }

// readN reads n bytes from an XOF that never fails.
func readN(r io.Reader, n int) []byte {
	out := make([]byte, n)
	_, _ = io.ReadFull(r, out)
	return out
}

// wholeDigest is for functions that need the whole input at once
// (TupleHash encodes a string's length before its bytes): it is gathered
// in memory.
type wholeDigest struct {
	buf    []byte
	finish func(msg []byte, n int) []byte
}

func (d *wholeDigest) Write(p []byte) (int, error) {
	d.buf = append(d.buf, p...)
	return len(p), nil
}

func (d *wholeDigest) sum(n int) []byte { return d.finish(d.buf, n) }
