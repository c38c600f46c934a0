package engine

// Sponge4 is four sponges of one function in lockstep on the 4-way kernel,
// each Write and Read taking one slice per instance, all of one length
// (the caller checks it). Unlike Sponge, it permutes a block as soon as
// it fills while absorbing; as in Sponge, while squeezing the permutation
// waits for more output to be asked for.
type Sponge4 struct {
	a         [4][25]uint64
	n         int
	rate      int
	ds        byte
	squeezing bool
}

// NewSponge4 returns four zero states of a 24-round sponge.
func NewSponge4(rate int, ds byte) Sponge4 { return Sponge4{rate: rate, ds: ds} }

// Ready panics if x is a zero value's.
func (x *Sponge4) Ready() {
	if x.rate == 0 {
		panic(ErrZeroValue)
	}
}

// Squeezing reports whether the input has ended.
func (x *Sponge4) Squeezing() bool { return x.squeezing }

// Reset empties all four states.
func (x *Sponge4) Reset() { *x = Sponge4{rate: x.rate, ds: x.ds} }

// Write absorbs p[i] into instance i; it must not run after Read.
func (x *Sponge4) Write(p [4][]byte) {
	n := len(p[0])
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
		active.permute4(&x.a, 24)
		x.n = 0
	}
	if n >= x.rate {
		done := active.absorb4(&x.a, x.rate, &p, 24)
		for i := range p {
			p[i] = p[i][done:]
		}
	}
	for i := range p {
		xorIn(&x.a[i], 0, p[i])
	}
	x.n = len(p[0])
}

// Read squeezes len(out[i]) bytes from instance i, padding first if the
// input has not ended.
func (x *Sponge4) Read(out [4][]byte) {
	n := len(out[0])
	if !x.squeezing {
		for i := range x.a {
			padBytes(&x.a[i], x.n, x.rate, x.ds)
		}
		x.n, x.squeezing = x.rate, true // the permutation waits for the read below
	}
	k := min(n, x.rate-x.n)
	for i := range out {
		copyOut(x.a[i][:], x.n, out[i][:k])
		out[i] = out[i][k:]
	}
	x.n += k
	n -= k
	if full := n - n%x.rate; full > 0 {
		var blocks [4][]byte
		for i := range out {
			blocks[i], out[i] = out[i][:full], out[i][full:]
		}
		active.squeeze4(&x.a, x.rate, &blocks, 24)
		x.n = x.rate
		n -= full
	}
	if n > 0 {
		active.permute4(&x.a, 24)
		for i := range out {
			x.n = copyOut(x.a[i][:], 0, out[i])
		}
	}
}

// AppendState appends the saved forms of the four instances, in order:
// each is Sponge's (crypto/sha3's after the magic), so it loads into a
// 24-round Sponge of the same rate.
func (x *Sponge4) AppendState(b []byte) []byte {
	for i := range x.a {
		s := Sponge{a: x.a[i], n: x.n, rate: x.rate, ds: x.ds, rounds: 24, squeezing: x.squeezing}
		b = s.AppendState(b)
	}
	return b
}

// LoadState loads four saved forms from the front of b, as AppendState
// writes them, and returns what follows them. The four must be of x's
// rate and, running in lockstep, at one offset in one direction. On error
// x is unchanged.
func (x *Sponge4) LoadState(b []byte) (rest []byte, err error) {
	y := *x
	for i := range y.a {
		s := Sponge{rate: x.rate, ds: x.ds, rounds: 24}
		if b, err = s.LoadState(b); err != nil {
			return nil, err
		}
		if i > 0 && (s.n != y.n || s.squeezing != y.squeezing) {
			return nil, ErrBadState
		}
		y.a[i], y.n, y.squeezing = s.a, s.n, s.squeezing
	}
	*x = y
	return b, nil
}

// Rate returns the rate in bytes.
func (x *Sponge4) Rate() int { return x.rate }
