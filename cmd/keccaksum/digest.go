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

func (d xofDigest) sum(n int) []byte {
	out := make([]byte, n)
	// The library's XOFs never return short reads or errors.
	_, _ = io.ReadFull(d.ReadWriter, out)
	return out
}
