package engine

// Sponge is the duplex-free sponge every mode of the library is built on. It follows
// crypto/sha3's conventions exactly (so marshaled states match byte for byte):
// input bytes are XORed straight into the state, a full block is permuted as
// soon as it is complete, and while squeezing the next permutation is delayed
// until more output is asked for.
type Sponge struct {
	a         [25]uint64
	n         int // absorbing: bytes of the block taken; squeezing: bytes given out
	rate      int // bytes per block
	ds        byte
	rounds    int
	squeezing bool
}

func NewSponge(rate int, ds byte, rounds int) Sponge {
	return Sponge{rate: rate, ds: ds, rounds: rounds}
}

// Reset empties s, keeping its function.
func (s *Sponge) Reset() {
	*s = Sponge{rate: s.rate, ds: s.ds, rounds: s.rounds}
}

// ErrZeroValue is the panic of every type without a usable zero value
// (all but SHA3 and SHAKE): with rate 0 the block loops would never end.
const ErrZeroValue = "keccak: zero value used; make hashes with their New functions"

// Ready panics if s is a zero value's sponge.
func (s *Sponge) Ready() {
	if s.rate == 0 {
		panic(ErrZeroValue)
	}
}

// Write absorbs p. Whole blocks go to the backend in one call.
func (s *Sponge) Write(p []byte) {
	s.Ready()
	if s.squeezing {
		panic("keccak: Write after Read")
	}
	if s.n > 0 {
		k := min(len(p), s.rate-s.n)
		xorIn(&s.a, s.n, p[:k])
		s.n += k
		p = p[k:]
		if s.n < s.rate {
			return
		}
		active.permute(&s.a, s.rounds)
		s.n = 0
	}
	if len(p) >= s.rate {
		p = p[active.absorb(&s.a, s.rate, p, s.rounds):]
	}
	xorIn(&s.a, 0, p)
	s.n = len(p)
}

// pad ends the input: domain byte and pad10*1. The permutation that
// follows waits for the first read, as between later blocks (n = rate means
// "block used up"), so a multi-block read is one backend call. crypto/sha3
// permutes here instead; both libraries resume either state the same way,
// and the two encodings differ only between padding and the first byte read.
func (s *Sponge) pad() {
	xorByte(&s.a, s.n, s.ds)
	xorByte(&s.a, s.rate-1, 0x80)
	s.n = s.rate
	s.squeezing = true
}

// Read squeezes len(out) bytes, padding first if still absorbing.
func (s *Sponge) Read(out []byte) {
	s.Ready()
	if !s.squeezing {
		s.pad()
	}
	k := copyOut(&s.a, s.n, out[:min(len(out), s.rate-s.n)])
	s.n += k
	out = out[k:]
	if full := len(out) - len(out)%s.rate; full > 0 {
		active.squeeze(&s.a, s.rate, out[:full], s.rounds)
		s.n = s.rate
		out = out[full:]
	}
	if len(out) > 0 {
		active.permute(&s.a, s.rounds)
		s.n = copyOut(&s.a, 0, out)
	}
}

// Sum appends len bytes of output to b without changing s.
func (s *Sponge) Sum(b []byte, length int) []byte {
	dup := *s
	b, out := GrowSlice(b, length)
	dup.Read(out)
	return b
}

// GrowSlice extends b by n bytes and returns the result and the new bytes.
func GrowSlice(b []byte, n int) (all, tail []byte) {
	all = append(b, make([]byte, n)...)
	return all, all[len(b):]
}

// Rate is the block size in bytes.
func (s *Sponge) Rate() int { return s.rate }

// Domain is the domain byte the padding starts with.
func (s *Sponge) Domain() byte { return s.ds }

// SetDomain changes the domain byte before the input ends
// (KangarooTwelve's final node takes 0x06 once it is a tree).
func (s *Sponge) SetDomain(ds byte) { s.ds = ds }

// Rounds is the permutation's round count: 24, or 12 for TurboSHAKE.
func (s *Sponge) Rounds() int { return s.rounds }

// Squeezing reports whether the input has ended (output was read).
func (s *Sponge) Squeezing() bool { return s.squeezing }

// Padded is the state once the input is padded, before the permutation
// that starts the output: where C code that permutes and squeezes in one
// call begins. s itself is left as it is.
func (s *Sponge) Padded() [25]uint64 {
	s.Ready()
	if s.squeezing {
		panic("engine: Padded after Read")
	}
	dup := *s
	dup.pad()
	return dup.a
}

// Offset is the position in the current block: bytes taken while
// absorbing, bytes given out while squeezing.
func (s *Sponge) Offset() int { return s.n }
