package poplar1

import (
	"errors"
	"fmt"

	"github.com/go-xkcp/keccak/idpf"
)

const (
	// ID is Poplar1's algorithm identifier in domain separation tags.
	ID = 0x00000006
	// NonceSize is the report nonce size in bytes.
	NonceSize = 16
	// SeedSize is the XOF's seed size (XofTurboShake128), the size of the
	// correlation seed in each input share.
	SeedSize = 32
	// VerifyKeySize is the size of the aggregators' shared verification key.
	VerifyKeySize = SeedSize
	// RandSize is the number of random bytes Shard consumes: the IDPF's
	// rand, two correlation seeds and the shard seed.
	RandSize = idpf.RandSize + 3*SeedSize
	// Version is the document VERSION byte of drafts 18 to 20.
	Version = idpf.Version
	// maxCtxLen keeps dst = 8 bytes || ctx within the XOF's 65535 bytes.
	maxCtxLen = 65535 - 8
	// maxBits: levels are encoded in 16 bits.
	maxBits = 1 << 16
)

// Usages in Poplar1's domain separation tags.
const (
	usageShardRand  = 1
	usageCorrInner  = 2
	usageCorrLeaf   = 3
	usageVerifyRand = 4
)

// Poplar1 holds the parameters of one Poplar1 instance. It is immutable
// and safe for concurrent use.
type Poplar1 struct {
	bits    int
	version byte
	idpf    *idpf.Idpf
}

// Option changes a Poplar1's parameters in New.
type Option func(*Poplar1)

// WithVersion sets the document VERSION byte of the domain separation
// tags, here and in the IDPF, for drafts that change nothing else
// (default: Version).
func WithVersion(v byte) Option { return func(p *Poplar1) { p.version = v } }

// New returns Poplar1 for BITS-bit measurements, 1 <= bits <= 65536.
func New(bits int, opts ...Option) (*Poplar1, error) {
	if bits < 1 || bits > maxBits {
		return nil, fmt.Errorf("poplar1: BITS = %d, want 1..%d", bits, maxBits)
	}
	p := &Poplar1{bits: bits, version: Version}
	for _, o := range opts {
		o(p)
	}
	var err error
	p.idpf, err = idpf.New(bits, 2, idpf.WithVersion(p.version))
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Bits returns BITS, the measurement length.
func (p *Poplar1) Bits() int { return p.bits }

// IDPF returns the IDPF this instance runs on (VALUE_LEN 2).
func (p *Poplar1) IDPF() *idpf.Idpf { return p.idpf }

// isLeaf reports whether level uses the leaf field, Field255.
func (p *Poplar1) isLeaf(level int) bool { return level == p.bits-1 }

// dst is the domain separation tag for usage: VERSION, class 0 (VDAF),
// the algorithm ID (4 bytes) and usage (2 bytes), all big-endian, then ctx.
func (p *Poplar1) dst(usage byte, ctx []byte) []byte {
	return append([]byte{p.version, 0, 0, 0, 0, ID, 0, usage}, ctx...)
}

var (
	errNonce = fmt.Errorf("poplar1: nonce must be %d bytes", NonceSize)
	errCtx   = errors.New("poplar1: ctx too long")
)

func checkBinding(ctx, nonce []byte) error {
	if len(nonce) != NonceSize {
		return errNonce
	}
	if len(ctx) > maxCtxLen {
		return errCtx
	}
	return nil
}
