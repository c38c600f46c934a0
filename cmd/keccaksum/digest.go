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
// in memory, within what it reserved of the budget's gathered part (see
// budget.go) and never beyond the cap; over the cap, Write fails. Without
// a reservation (bench, whose inputs are in memory already) it just
// appends.
type wholeDigest struct {
	buf    []byte
	finish func(msg []byte, n int) []byte

	mem      *budget
	reserved int64 // bytes of mem.gathered held, given back by release
}

// reserve takes the input's share of the budget before it is read: its
// size when known (size < 0: unknown, so the whole cap). An input known
// to be over the cap fails at once.
func (d *wholeDigest) reserve(mem *budget, size int64) error {
	d.mem = mem
	if size > mem.gatherMax {
		return gatherTooBig{mem.gatherMax}
	}
	d.reserved = mem.gatherMax
	if size >= 0 {
		d.reserved = size
		d.buf = make([]byte, 0, size)
	}
	acquire(mem.gathered, d.reserved)
	return nil
}

func (d *wholeDigest) release() {
	d.buf = nil
	d.mem.gathered.Release(d.reserved)
	d.reserved = 0
}

func (d *wholeDigest) Write(p []byte) (int, error) {
	if d.mem == nil {
		d.buf = append(d.buf, p...)
		return len(p), nil
	}
	n := int64(len(d.buf)) + int64(len(p))
	if n > d.mem.gatherMax {
		return 0, gatherTooBig{d.mem.gatherMax}
	}
	if n > int64(cap(d.buf)) {
		if n > d.reserved {
			// The file grew after its size was reserved. Waiting for more
			// while holding some could deadlock two such inputs; take
			// what is free now, or fail.
			more := min(max(n, d.reserved+d.reserved/4), d.mem.gatherMax) - d.reserved
			if !d.mem.gathered.TryAcquire(more) {
				return 0, errGrewPastBudget
			}
			d.reserved += more
		}
		// Grow within the reservation, not by append's own rule.
		b := make([]byte, len(d.buf), min(max(2*int64(cap(d.buf)), n), d.reserved))
		copy(b, d.buf)
		d.buf = b
	}
	d.buf = append(d.buf, p...)
	return len(p), nil
}

func (d *wholeDigest) sum(n int) []byte { return d.finish(d.buf, n) }
