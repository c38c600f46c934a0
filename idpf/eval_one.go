package idpf

// evalOne is Eval for a single prefix, the common case of a walk down the
// tree (Poplar1 with a cache, libprio-rs's idpf_eval): the same tree steps
// as step, without the batch bookkeeping (sorting, sharing parents,
// gathering), which would cost more than the step's own Go work here.
func (e *Evaluator) evalOne(level int, prefix []bool) *Shares {
	p, ps := e.p, e.ps
	raw := boolBytes(prefix)
	nd := node{seed: e.b.key, ctrl: uint64(e.b.aggID)}
	start := 0
	if e.cache != nil {
		e.cache.bind(&e.b)
		if d, cached := e.cache.deepest(raw, level); d > 0 {
			start, nd = d, cached
		}
	}
	v := p.valueLen
	if level < p.bits-1 {
		e.vals64 = grow(e.vals64, v)
	} else {
		e.vals255 = grow(e.vals255, v)
	}
	for l := start; l <= level; l++ {
		if !nd.hasExt {
			e.x.extend(l, nd.seed[:], nd.ext[:], nd.t[:])
		}
		// Correct where the control bit is set, then take the branch.
		c := nd.ctrl
		cw := ps.seeds[16*l : 16*l+16]
		xor16If(nd.ext[0:16], cw, c)
		xor16If(nd.ext[16:32], cw, c)
		t0 := uint64(nd.t[0]) ^ uint64(ps.ctrl[2*l])&c
		t1 := uint64(nd.t[1]) ^ uint64(ps.ctrl[2*l+1])&c
		d := bit(prefix[l])
		var seed [16]byte
		sel16(seed[:], nd.ext[16:32], nd.ext[0:16], d)
		next := node{ctrl: sel(d, t1, t0)}
		// Convert, extending the new node in the same batch if the next
		// level (or, with a cache, the next call) needs it.
		var ext []byte
		if l < level || e.cache != nil {
			ext = next.ext[:]
		}
		next.hasExt = e.x.convert(l, seed[:], next.seed[:], l == level, e.vals64, e.vals255, ext, next.t[:])
		if e.cache != nil && l < p.bits-1 {
			e.cache.put(raw, l+1, &next)
		}
		nd = next
	}
	if e.cache != nil && e.cache.walk {
		if level == p.bits-1 {
			e.cache.keepLast(0, 0)
		} else {
			keys, nodes := e.cache.keepLast(level+1, 1)
			copy(keys, raw)
			nodes[0] = nd
		}
	}
	return e.outputOne(level, nd.ctrl)
}

// outputOne is output for evalOne's single prefix, whose values are in
// e.vals64 or e.vals255 and whose final control bit is ctrl.
func (e *Evaluator) outputOne(level int, ctrl uint64) *Shares {
	p, v := e.p, e.p.valueLen
	neg := e.b.aggID == 1
	if level < p.bits-1 {
		var out *Shares
		var y []Field64
		if v <= 4 {
			sm := new(small64)
			out, y = &sm.s, sm.f[:v]
			out.Inner = sm.vec[:]
		} else {
			out, y = new(Shares), make([]Field64, v)
			out.Inner = make([][]Field64, 1)
		}
		cw := e.ps.inner[level*v : (level+1)*v]
		for k := range v {
			y[k] = e.vals64[k].Add(selectField64(ctrl, cw[k], Field64{}))
			if neg {
				y[k] = y[k].Neg()
			}
		}
		out.Level, out.Inner[0] = level, y
		return out
	}
	var out *Shares
	var y []Field255
	if v <= 4 {
		sm := new(small255)
		out, y = &sm.s, sm.f[:v]
		out.Leaf = sm.vec[:]
	} else {
		out, y = new(Shares), make([]Field255, v)
		out.Leaf = make([][]Field255, 1)
	}
	for k := range v {
		y[k] = e.vals255[k].Add(selectField255(ctrl, e.ps.leaf[k], Field255{}))
		if neg {
			y[k] = y[k].Neg()
		}
	}
	out.Level, out.Leaf[0] = level, y
	return out
}
