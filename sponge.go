package keccak

// sponge is the duplex-free sponge every mode here is built on. It follows
// crypto/sha3's conventions exactly (so marshaled states match byte for byte):
// input bytes are XORed straight into the state, a full block is permuted as
// soon as it is complete, and while squeezing the next permutation is delayed
// until more output is asked for.
type sponge struct {
	a         [25]uint64
	n         int // absorbing: bytes of the block taken; squeezing: bytes given out
	rate      int // bytes per block
	ds        byte
	rounds    int
	squeezing bool
}

func newSponge(rate int, ds byte, rounds int) sponge {
	return sponge{rate: rate, ds: ds, rounds: rounds}
}

func (s *sponge) reset() {
	*s = sponge{rate: s.rate, ds: s.ds, rounds: s.rounds}
}

// errZeroValue is the panic of every type without a usable zero value
// (all but SHA3 and SHAKE): with rate 0 the block loops would never end.
const errZeroValue = "keccak: zero value used; make hashes with their New functions"

// ready panics if s is a zero value's sponge.
func (s *sponge) ready() {
	if s.rate == 0 {
		panic(errZeroValue)
	}
}

// write absorbs p. Whole blocks go to the backend in one call.
func (s *sponge) write(p []byte) {
	s.ready()
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
		impl.permute(&s.a, s.rounds)
		s.n = 0
	}
	if len(p) >= s.rate {
		p = p[impl.absorb(&s.a, s.rate, p, s.rounds):]
	}
	xorIn(&s.a, 0, p)
	s.n = len(p)
}

// pad ends the input: domain byte and pad10*1. The permutation that
// follows waits for the first read, as between later blocks (n = rate means
// "block used up"), so a multi-block read is one backend call. crypto/sha3
// permutes here instead; both libraries resume either state the same way,
// and the two encodings differ only between padding and the first byte read.
func (s *sponge) pad() {
	xorByte(&s.a, s.n, s.ds)
	xorByte(&s.a, s.rate-1, 0x80)
	s.n = s.rate
	s.squeezing = true
}

// read squeezes len(out) bytes, padding first if still absorbing.
func (s *sponge) read(out []byte) {
	s.ready()
	if !s.squeezing {
		s.pad()
	}
	k := copyOut(&s.a, s.n, out[:min(len(out), s.rate-s.n)])
	s.n += k
	out = out[k:]
	if full := len(out) - len(out)%s.rate; full > 0 {
		impl.squeeze(&s.a, s.rate, out[:full], s.rounds)
		s.n = s.rate
		out = out[full:]
	}
	if len(out) > 0 {
		impl.permute(&s.a, s.rounds)
		s.n = copyOut(&s.a, 0, out)
	}
}

// sum appends len bytes of output to b without changing s.
func (s *sponge) sum(b []byte, length int) []byte {
	dup := *s
	b, out := growSlice(b, length)
	dup.read(out)
	return b
}

// growSlice extends b by n bytes and returns the result and the new bytes.
func growSlice(b []byte, n int) (all, tail []byte) {
	all = append(b, make([]byte, n)...)
	return all, all[len(b):]
}
