package fixedkey

// Stream is one XofFixedKeyAes128 output stream: block i is
// the fixed-key hash of seed ^ LE128(i), and the stream is block 0, block 1,
// ... It is a small value with no allocation of its own; copying it forks
// the stream. Reads never fail.
type Stream struct {
	key  *Key
	seed [16]byte
	next uint64   // index of the next block not yet generated
	buf  [16]byte // the last block generated
	used int      // bytes of buf already returned; 16 when buf is spent
}

// Read fills p with the next len(p) bytes of the stream. It implements
// io.Reader and never returns an error.
func (s *Stream) Read(p []byte) (int, error) {
	n := len(p)
	if s.used < 16 {
		c := copy(p, s.buf[s.used:])
		s.used += c
		p = p[c:]
	}
	if whole := len(p) &^ 15; whole > 0 {
		s.key.streamBlocks(p[:whole], s.seed[:], s.next, whole/16)
		s.next += uint64(whole / 16)
		p = p[whole:]
	}
	if len(p) > 0 {
		s.key.streamBlocks(s.buf[:], s.seed[:], s.next, 1)
		s.next++
		s.used = copy(p, s.buf[:])
	}
	return n, nil
}

// FillBlocks fills p, whose length must be a multiple of 16 (it panics
// otherwise), with the next len(p) bytes of the stream: exactly what Read
// would give, but in one batch of whole blocks when the stream is at a
// block boundary, as it is when only whole blocks have been read.
func (s *Stream) FillBlocks(p []byte) {
	if len(p)%16 != 0 {
		panic("xof: Stream.FillBlocks: length not a multiple of 16")
	}
	s.Read(p)
}

// Next returns the next n bytes of the stream in a new slice (the draft's
// next(n)).
func (s *Stream) Next(n int) []byte {
	b := make([]byte, n)
	s.Read(b)
	return b
}
