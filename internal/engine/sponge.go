package engine

import "slices"

// Sponge is the duplex-free sponge every mode of the library is built on.
// Input bytes are XORed straight into the state, and every permutation
// waits until more input or output needs it: a block that fills is left
// for the next Write or Read to permute (n == rate while absorbing), and
// while squeezing the next block waits for more output to be asked for. So
// each Write, Read and Sum is at most one backend call, whatever it spans.
// Saved states (AppendState) are crypto/sha3's, byte for byte: a pending
// block is permuted in the copy that is saved.
type Sponge struct {
	a [25]uint64
	// n is, while absorbing, the bytes of the current block taken (rate:
	// full, not yet permuted) and while squeezing the bytes of it given out.
	n         int
	rate      int // bytes per block
	ds        byte
	rounds    int
	squeezing bool
}

// NewSponge returns an empty sponge with this rate, domain byte and round
// count.
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

// Write absorbs p: in Go while it fits in the current block (filling it
// at most), else in one backend call.
func (s *Sponge) Write(p []byte) {
	s.Ready()
	if s.squeezing {
		panic("keccak: Write after Read")
	}
	if len(p) <= s.rate-s.n {
		xorIn(&s.a, s.n, p)
		s.n += len(p)
		return
	}
	s.n = active.absorb(&s.a, s.rate, s.n, p, s.rounds)
}

// Read squeezes len(out) bytes, ending the input first if it has not
// ended: in Go while the output stays inside the current block, else in
// one backend call (the first Read always is one: it pads and permutes).
func (s *Sponge) Read(out []byte) {
	s.Ready()
	if !s.squeezing {
		s.n = active.squeeze(&s.a, s.rate, s.n, s.ds, out, s.rounds)
		s.squeezing = true
		return
	}
	if len(out) <= s.rate-s.n {
		s.n += copyOut(s.a[:], s.n, out)
		return
	}
	s.n = active.squeeze(&s.a, s.rate, s.n, 0, out, s.rounds)
}

// Sum appends len bytes of output to b without changing s.
func (s *Sponge) Sum(b []byte, length int) []byte {
	b, out := GrowSlice(b, length)
	if s.squeezing {
		dup := *s
		dup.Read(out)
	} else {
		s.Ready()
		active.digest(&s.a, s.rate, s.n, s.ds, out, s.rounds)
	}
	return b
}

// GrowSlice extends b by n bytes and returns the result and the new bytes,
// which the caller overwrites: they are not cleared (a one-shot into a
// slice with room then costs no more than the hash).
func GrowSlice(b []byte, n int) (all, tail []byte) {
	all = slices.Grow(b, n)[:len(b)+n]
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

// Offset is the position in the current block: bytes taken while
// absorbing, bytes given out while squeezing.
func (s *Sponge) Offset() int { return s.n }
