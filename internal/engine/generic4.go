package engine

// The 4-way operations in Go, around the route's 4-way kernel (the AVX2
// or AVX-512 times-4 assembly; the SHA3 times-2, twice), else four
// times-1 permutations; and the tree leaves and batches built on them,
// four sponges at a time. Two or three sponges left over
// run as four, the last one repeated into the spare lanes: one 4-way
// permutation costs less than two times-1 ones (BenchmarkPermute4,
// docs/PERFORMANCE.md).

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

// leaves is backend.leaves in Go: four leaves at a time on a 4-way kernel.
func (r *route) leaves(l *LeafSpec, in, cv []byte) {
	if r.four != fourLoop && l.CVLen <= l.Rate {
		var spare [200]byte // the chaining values of padding lanes
		for len(in) >= 2*l.BlockLen {
			n := min(len(in)/l.BlockLen, 4)
			var p, out [4][]byte
			for i := range p {
				j := min(i, n-1)
				p[i], out[i] = in[j*l.BlockLen:(j+1)*l.BlockLen], spare[:l.CVLen]
				if i < n {
					out[i] = cv[i*l.CVLen : (i+1)*l.CVLen]
				}
			}
			r.sponge4(l.Rate, l.DS, &p, &out, l.Rounds)
			in, cv = in[n*l.BlockLen:], cv[n*l.CVLen:]
		}
	}
	for ; len(in) >= l.BlockLen; in, cv = in[l.BlockLen:], cv[l.CVLen:] {
		r.sponge(l.Rate, l.DS, in[:l.BlockLen], nil, cv[:l.CVLen], l.Rounds)
	}
}

// batch is backend.batch in Go, four messages at a time on a 4-way kernel;
// out must not overlap the messages.
func (r *route) batch(rate int, ds byte, msgs [][]byte, out [][32]byte, nr int) {
	i := 0
	if r.four != fourLoop {
		var spare [32]byte // the digests of padding lanes
		for len(msgs)-i >= 2 {
			n := min(len(msgs)-i, 4)
			var p, o [4][]byte
			for j := range p {
				p[j], o[j] = msgs[i+min(j, n-1)], spare[:]
				if j < n {
					o[j] = out[i+j][:]
				}
			}
			r.sponge4(rate, ds, &p, &o, nr)
			i += n
		}
	}
	for ; i < len(msgs); i++ {
		r.sponge(rate, ds, msgs[i], nil, out[i][:], nr)
	}
}

// sponge4 is four whole sponges, each over its message into its output
// (at most rate bytes each): the blocks all four messages have run through
// the 4-way kernel, a longer message's other whole blocks through the
// times-1 one, then one 4-way permutation ends them all.
func (r *route) sponge4(rate int, ds byte, in, out *[4][]byte, nr int) {
	common := min(len(in[0]), len(in[1]), len(in[2]), len(in[3]))
	common -= common % rate
	var a [4][25]uint64
	if common > 0 {
		p := [4][]byte{in[0][:common], in[1][:common], in[2][:common], in[3][:common]}
		r.absorb4(&a, rate, &p, nr)
	}
	for i := range a {
		rest := in[i][common:]
		rest = rest[r.one.absorbBlocks(&a[i], rate, rest, nr):]
		xorIn(&a[i], 0, rest)
		padBytes(&a[i], len(rest), rate, ds)
	}
	r.permute4(&a, nr)
	for i := range a {
		copyOut(a[i][:], 0, out[i])
	}
}
