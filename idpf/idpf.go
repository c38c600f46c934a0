package idpf

import (
	"errors"
	"fmt"
)

const (
	// KeySize is the size of an IDPF key (the root seed) in bytes.
	KeySize = 16
	// RandSize is the number of random bytes Gen consumes.
	RandSize = 32
	// NonceSize is the nonce size of the draft-20 IDPF. (The draft-06 one
	// binds a nonce of any length.)
	NonceSize = 16
	// Version is the document VERSION byte of drafts 18 to 20, which goes
	// into every domain separation tag.
	Version = 18
	// maxCtxLen keeps dst = 8 bytes || ctx within the XOFs' 65535 bytes.
	maxCtxLen = 65535 - 8
)

// Key is one aggregator's IDPF key.
type Key [KeySize]byte

// ParseKey checks that b is exactly KeySize bytes and returns it as a Key.
func ParseKey(b []byte) (Key, error) {
	if len(b) != KeySize {
		return Key{}, fmt.Errorf("idpf: key is %d bytes, want %d", len(b), KeySize)
	}
	return Key(b), nil
}

// Idpf holds the parameters of one IDPF instance. It is immutable and safe
// for concurrent use.
type Idpf struct {
	bits, valueLen int
	version        byte
	legacy         bool // draft 06: all-AES, 33-byte extend, interleaved share
	// perInstanceKeys derives a new fixed AES key for every XOF instance,
	// as the draft's pseudocode does. Only tests and benchmarks set it, to
	// measure what sharing the key saves.
	perInstanceKeys bool
}

// Option changes an IDPF's parameters in New.
type Option func(*Idpf)

// WithVersion sets the document VERSION byte used in the domain separation
// tags, for drafts that change nothing else (default: Version).
func WithVersion(v byte) Option { return func(p *Idpf) { p.version = v } }

// New returns the draft-20 IdpfBBCGGI21 with the given BITS and VALUE_LEN,
// both at least 1. Poplar1 uses VALUE_LEN 2.
func New(bits, valueLen int, opts ...Option) (*Idpf, error) {
	if err := checkParams(bits, valueLen); err != nil {
		return nil, err
	}
	p := &Idpf{bits: bits, valueLen: valueLen, version: Version}
	for _, o := range opts {
		o(p)
	}
	return p, nil
}

// NewDraft06 returns draft 06's IdpfPoplar (libprio-rs 0.13 and 0.14):
// every level, the leaf included, uses the cSHAKE128-keyed
// PrgFixedKeyAes128; extend reads 33 bytes; there is no ctx (Gen and Eval
// reject a non-empty one); the nonce may have any length; and the public
// share interleaves each level's seed and payload.
func NewDraft06(bits, valueLen int) (*Idpf, error) {
	if err := checkParams(bits, valueLen); err != nil {
		return nil, err
	}
	return &Idpf{bits: bits, valueLen: valueLen, version: 6, legacy: true}, nil
}

// maxBits and maxValueLen bound allocations made from the parameters.
const (
	maxBits     = 1 << 16
	maxValueLen = 1 << 16
)

func checkParams(bits, valueLen int) error {
	if bits < 1 || bits > maxBits {
		return fmt.Errorf("idpf: BITS = %d, want 1..%d", bits, maxBits)
	}
	if valueLen < 1 || valueLen > maxValueLen {
		return fmt.Errorf("idpf: VALUE_LEN = %d, want 1..%d", valueLen, maxValueLen)
	}
	return nil
}

// Bits returns BITS, the input length.
func (p *Idpf) Bits() int { return p.bits }

// ValueLen returns VALUE_LEN, the number of field elements per level.
func (p *Idpf) ValueLen() int { return p.valueLen }

// IsLeaf reports whether level is the last (Field255) level.
func (p *Idpf) IsLeaf(level int) bool { return level == p.bits-1 }

// dst is the domain separation tag for usage 0 (extend) or 1 (convert):
// VERSION, class 1 (IDPF), algorithm 0 (4 bytes), usage (2 bytes), ctx.
func (p *Idpf) appendDst(b []byte, usage byte, ctx []byte) []byte {
	b = append(b, p.version, 1, 0, 0, 0, 0, 0, usage)
	return append(b, ctx...)
}

var errNonce = errors.New("idpf: nonce must be 16 bytes")

// checkBinding validates ctx and nonce for this IDPF's draft.
func (p *Idpf) checkBinding(ctx, nonce []byte) error {
	if p.legacy {
		if len(ctx) != 0 {
			return errors.New("idpf: draft-06 IDPF has no ctx")
		}
		return nil
	}
	if len(nonce) != NonceSize {
		return errNonce
	}
	if len(ctx) > maxCtxLen {
		return errors.New("idpf: ctx too long")
	}
	return nil
}
