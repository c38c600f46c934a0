package engine

// The 4-way operations in Go, around the route's 4-way kernel (the AVX2
// or AVX-512 times-4 assembly; the SHA3 times-2, twice), else four
// times-1 permutations; and the tree leaves and batches built on them and
// on the 8-way AVX-512 kernel, as many sponges at a time as the widest
// kernel takes (width). Sponges left over run in a wide call with the last
// one repeated into the spare lanes.

// fourKernel is the 4-way kernel a route runs from Go.
type fourKernel uint8

const (
	fourLoop   fourKernel = iota // the route's times-1 kernel on each state
	fourAVX2                     // keccakP1600x4AVX2, absorb4AVX2
	fourAVX512                   // keccakP1600x4AVX512, absorb4AVX512
	fourSHA3                     // keccakP1600x2SHA3, absorb2SHA3, twice each
)

// permute4 applies the last nr rounds to each of the four states.
func (r *route) permute4(a *[4][25]uint64, nr int) {
	switch {
	case asmX86 && r.four == fourAVX2:
		keccakP1600x4AVX2(a, nr)
	case asmX86 && r.four == fourAVX512:
		keccakP1600x4AVX512(a, nr)
	case asmARM && r.four == fourSHA3:
		keccakP1600x2SHA3((*[2][25]uint64)(a[0:2]), nr)
		keccakP1600x2SHA3((*[2][25]uint64)(a[2:4]), nr)
	default:
		for i := range a {
			r.one.permute(&a[i], nr)
		}
	}
}

// absorb4 is absorbBlocks on four states, each with its slice (all of
// len(p[0]) bytes); it returns the bytes consumed from each.
func (r *route) absorb4(a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	switch {
	case asmX86 && r.four == fourAVX2:
		return absorb4AVX2(a, p, rate, nr)
	case asmX86 && r.four == fourAVX512:
		return absorb4AVX512(a, p, rate, nr)
	case asmARM && r.four == fourSHA3:
		absorb2SHA3((*[2][25]uint64)(a[0:2]), (*[2][]byte)(p[0:2]), rate, nr)
		return absorb2SHA3((*[2][25]uint64)(a[2:4]), (*[2][]byte)(p[2:4]), rate, nr)
	}
	n := 0
	for i := range a {
		n = r.one.absorbBlocks(&a[i], rate, p[i], nr)
	}
	return n
}

// squeeze4 permutes and gives out a block of each state per rate bytes of
// out[i] (all of len(out[0]) bytes).
func (r *route) squeeze4(a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	for done := 0; done < len(out[0]); done += rate {
		r.permute4(a, nr)
		for i := range a {
			copyOut(a[i][:], 0, out[i][done:min(done+rate, len(out[i]))])
		}
	}
}

// width is how many sponges the route's widest kernel takes at once when
// n are left: eight on the 8-way kernel for five or more, four on a 4-way
// one for two or more, else one. The spare lanes of a wide call repeat the
// last sponge: one 4-way permutation costs less than two times-1 ones, one
// 8-way less than a 4-way and a times-1 (BenchmarkPermute8,
// docs/MEASUREMENTS.md).
func (r *route) width(n int) int {
	switch {
	case asmX86 && r.eight && n > 4:
		return 8
	case r.four != fourLoop && n > 1:
		return 4
	}
	return 1
}

// leaves is backend.leaves in Go: as many leaves at a time as the widest
// kernel takes.
func (r *route) leaves(l *LeafSpec, in, cv []byte) {
	var spare [200]byte // the chaining values of spare lanes
	for n := len(in) / l.BlockLen; n > 0; n = len(in) / l.BlockLen {
		w := r.width(n)
		if w == 1 || l.CVLen > l.Rate {
			r.hash(l.Rate, l.DS, in[:l.BlockLen], nil, cv[:l.CVLen], l.Rounds)
			in, cv = in[l.BlockLen:], cv[l.CVLen:]
			continue
		}
		k := min(n, w)
		var p, out [8][]byte
		for i := range w {
			j := min(i, k-1)
			p[i], out[i] = in[j*l.BlockLen:(j+1)*l.BlockLen], spare[:l.CVLen]
			if i < k {
				out[i] = cv[i*l.CVLen : (i+1)*l.CVLen]
			}
		}
		r.spongeN(l.Rate, l.DS, p[:w], out[:w], l.Rounds)
		in, cv = in[k*l.BlockLen:], cv[k*l.CVLen:]
	}
}

// batch is backend.batch in Go, as many messages at a time as the widest
// kernel takes; out must not overlap the messages.
func (r *route) batch(rate int, ds byte, msgs [][]byte, out [][32]byte, nr int) {
	var spare [32]byte // the digests of spare lanes
	for len(msgs) > 0 {
		w := r.width(len(msgs))
		if w == 1 {
			r.hash(rate, ds, msgs[0], nil, out[0][:], nr)
			msgs, out = msgs[1:], out[1:]
			continue
		}
		k := min(len(msgs), w)
		var p, o [8][]byte
		for j := range w {
			p[j], o[j] = msgs[min(j, k-1)], spare[:]
			if j < k {
				o[j] = out[j][:]
			}
		}
		r.spongeN(rate, ds, p[:w], o[:w], nr)
		msgs, out = msgs[k:], out[k:]
	}
}

// spongeN is len(in) (4 or 8) whole sponges on the 4- or 8-way kernel,
// each over its message into its output (at most rate bytes each): the
// blocks all the messages have run through the wide kernel, a longer
// message's other whole blocks through the times-1 one, then one wide
// permutation ends them all.
func (r *route) spongeN(rate int, ds byte, in, out [][]byte, nr int) {
	common := len(in[0])
	for _, m := range in[1:] {
		common = min(common, len(m))
	}
	common -= common % rate
	var st [8][25]uint64
	a := st[:len(in)]
	var p [8][]byte
	for i := range in {
		p[i] = in[i][:common]
	}
	if common > 0 {
		r.absorbN(a, p[:len(in)], rate, nr)
	}
	for i := range a {
		rest := in[i][common:]
		rest = rest[r.one.absorbBlocks(&a[i], rate, rest, nr):]
		xorIn(&a[i], 0, rest)
		padBytes(&a[i], len(rest), rate, ds)
	}
	r.permuteN(a, nr)
	for i := range a {
		copyOut(a[i][:], 0, out[i])
	}
}

// absorbN and permuteN are absorb4 and permute4 on 4 states, or the 8-way
// kernel's on 8.
func (r *route) absorbN(a [][25]uint64, p [][]byte, rate, nr int) {
	if len(a) == 8 {
		absorb8AVX512((*[8][25]uint64)(a), (*[8][]byte)(p), rate, nr)
		return
	}
	r.absorb4((*[4][25]uint64)(a), rate, (*[4][]byte)(p), nr)
}

func (r *route) permuteN(a [][25]uint64, nr int) {
	if len(a) == 8 {
		keccakP1600x8AVX512((*[8][25]uint64)(a), nr)
		return
	}
	r.permute4((*[4][25]uint64)(a), nr)
}
