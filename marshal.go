package keccak

import (
	"crypto/subtle"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/sp800185"
)

// The marshaled form is crypto/sha3's: magic || rate || 200 state bytes ||
// n || direction, then, for cSHAKE (a SHAKE made with N or S, magic
// sha\x0a), encode_string(N) || encode_string(S).
// Legacy Keccak has the same layout with x/crypto/sha3's magic.
// TurboSHAKE, which crypto/sha3 lacks, gets a magic of its own and one more
// byte, D, after the direction.
const (
	magicSHA3       = "sha\x08"
	magicSHAKE      = "sha\x09"
	magicCSHAKE     = "sha\x0a"
	magicKeccak     = "sha\x0b" // x/crypto/sha3's legacy Keccak
	magicTurboSHAKE = "tsh\x0c" // ours: crypto/sha3 has no TurboSHAKE; 0x0c = 12 rounds
	marshaledSize   = 4 + engine.StateSize
)

var (
	errBadState   = engine.ErrBadState
	errWrongMagic = engine.ErrOtherFunction
)

// magicOf is the magic of s's function.
func magicOf(s *engine.Sponge) string {
	switch {
	case s.Rounds() == 12:
		return magicTurboSHAKE
	case s.Domain() == dsSHA3:
		return magicSHA3
	case s.Domain() == dsKeccak:
		return magicKeccak
	case s.Domain() == dsCSHAKE:
		return magicCSHAKE
	default:
		return magicSHAKE
	}
}

// otherFunction is errWrongMagic naming both functions.
func otherFunction(state, hash string) error {
	return fmt.Errorf("%w: a %s state, loaded into %s", errWrongMagic, state, hash)
}

// spongeFamilies names the functions of the sponge magics, less their
// security level.
var spongeFamilies = map[string]string{
	magicSHA3: "SHA3-", magicSHAKE: "SHAKE", magicCSHAKE: "cSHAKE",
	magicKeccak: "Keccak-", magicTurboSHAKE: "TurboSHAKE",
}

// spongeName names the function of a sponge state's magic and rate.
func spongeName(magic string, rate int) string {
	if f, ok := spongeFamilies[magic]; ok {
		return f + strconv.Itoa((200-rate)*4)
	}
	return magicName(magic)
}

// appendSponge appends s's encoding: magic, the sponge's saved form, and
// TurboSHAKE's domain byte.
func appendSponge(b []byte, s *engine.Sponge) []byte {
	b = s.AppendState(append(b, magicOf(s)...))
	if s.Rounds() == 12 {
		b = append(b, s.Domain())
	}
	return b
}

// unmarshalSponge checks b's sponge part fully, then loads it into s and
// returns what follows it. On error s is unchanged.
func unmarshalSponge(s *engine.Sponge, b []byte) (rest []byte, err error) {
	if len(b) < marshaledSize {
		return nil, errBadState
	}
	if string(b[:4]) != magicOf(s) || int(b[4]) != s.Rate() {
		return nil, otherFunction(spongeName(string(b[:4]), int(b[4])), spongeName(magicOf(s), s.Rate()))
	}
	dup := *s
	rest, err = dup.LoadState(b[4:])
	if err != nil {
		return nil, err
	}
	if s.Rounds() == 12 {
		if len(rest) < 1 {
			return nil, errBadState
		}
		if rest[0] != s.Domain() {
			return nil, fmt.Errorf("%w: a TurboSHAKE state with D = %#02x, not %#02x", errWrongMagic, rest[0], s.Domain())
		}
		rest = rest[1:]
	}
	*s = dup
	return rest, nil
}

// MarshalBinary returns the state in crypto/sha3's encoding.
func (d *SHA3) MarshalBinary() ([]byte, error) { return d.AppendBinary(nil) }

// AppendBinary appends the state in crypto/sha3's encoding to b.
func (d *SHA3) AppendBinary(b []byte) ([]byte, error) {
	d.init()
	return appendSponge(b, &d.s), nil
}

// unmarshalWhole is unmarshal for the functions whose encoding is the
// sponge alone: nothing may follow. On error s is unchanged.
func unmarshalWhole(s *engine.Sponge, b []byte) error {
	dup := *s
	rest, err := unmarshalSponge(&dup, b)
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
	return unmarshalWhole(&d.s, b)
}

// MarshalBinary returns the state in x/crypto/sha3's legacy encoding.
func (d *LegacyKeccak) MarshalBinary() ([]byte, error) { return d.AppendBinary(nil) }

// AppendBinary appends the state in x/crypto/sha3's legacy encoding to b.
// It panics on a zero LegacyKeccak.
func (d *LegacyKeccak) AppendBinary(b []byte) ([]byte, error) {
	d.s.Ready()
	return appendSponge(b, &d.s), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary (here or in
// golang.org/x/crypto/sha3) for the same function. Bad input returns an
// error and leaves d unchanged. It panics on a zero LegacyKeccak, which
// has no function to check the state against.
func (d *LegacyKeccak) UnmarshalBinary(b []byte) error {
	d.s.Ready()
	return unmarshalWhole(&d.s, b)
}

// MarshalBinary returns the state; see SHAKE for the encoding.
func (c *SHAKE) MarshalBinary() ([]byte, error) { return c.AppendBinary(nil) }

// AppendBinary appends the state to b; see SHAKE for the encoding.
func (c *SHAKE) AppendBinary(b []byte) ([]byte, error) {
	c.init()
	return append(appendSponge(b, &c.s), c.initBlock...), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary (here, or in
// crypto/sha3 for SHAKE and cSHAKE) for the same function. Bad input returns
// an error and leaves c unchanged.
func (c *SHAKE) UnmarshalBinary(b []byte) error {
	c.init()
	dup := c.s
	rest, err := unmarshalSponge(&dup, b)
	if err != nil {
		return err
	}
	var init []byte
	if c.s.Domain() == dsCSHAKE && c.s.Rounds() == 24 {
		_, tail, ok := sp800185.ParseEncodeString(rest)
		if ok {
			_, tail, ok = sp800185.ParseEncodeString(tail)
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

// The types crypto/sha3 lacks (KT, KMAC, KMACXOF, TupleHash, TupleHashXOF,
// ParallelHash, ParallelHashXOF) have encodings of this package's own,
// each starting with a magic of its type and a version byte:
//
//	magic (4) || version (1, now 1) || binding (32) || the type's fields
//
// binding is the first 32 bytes of SHAKE256(magic || P), P being what the
// hash was made with and the state does not show: the customization
// suffix (KT) or the saved form of the sponge right after the prefix
// (KMAC: N, S and the key; TupleHash: N and S; ParallelHash: N, S and B).
// A state loads only into a hash whose binding is the same, that is one
// made with the same parameters. It is one way: a KMAC state holds no key
// and no keyed start, though, like any keyed sponge mid-message, it is as
// secret as the key (whoever holds it computes tags of every extension of
// the message so far). Integers are big endian; a sponge is its saved
// form (engine.StateSize bytes, as in crypto/sha3 after the magic), a
// leaf stream its own (engine.LeafStream.AppendState).
const (
	magicKT              = "xkKT"
	magicKMAC            = "xkKM"
	magicKMACXOF         = "xkKX"
	magicTupleHash       = "xkTH"
	magicTupleHashXOF    = "xkTX"
	magicParallelHash    = "xkPH"
	magicParallelHashXOF = "xkPX"

	stateVersion = 1
	headerSize   = 4 + 1 + bindingSize
	bindingSize  = 32
)

// binding is SHAKE256(magic || parts...) to bindingSize bytes.
func binding(magic string, parts ...[]byte) (out [bindingSize]byte) {
	s := engine.NewSponge(136, dsSHAKE, 24)
	s.Write([]byte(magic))
	for _, p := range parts {
		s.Write(p)
	}
	s.Read(out[:])
	return out
}

// spongeBinding is the binding of a sponge's saved form (a start state).
func spongeBinding(magic string, s *engine.Sponge) [bindingSize]byte {
	var buf [engine.StateSize]byte
	out := binding(magic, s.AppendState(buf[:0]))
	clear(buf[:]) // KMAC's start is keyed
	return out
}

// appendHeader appends magic, version and binding.
// magicName names the type a magic stands for.
func magicName(magic string) string {
	switch magic {
	case magicKT:
		return "KT"
	case magicKMAC:
		return "KMAC"
	case magicKMACXOF:
		return "KMACXOF"
	case magicTupleHash:
		return "TupleHash"
	case magicTupleHashXOF:
		return "TupleHashXOF"
	case magicParallelHash:
		return "ParallelHash"
	case magicParallelHashXOF:
		return "ParallelHashXOF"
	case magicSHAKEx4:
		return "SHAKEx4"
	}
	if f, ok := spongeFamilies[magic]; ok {
		return strings.TrimSuffix(f, "-")
	}
	return fmt.Sprintf("unknown (magic %q)", magic)
}

func appendHeader(b []byte, magic string, bind *[bindingSize]byte) []byte {
	return append(append(append(b, magic...), stateVersion), bind[:]...)
}

// checkHeader checks b's magic, version and binding, in constant time for
// the binding, and returns what follows them.
func checkHeader(b []byte, magic string, bind *[bindingSize]byte) (rest []byte, err error) {
	if len(b) < 4 {
		return nil, errBadState
	}
	if string(b[:4]) != magic {
		return nil, otherFunction(magicName(string(b[:4])), magicName(magic))
	}
	if len(b) < headerSize || b[4] != stateVersion {
		return nil, errBadState
	}
	if subtle.ConstantTimeCompare(b[5:headerSize], bind[:]) != 1 {
		return nil, fmt.Errorf("%w: a %s state made with other parameters (customization, key, rate or block size)", errWrongMagic, magicName(magic))
	}
	return b[headerSize:], nil
}
