package keccak

import (
	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/sp800185"
)

// TupleHash is TupleHash128 or TupleHash256 (NIST SP 800-185, section 5)
// with its output length fixed when it is made: a hash of a sequence of
// byte strings in which the boundaries count, so ("ab", "c") and ("a",
// "bc") hash differently. Add appends one whole string to the tuple.
//
// It is not a hash.Hash on purpose: an io.Writer's splits must not matter,
// and here they would.
//
// It marshals between any two elements in a versioned encoding of this
// package's own (248 bytes, marshal_sp800185.go) that loads only into a
// TupleHash with the same customization, rate and length.
type TupleHash struct {
	f      framed
	length int
}

// TupleHashXOF is TupleHashXOF128 or TupleHashXOF256 (NIST SP 800-185,
// section 5.3.1): TupleHash with arbitrary-length output. Add after Read
// panics; Reset reopens. It marshals as TupleHash does (240 bytes), also
// after Read.
type TupleHashXOF struct {
	f framed
}

// NewTupleHash128 returns a TupleHash128 with customization string S
// (not retained) and an output of length bytes. It panics if length is
// negative.
func NewTupleHash128(customization []byte, length int) *TupleHash {
	return newTupleHash(168, customization, length)
}

// NewTupleHash256 returns a TupleHash256; see NewTupleHash128.
func NewTupleHash256(customization []byte, length int) *TupleHash {
	return newTupleHash(136, customization, length)
}

// NewTupleHashXOF128 returns a TupleHashXOF128 with customization S.
func NewTupleHashXOF128(customization []byte) *TupleHashXOF {
	return &TupleHashXOF{f: newFramed(tupleHashName.start(168, customization), 0, true)}
}

// NewTupleHashXOF256 returns a TupleHashXOF256 with customization S.
func NewTupleHashXOF256(customization []byte) *TupleHashXOF {
	return &TupleHashXOF{f: newFramed(tupleHashName.start(136, customization), 0, true)}
}

var tupleHashName = newCSHAKEName("TupleHash")

func newTupleHash(rate int, custom []byte, length int) *TupleHash {
	return &TupleHash{f: newFramed(tupleHashName.start(rate, custom), length, false), length: length}
}

// SumTupleHash128 returns length bytes of TupleHash128 of the tuple with
// customization S. It panics if length is negative.
func SumTupleHash128(tuple [][]byte, customization []byte, length int) []byte {
	return sumTupleHash(newTupleHash(168, customization, length), tuple)
}

// SumTupleHash256 returns length bytes of TupleHash256; see SumTupleHash128.
func SumTupleHash256(tuple [][]byte, customization []byte, length int) []byte {
	return sumTupleHash(newTupleHash(136, customization, length), tuple)
}

func sumTupleHash(t *TupleHash, tuple [][]byte) []byte {
	for _, x := range tuple {
		t.Add(x)
	}
	return t.Sum(make([]byte, 0, t.length))
}

// addElement absorbs encode_string(x), without copying x.
func addElement(s *engine.Sponge, x []byte) {
	var head [9]byte
	s.Write(sp800185.AppendLeftEncode(head[:0], uint64(len(x))*8))
	s.Write(x)
}

// Add appends the string x to the tuple.
func (t *TupleHash) Add(x []byte) { addElement(&t.f.s, x) }

// Sum appends the Size()-byte hash of the tuple so far to b without
// changing the state.
func (t *TupleHash) Sum(b []byte) []byte { return t.f.sum(b, t.length) }

// Reset empties the tuple, keeping the customization and length.
func (t *TupleHash) Reset() { t.f.reset() }

// Size is the output length L in bytes chosen at construction.
func (t *TupleHash) Size() int { return t.length }

// BlockSize is the rate in bytes: 168 for TupleHash128, 136 for
// TupleHash256.
func (t *TupleHash) BlockSize() int { return t.f.s.Rate() }

// Clone returns an independent copy of t.
func (t *TupleHash) Clone() *TupleHash {
	dup := *t
	return &dup
}

// Add appends the string x to the tuple. It panics after Read.
func (t *TupleHashXOF) Add(x []byte) {
	if t.f.s.Squeezing() {
		panic("keccak: TupleHashXOF.Add after Read")
	}
	addElement(&t.f.s, x)
}

// Read squeezes len(p) more bytes of output; the first Read ends the tuple.
// It never returns an error.
func (t *TupleHashXOF) Read(p []byte) (int, error) {
	t.f.read(p)
	return len(p), nil
}

// Reset empties the tuple, keeping the customization.
func (t *TupleHashXOF) Reset() { t.f.reset() }

// BlockSize is the rate in bytes.
func (t *TupleHashXOF) BlockSize() int { return t.f.s.Rate() }

// Clone returns an independent copy of t.
func (t *TupleHashXOF) Clone() *TupleHashXOF {
	dup := *t
	return &dup
}
