package keccak

import (
	"github.com/go-xkcp/keccak/internal/engine"
)

// SHAKEx4's encoding, 833 bytes:
//
//	"xkS4" || version (1, now 1) || instance 0 || ... || instance 3
//
// where each instance is its state in crypto/sha3's SHAKE encoding
// ("sha\x09" || rate || 200 state bytes || n || direction). So instance
// i's 207 bytes load into a SHAKE of the same function (here or in
// crypto/sha3), which continues that stream alone. The four run in
// lockstep: their rates, offsets and directions must agree. There is no
// binding: a SHAKEx4 is made with no parameter the state does not show.
const (
	magicSHAKEx4     = "xkS4"
	shakex4StateSize = 4 + 1 + 4*marshaledSize
)

// MarshalBinary returns the state; see AppendBinary.
func (x *SHAKEx4) MarshalBinary() ([]byte, error) {
	return x.AppendBinary(make([]byte, 0, shakex4StateSize))
}

// AppendBinary appends the state to b, at any point (mid-block, after
// Read), in a versioned encoding of this package's own that holds each
// instance's state in crypto/sha3's SHAKE encoding (marshal_x4.go
// documents it): 833 bytes. It panics on a zero SHAKEx4.
func (x *SHAKEx4) AppendBinary(b []byte) ([]byte, error) {
	x.s.Ready()
	var buf [4 * engine.StateSize]byte
	saved := x.s.AppendState(buf[:0])
	b = append(append(b, magicSHAKEx4...), stateVersion)
	for i := range 4 {
		b = append(append(b, magicSHAKE...), saved[i*engine.StateSize:(i+1)*engine.StateSize]...)
	}
	clear(buf[:]) // a PRF's state is as secret as its seed
	return b, nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a SHAKEx4
// of the same function (SHAKE128x4 or SHAKE256x4). Anything else (another
// type or rate, a truncated, extended or inconsistent state, instances
// out of lockstep) returns an error and leaves x unchanged. It panics on a
// zero SHAKEx4.
func (x *SHAKEx4) UnmarshalBinary(b []byte) error {
	x.s.Ready()
	rate := x.s.Rate()
	if len(b) < 4 {
		return errBadState
	}
	if string(b[:4]) != magicSHAKEx4 {
		return otherFunction(magicName(string(b[:4])), shakex4Name(rate))
	}
	if len(b) != shakex4StateSize || b[4] != stateVersion {
		return errBadState
	}
	var buf [4 * engine.StateSize]byte
	defer clear(buf[:])
	for i := range 4 {
		part := b[5+i*marshaledSize : 5+(i+1)*marshaledSize]
		if string(part[:4]) != magicSHAKE {
			return errBadState
		}
		if int(part[4]) != rate {
			return otherFunction(shakex4Name(int(part[4])), shakex4Name(rate))
		}
		copy(buf[i*engine.StateSize:], part[4:])
	}
	dup := x.s
	if _, err := dup.LoadState(buf[:]); err != nil {
		return err
	}
	x.s = dup
	return nil
}

// shakex4Name names the SHAKEx4 function of a rate.
func shakex4Name(rate int) string { return spongeName(magicSHAKE, rate) + "x4" }
