package keccak

import (
	"hash"

	"github.com/go-xkcp/keccak/internal/engine"
)

// KMAC is KMAC128 or KMAC256 (NIST SP 800-185, section 4) with its output
// length L fixed when it is made. It implements hash.Hash: Write absorbs
// message bytes, Sum appends Size() bytes of tag without changing the
// state, Reset goes back to the keyed start (a copy: the key is not
// absorbed again).
//
// Compare tags with crypto/subtle.ConstantTimeCompare or hmac.Equal, never
// with bytes.Equal.
//
// It marshals in a versioned encoding of this package's own (248 bytes,
// marshal_sp800185.go) that loads only into a KMAC with the same key,
// customization, rate and length. The state holds no key, only a one-way
// binding of the keyed start, but keep it as secret as the key.
type KMAC struct {
	f      framed
	length int
}

// KMACXOF is KMACXOF128 or KMACXOF256 (NIST SP 800-185, section 4.3.1):
// KMAC with arbitrary-length output, which does not depend on how much is
// read. It implements hash.XOF; Write after Read panics, Reset reopens. It
// marshals as KMAC does (240 bytes), also after Read.
type KMACXOF struct {
	f framed
}

// NewKMAC128 returns a KMAC128 with key K (any length, including zero, as
// the standard allows; it should have at least 128 bits of entropy),
// customization string S and an output of length bytes. key and
// customization are not retained. It panics if length is negative.
func NewKMAC128(key, customization []byte, length int) *KMAC {
	return newKMAC(168, key, customization, length)
}

// NewKMAC256 returns a KMAC256; see NewKMAC128. The key should have at
// least 256 bits of entropy.
func NewKMAC256(key, customization []byte, length int) *KMAC {
	return newKMAC(136, key, customization, length)
}

// NewKMACXOF128 returns a KMACXOF128 with key K and customization S; see
// NewKMAC128 for the arguments.
func NewKMACXOF128(key, customization []byte) *KMACXOF {
	return &KMACXOF{f: newFramed(kmacStart(168, key, customization), 0, true)}
}

// NewKMACXOF256 returns a KMACXOF256; see NewKMAC256.
func NewKMACXOF256(key, customization []byte) *KMACXOF {
	return &KMACXOF{f: newFramed(kmacStart(136, key, customization), 0, true)}
}

func newKMAC(rate int, key, custom []byte, length int) *KMAC {
	return &KMAC{f: newFramed(kmacStart(rate, key, custom), length, false), length: length}
}

var kmacName = newCSHAKEName("KMAC")

// kmacStart is cSHAKE(N = "KMAC", S) with bytepad(encode_string(K))
// absorbed.
func kmacStart(rate int, key, custom []byte) engine.Sponge {
	s := kmacName.start(rate, custom)
	writeBytepadString(&s, key)
	return s
}

// SumKMAC128 returns the length-byte KMAC128 tag of data under key and
// customization. It panics if length is negative.
func SumKMAC128(key, data, customization []byte, length int) []byte {
	return sumKMAC(168, key, data, customization, length)
}

// SumKMAC256 returns the length-byte KMAC256 tag of data; see SumKMAC128.
func SumKMAC256(key, data, customization []byte, length int) []byte {
	return sumKMAC(136, key, data, customization, length)
}

func sumKMAC(rate int, key, data, custom []byte, length int) []byte {
	end := newOutputLengthCode(length, false)
	s := kmacStart(rate, key, custom)
	s.Write(data)
	s.Write(end.bytes())
	out := make([]byte, length)
	s.Read(out)
	return out
}

// Write absorbs more message bytes. It never returns an error.
func (k *KMAC) Write(p []byte) (int, error) {
	k.f.s.Write(p)
	return len(p), nil
}

// Sum appends the Size()-byte tag to b without changing the state.
func (k *KMAC) Sum(b []byte) []byte { return k.f.sum(b, k.length) }

// Reset restores the keyed initial state.
func (k *KMAC) Reset() { k.f.reset() }

// Size is the output length L in bytes chosen at construction.
func (k *KMAC) Size() int { return k.length }

// BlockSize is the rate in bytes: 168 for KMAC128, 136 for KMAC256.
func (k *KMAC) BlockSize() int { return k.f.s.Rate() }

// Clone returns an independent copy of k, a *KMAC, and a nil error; it
// implements hash.Cloner.
func (k *KMAC) Clone() (hash.Cloner, error) {
	dup := *k
	return &dup, nil
}

// Write absorbs more message bytes. It never returns an error; it panics
// after Read.
func (k *KMACXOF) Write(p []byte) (int, error) {
	k.f.s.Write(p)
	return len(p), nil
}

// Read squeezes len(p) more bytes of output; the first Read ends the
// message. It never returns an error.
func (k *KMACXOF) Read(p []byte) (int, error) {
	k.f.read(p)
	return len(p), nil
}

// Reset restores the keyed initial state.
func (k *KMACXOF) Reset() { k.f.reset() }

// BlockSize is the rate in bytes: 168 for KMACXOF128, 136 for KMACXOF256.
func (k *KMACXOF) BlockSize() int { return k.f.s.Rate() }

// Clone returns an independent copy of k.
func (k *KMACXOF) Clone() *KMACXOF {
	dup := *k
	return &dup
}
