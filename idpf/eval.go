package idpf

import (
	"bytes"
	"errors"
	"fmt"
	"math/bits"
	"slices"
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
	items                     []evalItem
	packed                    []byte
	ord                       []int
	lcp                       []int
	pSeeds, ext, cSeeds, next []byte
	pCtrl, cCtrl, cBit        []uint64
	t                         []uint8
	cParent, cRep             []int
	vals64                    []Field64
	vals255                   []Field255
}

// evalItem is one requested prefix on its way down the tree.
type evalItem struct {
	packed []byte // the prefix, packed MSB-first
	depth  int    // levels done: the node below is for prefix[:depth]
	seed   [16]byte
	ctrl   uint64
	child  int // its node's index in the current level's batch
}

// NewEvaluator prepares evaluation of key (aggregator aggID, 0 or 1) against
// ps for the report bound to ctx and nonce. cache may be nil; if not, it
// keeps tree nodes across Eval calls and Evaluators of the same report.
func (p *Idpf) NewEvaluator(aggID int, ps *PublicShare, key Key, ctx, nonce []byte, cache *Cache) (*Evaluator, error) {
	if aggID != 0 && aggID != 1 {
		return nil, fmt.Errorf("idpf: aggregator id %d, want 0 or 1", aggID)
	}
	if !ps.matches(p) {
		return nil, errors.New("idpf: public share is for other parameters")
	}
	if err := p.checkBinding(ctx, nonce); err != nil {
		return nil, err
	}
	x, err := p.newXofs(ctx, nonce)
	if err != nil {
		return nil, err
	}
	return &Evaluator{
		p: p, ps: ps, x: x, cache: cache,
		b: binding{p: p, ps: ps, aggID: aggID, key: key, ctx: ctx, nonce: nonce, set: true},
	}, nil
}

// Eval returns aggregator aggID's shares of the IDPF's values at level
// (0 .. BITS-1) on each prefix (level+1 bits each, level 0 first, no two
// equal). It derives the XOF keys anew; use an Evaluator to derive them
// once for many calls. cache may be nil.
func (p *Idpf) Eval(aggID int, ps *PublicShare, key Key, level int, prefixes [][]bool, ctx, nonce []byte, cache *Cache) (*Shares, error) {
	e, err := p.NewEvaluator(aggID, ps, key, ctx, nonce, cache)
	if err != nil {
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
	if err := e.prepare(level, prefixes); err != nil {
		return nil, err
	}
	start := level
	for i := range e.items {
		start = min(start, e.items[i].depth)
	}
	for l := start; l <= level; l++ {
		e.step(l, level, prefixes)
	}
	return e.output(level), nil
}

// prepare packs and sorts the prefixes, rejects duplicates, and starts
// each one from its deepest cached node (never deeper than level-1: the
// values at level come from the last step) or from the root.
func (e *Evaluator) prepare(level int, prefixes [][]bool) error {
	n := len(prefixes)
	width := (level + 1 + 7) / 8
	e.packed = grow(e.packed, n*width)
	e.items = grow(e.items, n)
	e.ord = grow(e.ord, n)
	e.lcp = grow(e.lcp, n)
	if e.cache != nil {
		e.cache.bind(&e.b)
	}
	for i, pr := range prefixes {
		it := &e.items[i]
		it.packed = packBits(e.packed[i*width:i*width], pr)
		it.depth, it.seed, it.ctrl = 0, e.b.key, uint64(e.b.aggID)
		if e.cache != nil {
			if d, nd := e.cache.deepest(it.packed, level); d > 0 {
				it.depth, it.seed, it.ctrl = d, nd.seed, uint64(nd.ctrl)
			}
		}
		e.ord[i] = i
	}
	// Same-length prefixes packed MSB-first sort like their bit strings.
	slices.SortFunc(e.ord, func(a, b int) int { return bytes.Compare(e.items[a].packed, e.items[b].packed) })
	for k := 1; k < n; k++ {
		a, b := e.items[e.ord[k-1]].packed, e.items[e.ord[k]].packed
		e.lcp[k] = commonPrefixBits(a, b, level+1)
		if e.lcp[k] == level+1 {
			return errors.New("idpf: duplicate prefix")
		}
	}
	return nil
}

// commonPrefixBits is the number of leading bits a and b share, at most n.
func commonPrefixBits(a, b []byte, n int) int {
	for i := range a {
		if x := a[i] ^ b[i]; x != 0 {
			return min(8*i+bits.LeadingZeros8(x), n)
		}
	}
	return n
}

// step computes level l's nodes for the prefixes that need them: each
// distinct parent (prefix[:l]) is extended once, each distinct node
// (prefix[:l+1]) converted once, all in batches.
func (e *Evaluator) step(l, level int, prefixes [][]bool) {
	np, nc := 0, 0
	e.pSeeds, e.pCtrl = e.pSeeds[:0], e.pCtrl[:0]
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
			e.pSeeds = append(e.pSeeds, it.seed[:]...)
			e.pCtrl = append(e.pCtrl, it.ctrl)
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

	// Extend the parents and apply the correction word where ctrl is set.
	ps := e.ps
	e.ext = grow(e.ext, 32*np)
	e.t = grow(e.t, 2*np)
	e.x.extend(l, e.pSeeds, e.ext, e.t)
	cw := ps.seeds[16*l : 16*l+16]
	cwLeft, cwRight := uint64(ps.ctrl[2*l]), uint64(ps.ctrl[2*l+1])
	for j := range np {
		c := e.pCtrl[j]
		xor16If(e.ext[32*j:32*j+16], cw, c)
		xor16If(e.ext[32*j+16:32*j+32], cw, c)
		e.t[2*j] ^= uint8(cwLeft & c)
		e.t[2*j+1] ^= uint8(cwRight & c)
	}
	// Each node takes its branch of its parent, then is converted.
	e.cSeeds = grow(e.cSeeds, 16*nc)
	e.cCtrl = grow(e.cCtrl, nc)
	for m := range nc {
		j, d := e.cParent[m], e.cBit[m]
		sel16(e.cSeeds[16*m:16*m+16], e.ext[32*j+16:32*j+32], e.ext[32*j:32*j+16], d)
		e.cCtrl[m] = sel(d, uint64(e.t[2*j+1]), uint64(e.t[2*j]))
	}
	e.next = grow(e.next, 16*nc)
	switch {
	case l < level:
		e.x.convertSeeds(l, e.cSeeds, e.next)
	case l < e.p.bits-1:
		e.vals64 = grow(e.vals64, nc*e.p.valueLen)
		e.x.convertInner(l, e.cSeeds, e.next, e.vals64)
	default:
		e.vals255 = grow(e.vals255, nc*e.p.valueLen)
		e.x.convertLeaf(e.cSeeds, e.next, e.vals255)
	}
	for _, i := range e.ord {
		it := &e.items[i]
		if it.depth == l {
			it.seed = [16]byte(e.next[16*it.child:])
			it.ctrl = e.cCtrl[it.child]
			it.depth = l + 1
		}
	}
	if e.cache != nil && l < e.p.bits-1 {
		for m := range nc {
			nd := node{seed: [16]byte(e.next[16*m:]), ctrl: uint8(e.cCtrl[m])}
			e.cache.put(e.items[e.cRep[m]].packed, l+1, nd)
		}
	}
}

// output adds the value correction word where the final control bit is
// set, and negates for aggregator 1.
func (e *Evaluator) output(level int) *Shares {
	p, v := e.p, e.p.valueLen
	out := &Shares{Level: level}
	n := len(e.items[:len(e.ord)])
	if level < p.bits-1 {
		cw := e.ps.inner[level*v : (level+1)*v]
		flat := make([]Field64, n*v)
		out.Inner = make([][]Field64, n)
		for i := range n {
			it := &e.items[i]
			y := flat[i*v : (i+1)*v]
			for k := range v {
				y[k] = e.vals64[it.child*v+k].Add(selectField64(it.ctrl, cw[k], Field64{}))
				if e.b.aggID == 1 {
					y[k] = y[k].Neg()
				}
			}
			out.Inner[i] = y
		}
		return out
	}
	flat := make([]Field255, n*v)
	out.Leaf = make([][]Field255, n)
	for i := range n {
		it := &e.items[i]
		y := flat[i*v : (i+1)*v]
		for k := range v {
			y[k] = e.vals255[it.child*v+k].Add(selectField255(it.ctrl, e.ps.leaf[k], Field255{}))
			if e.b.aggID == 1 {
				y[k] = y[k].Neg()
			}
		}
		out.Leaf[i] = y
	}
	return out
}

// grow returns s resized to n, reallocating only when too small.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
