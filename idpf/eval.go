package idpf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Shares is one aggregator's output of Eval: a VALUE_LEN vector per prefix,
// in the order the prefixes were given. Inner is set for inner levels,
// Leaf for the leaf level.
type Shares struct {
	Level int
	Inner [][]Field64
	Leaf  [][]Field255
}

// Evaluator evaluates one aggregator's key of one report. It derives the
// XOF keys once, so a sequence of Eval calls (level after level, as in
// Poplar1) pays for that once. Not safe for concurrent use.
type Evaluator struct {
	p     *Idpf
	ps    *PublicShare
	b     binding
	x     *levelXofs
	cache *Cache

	// Scratch, reused across calls.
	items                    []evalItem
	ord, lcp                 []int
	pExt, cSeeds, next, cExt []byte
	needSeeds, tmpExt        []byte
	pT, cT, tmpT             []uint8
	pCtrl, cCtrl, cBit       []uint64
	cParent, cRep, needIdx   []int
	vals64                   []Field64
	vals255                  []Field255
}

// evalItem is one requested prefix on its way down the tree.
type evalItem struct {
	raw   []byte // the prefix as bool bytes (a view, not a copy)
	depth int    // levels done: nd is the node of prefix[:depth]
	nd    node
	child int // its node's index in the current level's batch
}

// NewEvaluator prepares evaluation of key (aggregator aggID, 0 or 1) against
// ps for the report bound to ctx and nonce. cache may be nil; if not, it
// keeps tree nodes across Eval calls and Evaluators of the same report.
func (p *Idpf) NewEvaluator(aggID int, ps *PublicShare, key Key, ctx, nonce []byte, cache *Cache) (*Evaluator, error) {
	e := new(Evaluator)
	if err := e.reset(p, aggID, ps, key, ctx, nonce, cache); err != nil {
		return nil, err
	}
	return e, nil
}

// reset points e at a new report, deriving its XOF keys, and keeps e's
// scratch memory.
func (e *Evaluator) reset(p *Idpf, aggID int, ps *PublicShare, key Key, ctx, nonce []byte, cache *Cache) error {
	if aggID != 0 && aggID != 1 {
		return fmt.Errorf("idpf: aggregator id %d, want 0 or 1", aggID)
	}
	if !ps.matches(p) {
		return errors.New("idpf: public share is for other parameters")
	}
	if err := p.checkBinding(ctx, nonce); err != nil {
		return err
	}
	if e.x == nil {
		e.x = new(levelXofs)
	}
	if err := e.x.init(p, ctx, nonce); err != nil {
		return err
	}
	e.p, e.ps, e.cache = p, ps, cache
	e.b = binding{p: p, ps: ps, aggID: aggID, key: key, ctx: ctx, nonce: nonce, set: true}
	return nil
}

// evaluators recycles the Evaluators of Idpf.Eval, so that a call costs
// no scratch allocation.
var evaluators sync.Pool

// Eval returns aggregator aggID's shares of the IDPF's values at level
// (0 .. BITS-1) on each prefix (level+1 bits each, level 0 first, no two
// equal). It derives the XOF keys anew; use an Evaluator to derive them
// once for many calls. cache may be nil.
func (p *Idpf) Eval(aggID int, ps *PublicShare, key Key, level int, prefixes [][]bool, ctx, nonce []byte, cache *Cache) (*Shares, error) {
	e, _ := evaluators.Get().(*Evaluator)
	if e == nil {
		e = new(Evaluator)
	}
	defer func() {
		// Drop references to the caller's data and the secret key and
		// nodes before the Evaluator waits in the pool.
		e.ps, e.cache, e.b = nil, nil, binding{}
		clear(e.items)
		evaluators.Put(e)
	}()
	if err := e.reset(p, aggID, ps, key, ctx, nonce, cache); err != nil {
		return nil, err
	}
	return e.Eval(level, prefixes)
}

// Eval returns the shares at level on each prefix; see Idpf.Eval.
func (e *Evaluator) Eval(level int, prefixes [][]bool) (*Shares, error) {
	p := e.p
	if level < 0 || level >= p.bits {
		return nil, fmt.Errorf("idpf: level %d out of range 0..%d", level, p.bits-1)
	}
	for _, pr := range prefixes {
		if len(pr) != level+1 {
			return nil, fmt.Errorf("idpf: prefix of %d bits at level %d, want %d", len(pr), level, level+1)
		}
	}
	e.shrink(len(prefixes))
	switch len(prefixes) {
	case 0:
		if e.cache != nil {
			e.cache.bind(&e.b)
			e.cache.keepLast(0, 0)
		}
		return &Shares{Level: level}, nil
	case 1:
		return e.evalOne(level, prefixes[0]), nil
	}
	if err := e.prepare(level, prefixes); err != nil {
		clear(e.items)
		return nil, err
	}
	start := level
	for i := range e.items {
		start = min(start, e.items[i].depth)
	}
	for l := start; l <= level; l++ {
		e.step(l, level, prefixes)
	}
	if e.cache != nil && e.cache.walk {
		e.keepLast(level)
	}
	out := e.output(level)
	clear(e.items) // the caller's prefixes and the nodes: not kept past the call
	return out, nil
}

// keepLast hands a walk cache the nodes of this call's prefixes, in
// sorted order (none at the leaf level: nothing extends them).
func (e *Evaluator) keepLast(level int) {
	if level == e.p.bits-1 {
		e.cache.keepLast(0, 0)
		return
	}
	w := level + 1
	keys, nodes := e.cache.keepLast(w, len(e.ord))
	for k, i := range e.ord {
		it := &e.items[i]
		copy(keys[k*w:k*w+w], it.raw)
		nodes[k] = it.nd
	}
}

// shrink drops scratch buffers more than twice (plus a little) the size a
// call with n prefixes needs, so that an Evaluator kept across calls (a
// Poplar1 report's) never holds what an earlier, wider call needed.
func (e *Evaluator) shrink(n int) {
	v := n * e.p.valueLen
	e.items, e.ord, e.lcp = trim(e.items, n), trim(e.ord, n), trim(e.lcp, n)
	e.pExt, e.cExt, e.tmpExt = trim(e.pExt, 32*n), trim(e.cExt, 32*n), trim(e.tmpExt, 32*n)
	e.cSeeds, e.next, e.needSeeds = trim(e.cSeeds, 16*n), trim(e.next, 16*n), trim(e.needSeeds, 16*n)
	e.pT, e.cT, e.tmpT = trim(e.pT, 2*n), trim(e.cT, 2*n), trim(e.tmpT, 2*n)
	e.pCtrl, e.cCtrl, e.cBit = trim(e.pCtrl, n), trim(e.cCtrl, n), trim(e.cBit, n)
	e.cParent, e.cRep, e.needIdx = trim(e.cParent, n), trim(e.cRep, n), trim(e.needIdx, n)
	e.vals64, e.vals255 = trim(e.vals64, v), trim(e.vals255, v)
	e.x.shrink(n)
}

// trim returns nil if s holds more than twice n elements (plus 8), else s.
func trim[T any](s []T, n int) []T {
	if cap(s) > 2*n+8 {
		return nil
	}
	return s
}

// prepare views and sorts the prefixes, rejects duplicates, and starts
// each one from its deepest cached node (never deeper than level-1: the
// values at level come from the last step) or from the root.
func (e *Evaluator) prepare(level int, prefixes [][]bool) error {
	n := len(prefixes)
	e.items = grow(e.items, n)
	e.ord = grow(e.ord, n)
	e.lcp = grow(e.lcp, n)
	if e.cache != nil {
		e.cache.bind(&e.b)
	}
	for i, pr := range prefixes {
		it := &e.items[i]
		it.raw = boolBytes(pr)
		it.depth, it.nd = 0, node{seed: e.b.key, ctrl: uint64(e.b.aggID)}
		if e.cache != nil {
			if d, nd := e.cache.deepest(it.raw, level); d > 0 {
				it.depth, it.nd = d, nd
			}
		}
		e.ord[i] = i
	}
	// Sorted, prefixes that share a parent are neighbours.
	slices.SortFunc(e.ord, func(a, b int) int { return bytes.Compare(e.items[a].raw, e.items[b].raw) })
	for k := 1; k < n; k++ {
		e.lcp[k] = commonPrefixLen(e.items[e.ord[k-1]].raw, e.items[e.ord[k]].raw)
		if e.lcp[k] == level+1 {
			return errors.New("idpf: duplicate prefix")
		}
	}
	return nil
}

// commonPrefixLen is the number of leading bytes a and b (of equal length)
// share, found eight at a time.
func commonPrefixLen(a, b []byte) int {
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < len(a) && a[i] == b[i]; i++ {
	}
	return i
}

// step computes level l's nodes for the prefixes that need them: each
// distinct parent (prefix[:l]) is extended once (unless a previous step
// already did), each distinct node (prefix[:l+1]) converted once, all in
// batches; the convert batch also extends the new nodes for level l+1
// when they will be needed.
func (e *Evaluator) step(l, level int, prefixes [][]bool) {
	np, nc := 0, 0
	e.pExt, e.pT, e.pCtrl = e.pExt[:0], e.pT[:0], e.pCtrl[:0]
	e.needSeeds, e.needIdx = e.needSeeds[:0], e.needIdx[:0]
	e.cBit, e.cParent, e.cRep = e.cBit[:0], e.cParent[:0], e.cRep[:0]
	prev, run := false, 0
	for k, i := range e.ord {
		if k > 0 {
			run = min(run, e.lcp[k])
		}
		it := &e.items[i]
		if it.depth != l {
			continue
		}
		shared := -1 // bits shared with the previous item stepping here
		if prev {
			shared = run
		}
		prev, run = true, l+1
		if shared < l {
			e.pCtrl = append(e.pCtrl, it.nd.ctrl)
			e.pExt = append(e.pExt, it.nd.ext[:]...)
			e.pT = append(e.pT, it.nd.t[0], it.nd.t[1])
			if !it.nd.hasExt {
				e.needSeeds = append(e.needSeeds, it.nd.seed[:]...)
				e.needIdx = append(e.needIdx, np)
			}
			np++
		}
		if shared < l+1 {
			e.cBit = append(e.cBit, bit(prefixes[i][l]))
			e.cParent = append(e.cParent, np-1)
			e.cRep = append(e.cRep, i)
			nc++
		}
		it.child = nc - 1
	}

	// Extend the parents not extended yet.
	if len(e.needIdx) == np {
		e.x.extend(l, e.needSeeds, e.pExt, e.pT)
	} else if len(e.needIdx) > 0 {
		e.tmpExt = grow(e.tmpExt, 32*len(e.needIdx))
		e.tmpT = grow(e.tmpT, 2*len(e.needIdx))
		e.x.extend(l, e.needSeeds, e.tmpExt, e.tmpT)
		for m, j := range e.needIdx {
			copy(e.pExt[32*j:32*j+32], e.tmpExt[32*m:])
			e.pT[2*j], e.pT[2*j+1] = e.tmpT[2*m], e.tmpT[2*m+1]
		}
	}
	// Apply the correction word where the parent's control bit is set.
	ps := e.ps
	cw := ps.seeds[16*l : 16*l+16]
	cwLeft, cwRight := uint64(ps.ctrl[2*l]), uint64(ps.ctrl[2*l+1])
	for j := range np {
		c := e.pCtrl[j]
		xor16If(e.pExt[32*j:32*j+16], cw, c)
		xor16If(e.pExt[32*j+16:32*j+32], cw, c)
		e.pT[2*j] ^= uint8(cwLeft & c)
		e.pT[2*j+1] ^= uint8(cwRight & c)
	}
	// Each node takes its branch of its parent, then is converted.
	e.cSeeds = grow(e.cSeeds, 16*nc)
	e.cCtrl = grow(e.cCtrl, nc)
	for m := range nc {
		j, d := e.cParent[m], e.cBit[m]
		sel16(e.cSeeds[16*m:16*m+16], e.pExt[32*j+16:32*j+32], e.pExt[32*j:32*j+16], d)
		e.cCtrl[m] = sel(d, uint64(e.pT[2*j+1]), uint64(e.pT[2*j]))
	}
	e.next = grow(e.next, 16*nc)
	// Extend the new nodes in the same batch if the next step (or, with a
	// cache, the next call) needs them.
	var ext []byte
	if l < level || e.cache != nil {
		e.cExt = grow(e.cExt, 32*nc)
		e.cT = grow(e.cT, 2*nc)
		ext = e.cExt
	}
	values := l == level
	if values && l < e.p.bits-1 {
		e.vals64 = grow(e.vals64, nc*e.p.valueLen)
	} else if values {
		e.vals255 = grow(e.vals255, nc*e.p.valueLen)
	}
	extended := e.x.convert(l, e.cSeeds, e.next, values, e.vals64, e.vals255, ext, e.cT)
	for _, i := range e.ord {
		it := &e.items[i]
		if it.depth == l {
			m := it.child
			it.nd = node{seed: [16]byte(e.next[16*m:]), ctrl: e.cCtrl[m], hasExt: extended}
			if extended {
				it.nd.ext = [32]byte(e.cExt[32*m:])
				it.nd.t = [2]uint8{e.cT[2*m], e.cT[2*m+1]}
			}
			it.depth = l + 1
		}
	}
	if e.cache != nil && l < e.p.bits-1 {
		for m := range nc {
			rep := &e.items[e.cRep[m]]
			e.cache.put(rep.raw, l+1, &rep.nd)
		}
	}
}

// small64 and small255 hold a whole one-prefix result in one allocation
// (a walk down the tree asks for one prefix per call; see evalOne).
type small64 struct {
	s   Shares
	vec [1][]Field64
	f   [4]Field64
}

type small255 struct {
	s   Shares
	vec [1][]Field255
	f   [4]Field255
}

// output adds the value correction word where the final control bit is
// set, and negates for aggregator 1.
func (e *Evaluator) output(level int) *Shares {
	p, v, n := e.p, e.p.valueLen, len(e.ord)
	var flat64 []Field64
	var flat255 []Field255
	var vec64 [][]Field64
	var vec255 [][]Field255
	out := new(Shares)
	if level < p.bits-1 {
		vec64, flat64 = make([][]Field64, n), make([]Field64, n*v)
	} else {
		vec255, flat255 = make([][]Field255, n), make([]Field255, n*v)
	}
	out.Level = level
	neg := e.b.aggID == 1
	if level < p.bits-1 {
		cw := e.ps.inner[level*v : (level+1)*v]
		for i := range n {
			it := &e.items[i]
			y := flat64[i*v : (i+1)*v]
			for k := range v {
				y[k] = e.vals64[it.child*v+k].Add(selectField64(it.nd.ctrl, cw[k], Field64{}))
				if neg {
					y[k] = y[k].Neg()
				}
			}
			vec64[i] = y
		}
		out.Inner = vec64
		return out
	}
	for i := range n {
		it := &e.items[i]
		y := flat255[i*v : (i+1)*v]
		for k := range v {
			y[k] = e.vals255[it.child*v+k].Add(selectField255(it.nd.ctrl, e.ps.leaf[k], Field255{}))
			if neg {
				y[k] = y[k].Neg()
			}
		}
		vec255[i] = y
	}
	out.Leaf = vec255
	return out
}

// grow returns s resized to n, reallocating only when too small.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
