package engine

import "encoding/binary"

// A LeafStream's saved form, which the public KT and ParallelHash
// encodings carry after their final node (the public encoding's version
// byte covers it). Integers are big endian:
//
//	B         8 bytes  the block (leaf) length, checked against the stream's
//	leaves    8 bytes  leaves absorbed into the final node so far
//	open      8 bytes  bytes of the open block in the leaf sponge (direct
//	                   streams only; 0 <= open < B)
//	staged    4 bytes  staged bytes (staging streams only)
//	leaf      StateSize bytes, the open block's sponge, present iff open > 0
//	bytes     the staged bytes themselves
//
// The staged bytes are fewer than the largest stage any GOMAXPROCS gives
// (MaxStage rounded up to a whole number of wide batches), so the saved
// form is at most MaxLeafStateSize bytes.
const (
	// LeafStateHeader is the saved form's fixed part.
	LeafStateHeader = 8 + 8 + 8 + 4
	// MaxLeafStateSize bounds a LeafStream's saved form: the header, and
	// either the open block's sponge (direct) or the staged bytes, fewer
	// than MaxStage plus one wide batch of MaxStagedBlock blocks.
	MaxLeafStateSize = LeafStateHeader + MaxStage + leafWidth*MaxStagedBlock
)

// maxStage is the largest stage StageLen gives for blockLen, whatever
// GOMAXPROCS is: MaxStage rounded up to whole wide batches.
func maxStage(blockLen int) int {
	batch := leafWidth * blockLen
	return (MaxStage + batch - 1) / batch * batch
}

// AppendState appends s's saved form to b.
func (s *LeafStream) AppendState(b []byte) []byte {
	s.settled("AppendState")
	b = binary.BigEndian.AppendUint64(b, uint64(s.spec.BlockLen))
	b = binary.BigEndian.AppendUint64(b, s.n)
	b = binary.BigEndian.AppendUint64(b, uint64(s.leafLen))
	b = binary.BigEndian.AppendUint32(b, uint32(len(s.staged)))
	if s.leafLen > 0 {
		b = s.leaf.AppendState(b)
	}
	return append(b, s.staged...)
}

// LoadState checks a saved form at the front of b against s (its block
// length, and whether it stages) and loads it into s, returning what
// follows it. On error s is unchanged. The staged bytes are copied into a
// new buffer no longer than the input, never into s's own, which a shallow
// copy of s may share. A stage saved with more cores than s has is taken
// whole: s's stage grows to the next batch boundary beyond it.
func (s *LeafStream) LoadState(b []byte) (rest []byte, err error) {
	if len(b) < LeafStateHeader {
		return nil, ErrBadState
	}
	B := binary.BigEndian.Uint64(b)
	n := binary.BigEndian.Uint64(b[8:])
	open := binary.BigEndian.Uint64(b[16:])
	staged := uint64(binary.BigEndian.Uint32(b[24:]))
	b = b[LeafStateHeader:]
	if B != uint64(s.spec.BlockLen) {
		return nil, ErrOtherFunction
	}
	switch {
	case open >= B,
		open > 0 && !s.direct, // a staging stream opens a leaf only in Finish
		staged > 0 && s.direct,
		!s.direct && staged >= uint64(maxStage(s.spec.BlockLen)):
		return nil, ErrBadState
	}
	leaf := NewSponge(s.spec.Rate, s.spec.DS, s.spec.Rounds)
	if open > 0 {
		if b, err = leaf.LoadState(b); err != nil {
			return nil, err
		}
		// The open block went in from a fresh sponge, whole blocks permuted
		// at once.
		if leaf.squeezing || uint64(leaf.n) != open%uint64(leaf.rate) {
			return nil, ErrBadState
		}
	}
	if uint64(len(b)) < staged {
		return nil, ErrBadState
	}
	stage := s.stage
	buf := s.staged[:0]
	if staged > 0 {
		if stage == 0 {
			stage = StageLen(s.spec.BlockLen)
		}
		if batch := uint64(leafWidth * s.spec.BlockLen); staged >= uint64(stage) {
			stage = int((staged/batch + 1) * batch)
		}
		buf = append([]byte(nil), b[:staged]...)
	}
	for len(s.pending) > 0 { // what they would add to the final node is replaced too
		s.dropOldest()
	}
	s.leaf, s.leafLen, s.n, s.stage, s.staged = leaf, int(open), n, stage, buf
	return b[staged:], nil
}

// Buffered is the number of message bytes s holds that are not yet
// leaves: staged, or in the open block.
func (s *LeafStream) Buffered() int {
	s.settled("Buffered")
	return len(s.staged) + s.leafLen
}
