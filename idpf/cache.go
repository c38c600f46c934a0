package idpf

import (
	"bytes"
	"crypto/subtle"
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
	capacity int             // 0: unbounded or walk
	walk     bool            // walk mode: the last call's nodes only
	nodes    map[string]node // unbounded mode, keyed by the prefix's bool bytes
	lengths  map[int]int     // unbounded mode: how many nodes of each prefix length
	ring     []ringEntry     // bounded mode, the most recent capacity nodes
	next     int             // ring slot to overwrite next
	last     lastCall        // walk mode
	bound    binding
}

// lastCall is a walk cache's content: the nodes of the last Eval call's
// prefixes, all width bits long, sorted, keys[i*width:] the i-th's bool
// bytes.
type lastCall struct {
	width int
	keys  []byte
	nodes []node
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
	prefix []byte // the prefix as bool bytes (0 or 1 each)
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

// NewCache returns a cache that keeps every node it is given. Its memory
// grows with every call and is quadratic in the level: a prefix of L bits
// leaves L nodes behind, keyed by its first 1, 2, ..., L bits. Use it for
// small trees or an access pattern that revisits levels; for a walk down
// the tree, NewWalkCache holds only what the next call needs.
func NewCache() *Cache { return &Cache{nodes: map[string]node{}, lengths: map[int]int{}} }

// NewWalkCache returns a cache that keeps the nodes of the most recent
// Eval call's prefixes only, replacing them with each call: what a walk
// down the tree needs when every call's prefixes extend some of the last
// call's, as Poplar1's aggregation parameters must. Such a call does one
// tree step per prefix for each level below the last call's; any other
// call is still correct, and walks from the root where nothing matches.
//
// After a call with n prefixes at level L (L+1 bits each), the cache holds
// n nodes in at most 2n*(L+1+WalkCacheNodeBytes) bytes (its buffers are
// reused while no more than twice the size needed, else reallocated),
// whatever the earlier calls were; after a call at the leaf level, or with
// no prefixes, it holds none.
func NewWalkCache() *Cache { return &Cache{walk: true} }

// WalkCacheNodeBytes is the size of a walk cache's node besides its key
// (L+1 bytes): its seed, control bit and the next level's extend output.
const WalkCacheNodeBytes = int(unsafe.Sizeof(node{}))

// NewRingCache returns a cache that keeps only the n most recently
// computed nodes (n >= 1), like libprio-rs's RingBufferCache. With n at
// least the number of prefixes per Eval call, level-by-level evaluation
// still does one tree step per prefix.
func NewRingCache(n int) *Cache {
	return &Cache{capacity: max(n, 1), ring: make([]ringEntry, 0, max(n, 1))}
}

// Len returns the number of nodes held.
func (c *Cache) Len() int {
	switch {
	case c.walk:
		return len(c.last.nodes)
	case c.capacity > 0:
		return len(c.ring)
	}
	return len(c.nodes)
}

// Clear forgets every node and releases the memory that held them (a
// cleared Go map keeps its buckets, so the maps are made anew).
func (c *Cache) Clear() {
	if c.nodes != nil {
		c.nodes, c.lengths = map[string]node{}, map[int]int{}
	}
	clear(c.ring[:cap(c.ring)]) // drops the keys' memory and the secrets
	c.ring = c.ring[:0]
	c.next = 0
	c.last = lastCall{}
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

// boolBytes views a prefix as bytes without copying: a Go bool is one
// byte holding 0 or 1, so the view compares, sorts and hashes like the bit
// string (as libprio-rs keys its caches by Vec<bool>). Read only.
func boolBytes(prefix []bool) []byte {
	if len(prefix) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(prefix))), len(prefix))
}

// put remembers the node for the prefix whose first n bits (bool bytes)
// start raw.
func (c *Cache) put(raw []byte, n int, nd *node) {
	if c.walk {
		return // only the call's last level is kept, by keepLast
	}
	if c.capacity == 0 {
		key := string(raw[:n])
		if _, ok := c.nodes[key]; !ok {
			c.lengths[n]++
		}
		c.nodes[key] = *nd
		return
	}
	if len(c.ring) < c.capacity {
		c.ring = append(c.ring, ringEntry{prefix: append([]byte(nil), raw[:n]...), node: *nd})
		return
	}
	e := &c.ring[c.next]
	e.prefix = append(e.prefix[:0], raw[:n]...)
	e.node = *nd
	c.next = (c.next + 1) % c.capacity
}

// deepest finds the longest cached prefix of raw[:maxLen] (bool bytes)
// and returns its length (0: none, start from the root) and node.
func (c *Cache) deepest(raw []byte, maxLen int) (int, node) {
	if c.walk {
		w := c.last.width
		if w == 0 || w > maxLen {
			return 0, node{}
		}
		// Binary search of the sorted keys for raw[:w].
		key := raw[:w]
		lo, hi := 0, len(c.last.nodes)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			switch bytes.Compare(c.last.keys[m*w:m*w+w], key) {
			case 0:
				return w, c.last.nodes[m]
			case -1:
				lo = m + 1
			default:
				hi = m
			}
		}
		return 0, node{}
	}
	if c.capacity == 0 {
		for n := maxLen; n > 0; n-- {
			if c.lengths[n] == 0 {
				continue
			}
			if nd, ok := c.nodes[string(raw[:n])]; ok {
				return n, nd
			}
		}
		return 0, node{}
	}
	best, bestNode := 0, node{}
	for i := range c.ring {
		e := &c.ring[i]
		if n := len(e.prefix); n > best && n <= maxLen && bytes.Equal(e.prefix, raw[:n]) {
			best, bestNode = n, e.node
		}
	}
	return best, bestNode
}

// keepLast makes room in a walk cache for the n nodes of a call's prefixes
// of width bits and returns the key and node buffers for the caller to
// fill in sorted order. Buffers more than twice the size needed are
// dropped, so a wide call's memory does not outlive it; the old nodes
// are overwritten or dropped.
func (c *Cache) keepLast(width, n int) ([]byte, []node) {
	if n == 0 || width == 0 {
		c.last = lastCall{}
		return nil, nil
	}
	c.last.width = width
	c.last.keys = fit(c.last.keys, width*n)
	c.last.nodes = fit(c.last.nodes, n)
	return c.last.keys, c.last.nodes
}

// fit returns s resized to n, reallocating when it is too small or more
// than twice too large.
func fit[T any](s []T, n int) []T {
	if cap(s) < n || cap(s) > 2*n {
		return make([]T, n)
	}
	clear(s[n:cap(s)]) // no stale nodes past the end
	return s[:n]
}
