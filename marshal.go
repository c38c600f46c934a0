package keccak

import (
	"encoding/binary"
	"errors"
)

// The marshaled form is crypto/sha3's: magic || rate || 200 state bytes ||
// n || direction, then (SHAKE only) cSHAKE's encode_string(N)||encode_string(S).
// Legacy Keccak has the same layout with x/crypto/sha3's magic.
// TurboSHAKE, which crypto/sha3 lacks, gets a magic of its own and one more
// byte, D, after the direction.
const (
	magicSHA3       = "sha\x08"
	magicSHAKE      = "sha\x09"
	magicCSHAKE     = "sha\x0a"
	magicKeccak     = "sha\x0b" // x/crypto/sha3's legacy Keccak
	magicTurboSHAKE = "tsh\x0c" // ours: crypto/sha3 has no TurboSHAKE; 0x0c = 12 rounds
	marshaledSize   = 4 + 1 + 200 + 1 + 1
)

var (
	errBadState   = errors.New("keccak: invalid hash state")
	errWrongMagic = errors.New("keccak: hash state is of another function")
)

func (s *sponge) magic() string {
	switch {
	case s.rounds == 12:
		return magicTurboSHAKE
	case s.ds == dsSHA3:
		return magicSHA3
	case s.ds == dsKeccak:
		return magicKeccak
	case s.ds == dsCSHAKE:
		return magicCSHAKE
	default:
		return magicSHAKE
	}
}

func (s *sponge) appendBinary(b []byte) []byte {
	b = append(b, s.magic()...)
	b = append(b, byte(s.rate))
	for _, lane := range s.a {
		b = binary.LittleEndian.AppendUint64(b, lane)
	}
	dir := byte(0)
	if s.squeezing {
		dir = 1
	}
	b = append(b, byte(s.n), dir)
	if s.rounds == 12 {
		b = append(b, s.ds)
	}
	return b
}

// unmarshal checks b fully, then loads it into s and returns what follows
// the sponge's own bytes. On error s is unchanged.
func (s *sponge) unmarshal(b []byte) (rest []byte, err error) {
	size := marshaledSize
	if s.rounds == 12 {
		size++
	}
	if len(b) < size {
		return nil, errBadState
	}
	if string(b[:4]) != s.magic() {
		return nil, errWrongMagic
	}
	if int(b[4]) != s.rate {
		return nil, errWrongMagic
	}
	n, dir := int(b[205]), b[206]
	switch {
	case dir > 1,
		dir == 0 && n >= s.rate, // crypto/sha3 permutes a full block at once
		dir == 1 && n > s.rate:
		return nil, errBadState
	}
	if s.rounds == 12 && b[207] != s.ds {
		return nil, errWrongMagic
	}
	for i := range s.a {
		s.a[i] = binary.LittleEndian.Uint64(b[5+8*i:])
	}
	s.n, s.squeezing = n, dir == 1
	return b[size:], nil
}

// MarshalBinary returns the state in crypto/sha3's encoding.
func (d *SHA3) MarshalBinary() ([]byte, error) { return d.AppendBinary(nil) }

// AppendBinary appends the state in crypto/sha3's encoding to b.
func (d *SHA3) AppendBinary(b []byte) ([]byte, error) {
	d.init()
	return d.s.appendBinary(b), nil
}

// unmarshalWhole is unmarshal for the functions whose encoding is the
// sponge alone: nothing may follow. On error s is unchanged.
func (s *sponge) unmarshalWhole(b []byte) error {
	dup := *s
	rest, err := dup.unmarshal(b)
	if err != nil {
		return err
	}
	if len(rest) != 0 {
		return errBadState
	}
	*s = dup
	return nil
}

// UnmarshalBinary restores a state saved by MarshalBinary (here or in
// crypto/sha3) for the same function. Bad input returns an error and leaves
// d unchanged.
func (d *SHA3) UnmarshalBinary(b []byte) error {
	d.init()
	return d.s.unmarshalWhole(b)
}

// MarshalBinary returns the state in x/crypto/sha3's legacy encoding.
func (d *LegacyKeccak) MarshalBinary() ([]byte, error) { return d.AppendBinary(nil) }

// AppendBinary appends the state in x/crypto/sha3's legacy encoding to b.
// It panics on a zero LegacyKeccak.
func (d *LegacyKeccak) AppendBinary(b []byte) ([]byte, error) {
	d.s.ready()
	return d.s.appendBinary(b), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary (here or in
// golang.org/x/crypto/sha3) for the same function. Bad input returns an
// error and leaves d unchanged. It panics on a zero LegacyKeccak, which
// has no function to check the state against.
func (d *LegacyKeccak) UnmarshalBinary(b []byte) error {
	d.s.ready()
	return d.s.unmarshalWhole(b)
}

// MarshalBinary returns the state; see SHAKE for the encoding.
func (c *SHAKE) MarshalBinary() ([]byte, error) { return c.AppendBinary(nil) }

// AppendBinary appends the state to b; see SHAKE for the encoding.
func (c *SHAKE) AppendBinary(b []byte) ([]byte, error) {
	c.init()
	return append(c.s.appendBinary(b), c.initBlock...), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary (here, or in
// crypto/sha3 for SHAKE and cSHAKE) for the same function. Bad input returns
// an error and leaves c unchanged.
func (c *SHAKE) UnmarshalBinary(b []byte) error {
	c.init()
	dup := c.s
	rest, err := dup.unmarshal(b)
	if err != nil {
		return err
	}
	var init []byte
	if c.s.ds == dsCSHAKE && c.s.rounds == 24 {
		_, tail, ok := parseEncodeString(rest)
		if ok {
			_, tail, ok = parseEncodeString(tail)
		}
		if !ok || len(tail) != 0 {
			return errBadState
		}
		init = append([]byte(nil), rest...)
	} else if len(rest) != 0 {
		return errBadState
	}
	c.s, c.initBlock = dup, init
	return nil
}
