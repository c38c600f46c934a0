package idpf

import (
	"bytes"
	"crypto/subtle"
	"encoding/binary"
	"unsafe"
)

// Cache keeps IDPF tree nodes (a seed and a control bit per visited
// prefix) between Eval calls, so that evaluating level after level, as
// Poplar1's aggregators do, costs one tree step per prefix instead of a
// walk from the root. A node is only valid for the report it came from, so
// a cache binds itself to the first (IDPF, public share, key, aggregator,
// ctx, nonce) it serves and empties itself when used with any other.
//
// A Cache is not safe for concurrent use. It holds secret key material:
// drop it when the report is done.
type Cache struct {
	capacity int             // 0: unbounded
	nodes    map[string]node // unbounded mode, keyed by packed prefix
	ring     []ringEntry     // bounded mode, the most recent capacity nodes
	next     int             // ring slot to overwrite next
	bound    binding
	keybuf   []byte // scratch for map keys
}

// node is the state after evaluating a prefix: the seed for the next level
// and the control bit, and, when hasExt, that seed's extend output already
// computed for the next level (s0 || s1 and t0, t1, before correction).
type node struct {
	seed   [16]byte
	ctrl   uint64
	hasExt bool
	t      [2]uint8
	ext    [32]byte
}

type ringEntry struct {
	bits   int
	packed []byte
	node   node
}

// binding identifies the report a cache's nodes belong to.
type binding struct {
	p          *Idpf
	ps         *PublicShare
	aggID      int
	key        Key
	ctx, nonce []byte
	set        bool
}

func (b *binding) equal(o *binding) bool {
	return b.set && b.p == o.p && b.ps == o.ps && b.aggID == o.aggID &&
		subtle.ConstantTimeCompare(b.key[:], o.key[:]) == 1 &&
		bytes.Equal(b.ctx, o.ctx) && bytes.Equal(b.nonce, o.nonce)
}

// NewCache returns a cache that keeps every node it is given.
func NewCache() *Cache { return &Cache{nodes: map[string]node{}} }

// NewRingCache returns a cache that keeps only the n most recently
// computed nodes (n >= 1), like libprio-rs's RingBufferCache. With n at
// least the number of prefixes per Eval call, level-by-level evaluation
// still does one tree step per prefix.
func NewRingCache(n int) *Cache {
	return &Cache{capacity: max(n, 1), ring: make([]ringEntry, 0, max(n, 1))}
}

// Len returns the number of nodes held.
func (c *Cache) Len() int {
	if c.capacity > 0 {
		return len(c.ring)
	}
	return len(c.nodes)
}

// Clear forgets every node.
func (c *Cache) Clear() {
	clear(c.nodes)
	c.ring = c.ring[:0]
	c.next = 0
	c.bound = binding{}
}

// bind empties c unless it already serves b.
func (c *Cache) bind(b *binding) {
	if c.bound.equal(b) {
		return
	}
	c.Clear()
	c.bound = *b
	c.bound.ctx = append([]byte(nil), b.ctx...)
	c.bound.nonce = append([]byte(nil), b.nonce...)
	c.bound.set = true
}

// packBits packs prefix MSB-first into dst (reused if large enough),
// eight bits at a time: a Go bool is one byte holding 0 or 1, so eight of
// them read as a little-endian uint64 times 0x8040201008040201 have their
// bits gathered, first one highest, in the top byte.
func packBits(dst []byte, prefix []bool) []byte {
	n := len(prefix)
	m := (n + 7) / 8
	if cap(dst) < m {
		dst = make([]byte, m)
	}
	dst = dst[:m]
	if n == 0 {
		return dst
	}
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(prefix))), n)
	for i := range n / 8 {
		x := binary.LittleEndian.Uint64(raw[8*i:8*i+8]) & 0x0101010101010101
		dst[i] = byte(x * 0x8040201008040201 >> 56)
	}
	if rem := n % 8; rem != 0 {
		var acc byte
		for j, b := range raw[n-rem:] {
			acc |= (b & 1) << (7 - j)
		}
		dst[m-1] = acc
	}
	return dst
}

// keyOf is the map key of the first n bits of the packed prefix full: those
// bits with the rest of their last byte cleared, then n in 4 bytes, so that
// different lengths never collide.
func keyOf(dst, full []byte, n int) []byte {
	dst = append(dst[:0], full[:(n+7)/8]...)
	if n%8 != 0 {
		dst[len(dst)-1] &= 0xff << (8 - n%8)
	}
	return append(dst, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
}

// put remembers the node for the first n bits of the packed prefix full.
func (c *Cache) put(full []byte, n int, nd *node) {
	c.keybuf = keyOf(c.keybuf, full, n)
	if c.capacity == 0 {
		c.nodes[string(c.keybuf)] = *nd
		return
	}
	e := ringEntry{bits: n, node: *nd}
	if len(c.ring) < c.capacity {
		e.packed = append([]byte(nil), c.keybuf...)
		c.ring = append(c.ring, e)
		return
	}
	e.packed = append(c.ring[c.next].packed[:0], c.keybuf...)
	c.ring[c.next] = e
	c.next = (c.next + 1) % c.capacity
}

// deepest finds the longest cached prefix of the first maxLen bits of the
// packed prefix full and returns its length (0: none, start from the root)
// and node.
func (c *Cache) deepest(full []byte, maxLen int) (int, node) {
	if c.capacity == 0 {
		for n := maxLen; n > 0; n-- {
			c.keybuf = keyOf(c.keybuf, full, n)
			if nd, ok := c.nodes[string(c.keybuf)]; ok {
				return n, nd
			}
		}
		return 0, node{}
	}
	best, bestNode := 0, node{}
	for i := range c.ring {
		e := &c.ring[i]
		if e.bits <= best || e.bits > maxLen {
			continue
		}
		c.keybuf = keyOf(c.keybuf, full, e.bits)
		if bytes.Equal(c.keybuf, e.packed) {
			best, bestNode = e.bits, e.node
		}
	}
	return best, bestNode
}
