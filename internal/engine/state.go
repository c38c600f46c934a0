package engine

import (
	"encoding/binary"
	"errors"
)

// StateSize is the length of a sponge's saved form: crypto/sha3's
// marshaled state after its 4-byte magic, rate || 200 state bytes || n ||
// direction (0 absorbing, 1 squeezing). The public types put their magic
// in front and their own fields after.
const StateSize = 1 + 200 + 1 + 1

var (
	ErrBadState      = errors.New("keccak: invalid hash state")
	ErrOtherFunction = errors.New("keccak: hash state is of another function")
)

// AppendState appends s's saved form to b. A full block still to be
// permuted is permuted in the copy saved: crypto/sha3 permutes at once.
func (s *Sponge) AppendState(b []byte) []byte {
	a, n := s.a, s.n
	if !s.squeezing && n == s.rate {
		active.permute(&a, s.rounds)
		n = 0
	}
	b = append(b, byte(s.rate))
	for _, lane := range a {
		b = binary.LittleEndian.AppendUint64(b, lane)
	}
	dir := byte(0)
	if s.squeezing {
		dir = 1
	}
	return append(b, byte(n), dir)
}

// LoadState checks a saved form at the front of b against s's function
// (the rate) and loads it into s, returning what follows it. On error s is
// unchanged.
func (s *Sponge) LoadState(b []byte) (rest []byte, err error) {
	if len(b) < StateSize {
		return nil, ErrBadState
	}
	if int(b[0]) != s.rate {
		return nil, ErrOtherFunction
	}
	n, dir := int(b[201]), b[202]
	switch {
	case dir > 1,
		dir == 0 && n >= s.rate, // crypto/sha3 permutes a full block at once
		dir == 1 && n > s.rate:
		return nil, ErrBadState
	}
	for i := range s.a {
		s.a[i] = binary.LittleEndian.Uint64(b[1+8*i:])
	}
	s.n, s.squeezing = n, dir == 1
	return b[StateSize:], nil
}
