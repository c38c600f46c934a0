package keccak

// SHAKEx4 runs four SHAKE128 or SHAKE256 instances in lockstep on the 4-way
// kernel: the shape of ML-KEM and ML-DSA matrix sampling. Each Write and Read
// takes one slice per instance, all four of the same length (it panics
// otherwise). As with SHAKE, Write after Read panics.
type SHAKEx4 struct {
	a         [4][25]uint64
	n         int
	rate      int
	squeezing bool
}

// NewSHAKE128x4 returns four SHAKE128 instances in lockstep.
func NewSHAKE128x4() *SHAKEx4 { return &SHAKEx4{rate: 168} }

// NewSHAKE256x4 returns four SHAKE256 instances in lockstep.
func NewSHAKE256x4() *SHAKEx4 { return &SHAKEx4{rate: 136} }

func equalLengths(p *[4][]byte) int {
	n := len(p[0])
	if len(p[1]) != n || len(p[2]) != n || len(p[3]) != n {
		panic("keccak: SHAKEx4 slices must have equal lengths")
	}
	return n
}

// Write absorbs p[i] into instance i.
func (x *SHAKEx4) Write(p [4][]byte) {
	x.ready()
	if x.squeezing {
		panic("keccak: Write after Read")
	}
	n := equalLengths(&p)
	if x.n > 0 {
		k := min(n, x.rate-x.n)
		for i := range p {
			xorIn(&x.a[i], x.n, p[i][:k])
			p[i] = p[i][k:]
		}
		n -= k
		if x.n += k; x.n < x.rate {
			return
		}
		impl.permute4(&x.a, 24)
		x.n = 0
	}
	if n >= x.rate {
		done := impl.absorb4(&x.a, x.rate, &p, 24)
		for i := range p {
			p[i] = p[i][done:]
		}
	}
	for i := range p {
		xorIn(&x.a[i], 0, p[i])
	}
	x.n = len(p[0])
}

// Read squeezes len(out[i]) bytes from instance i.
func (x *SHAKEx4) Read(out [4][]byte) {
	x.ready()
	n := equalLengths(&out)
	if !x.squeezing {
		for i := range x.a {
			xorByte(&x.a[i], x.n, dsSHAKE)
			xorByte(&x.a[i], x.rate-1, 0x80)
		}
		x.n, x.squeezing = x.rate, true // permuted by the read below, as in sponge.pad
	}
	k := min(n, x.rate-x.n)
	for i := range out {
		copyOut(&x.a[i], x.n, out[i][:k])
		out[i] = out[i][k:]
	}
	x.n += k
	n -= k
	if full := n - n%x.rate; full > 0 {
		var blocks [4][]byte
		for i := range out {
			blocks[i], out[i] = out[i][:full], out[i][full:]
		}
		impl.squeeze4(&x.a, x.rate, &blocks, 24)
		x.n = x.rate
		n -= full
	}
	if n > 0 {
		impl.permute4(&x.a, 24)
		for i := range out {
			x.n = copyOut(&x.a[i], 0, out[i])
		}
	}
}

// ready panics if x is a zero value.
func (x *SHAKEx4) ready() {
	if x.rate == 0 {
		panic(errZeroValue)
	}
}

// Reset restores the initial state.
func (x *SHAKEx4) Reset() { *x = SHAKEx4{rate: x.rate} }

// SumSHAKE128x4 returns length bytes of SHAKE128 output for each of the four
// inputs, which must have equal lengths.
func SumSHAKE128x4(in [4][]byte, length int) [4][]byte {
	checkLength(length)
	x := NewSHAKE128x4()
	x.Write(in)
	var out [4][]byte
	buf := make([]byte, 4*length)
	for i := range out {
		out[i] = buf[i*length : (i+1)*length : (i+1)*length]
	}
	x.Read(out)
	return out
}
