package xof

import (
	"errors"
	"fmt"

	"github.com/go-xkcp/keccak/internal/fixedkey"
)

// XOFFixedKeyAES128SeedSize is the seed size of XOFFixedKeyAES128.
const XOFFixedKeyAES128SeedSize = 16

// FixedKeyAES128Key is the expanded fixed AES-128 key of XofFixedKeyAes128
// for one (dst, binder). Once derived it is only read, so one key may serve
// any number of streams, also from several goroutines. The zero value is
// not a key: set it with Derive or DerivePRG (or use NewFixedKeyAES128Key);
// Stream and Hash panic on a key never set.
type FixedKeyAES128Key struct {
	k   fixedkey.Key
	set bool // Derive or DerivePRG succeeded
}

// Panics of the zero values and of negative lengths.
const (
	errZeroKey    = "xof: zero FixedKeyAES128Key; use NewFixedKeyAES128Key, Derive or DerivePRG"
	errZeroStream = "xof: zero XOFFixedKeyAES128; use NewXOFFixedKeyAES128 or FixedKeyAES128Key.Stream"
)

// negativeLen is the panic of a Next given a negative n, naming the type
// and n.
func negativeLen(typ string, n int) string {
	return fmt.Sprintf("xof: %s.Next(%d): negative output length", typ, n)
}

// NewFixedKeyAES128Key derives the fixed key of draft 20's
// XofFixedKeyAes128: the first 16 bytes of TurboSHAKE128 with D = 2 over
// LE16(len(dst)) || dst || binder. It fails only if dst is longer than
// MaxDSTLen.
func NewFixedKeyAES128Key(dst, binder []byte) (*FixedKeyAES128Key, error) {
	k := new(FixedKeyAES128Key)
	if err := k.Derive(dst, binder); err != nil {
		return nil, err
	}
	return k, nil
}

// Derive sets k to the fixed key for (dst, binder), as NewFixedKeyAES128Key
// does, in k's own memory (with AES-NI it then allocates nothing). Streams
// made from k before must no longer be used.
func (k *FixedKeyAES128Key) Derive(dst, binder []byte) error {
	if err := k.k.Derive(dst, binder); err != nil {
		return err
	}
	k.set = true
	return nil
}

// NewPRGFixedKeyAES128Key derives the fixed key of drafts 05 and 06
// (PrgFixedKeyAes128): the first 16 bytes of cSHAKE128 with function name
// "", customization dst and input binder. The streams it makes are those of
// draft 06.
func NewPRGFixedKeyAES128Key(dst, binder []byte) *FixedKeyAES128Key {
	k := new(FixedKeyAES128Key)
	k.DerivePRG(dst, binder)
	return k
}

// DerivePRG sets k to the draft-06 key for (dst, binder), as
// NewPRGFixedKeyAES128Key does, in k's own memory. Streams made from k
// before must no longer be used.
func (k *FixedKeyAES128Key) DerivePRG(dst, binder []byte) {
	k.k.DerivePrg(dst, binder)
	k.set = true
}

// Stream returns the XOF's output stream for seed: block i is the
// fixed-key hash of seed ^ LE128(i). It costs nothing beyond copying the
// seed: no key derivation, no key schedule, no allocation. It panics if k
// was never set.
func (k *FixedKeyAES128Key) Stream(seed [16]byte) XOFFixedKeyAES128 {
	if !k.set {
		panic(errZeroKey)
	}
	return XOFFixedKeyAES128{s: k.k.Stream(seed), set: true}
}

// Hash sets each 16-byte block of out to the fixed-key hash of the same
// block x of in: AES(key, s(x)) ^ s(x), where s(lo || hi) = hi || (hi ^ lo)
// for the 8-byte halves lo and hi. in and out must have the same length, a
// multiple of 16 (it panics otherwise); they may be the same slice. It
// panics if k was never set.
func (k *FixedKeyAES128Key) Hash(out, in []byte) {
	if !k.set {
		panic(errZeroKey)
	}
	k.k.Hash(out, in)
}

// XOFFixedKeyAES128 is one output stream of the draft's XofFixedKeyAes128
// (or, from a draft-06 key, of PrgFixedKeyAes128): block i is the fixed-key
// hash of seed ^ LE128(i), and the stream is block 0, block 1, ... It is a
// small value with no allocation of its own; copying it forks the stream.
// The zero value is not a stream: Read and Next panic on it.
type XOFFixedKeyAES128 struct {
	s   fixedkey.Stream
	set bool // made by FixedKeyAES128Key.Stream
}

// NewXOFFixedKeyAES128 is the draft's XofFixedKeyAes128 exactly as
// specified: derive the key from (dst, binder), then stream from seed (16
// bytes). It derives a new key on every call; to make many streams for one
// (dst, binder), call NewFixedKeyAES128Key once and then Stream.
func NewXOFFixedKeyAES128(seed, dst, binder []byte) (*XOFFixedKeyAES128, error) {
	if len(seed) != XOFFixedKeyAES128SeedSize {
		return nil, errors.New("xof: XOFFixedKeyAES128 seed must be 16 bytes")
	}
	k, err := NewFixedKeyAES128Key(dst, binder)
	if err != nil {
		return nil, err
	}
	s := k.Stream([16]byte(seed))
	return &s, nil
}

// NewPRGFixedKeyAES128 is draft 06's PrgFixedKeyAes128 as specified: a new
// cSHAKE128-derived key, then the stream for seed (16 bytes).
func NewPRGFixedKeyAES128(seed, dst, binder []byte) (*XOFFixedKeyAES128, error) {
	if len(seed) != XOFFixedKeyAES128SeedSize {
		return nil, errors.New("xof: PRGFixedKeyAES128 seed must be 16 bytes")
	}
	s := NewPRGFixedKeyAES128Key(dst, binder).Stream([16]byte(seed))
	return &s, nil
}

// Read fills p with the next len(p) bytes of the stream. It implements
// io.Reader and never returns an error.
func (x *XOFFixedKeyAES128) Read(p []byte) (int, error) {
	if !x.set {
		panic(errZeroStream)
	}
	return x.s.Read(p)
}

// Next returns the next n bytes of the stream in a new slice (the draft's
// next(n)). It panics if n is negative.
func (x *XOFFixedKeyAES128) Next(n int) []byte {
	if !x.set {
		panic(errZeroStream)
	}
	if n < 0 {
		panic(negativeLen("XOFFixedKeyAES128", n))
	}
	return x.s.Next(n)
}
