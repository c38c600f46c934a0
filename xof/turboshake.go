package xof

import (
	"errors"

	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/internal/fixedkey"
)

// XOFTurboSHAKE128 is the VDAF draft's XofTurboShake128 (draft 12 onward):
// TurboSHAKE128 with D = 1 over
//
//	LE16(len(dst)) || dst || LE8(len(seed)) || seed || binder
//
// Poplar1 uses it with 32-byte seeds; the IDPF uses it at the leaf level
// with its 16-byte seeds.
//
// The zero value has no inputs yet: Reset sets them (and then it is the
// same as NewXOFTurboSHAKE128's result); Read and Next panic before that.
type XOFTurboSHAKE128 struct {
	h *keccak.SHAKE
}

// XOFTurboSHAKE128SeedSize is the draft's default seed size; any seed of 0
// to 255 bytes is accepted.
const XOFTurboSHAKE128SeedSize = 32

var errSeedTooLong = errors.New("xof: XOFTurboSHAKE128 seed longer than 255 bytes")

const errZeroTurboSHAKE = "xof: zero XOFTurboSHAKE128; use NewXOFTurboSHAKE128 or Reset"

// NewXOFTurboSHAKE128 starts the XOF for (seed, dst, binder). It fails if
// dst is longer than MaxDSTLen or seed longer than 255 bytes.
func NewXOFTurboSHAKE128(seed, dst, binder []byte) (*XOFTurboSHAKE128, error) {
	x := &XOFTurboSHAKE128{h: keccak.NewTurboSHAKE128(0x01)}
	if err := x.Reset(seed, dst, binder); err != nil {
		return nil, err
	}
	return x, nil
}

// Reset restarts x for new inputs, reusing its memory (a zero x allocates
// it here). On error x is left unchanged.
func (x *XOFTurboSHAKE128) Reset(seed, dst, binder []byte) error {
	if len(dst) > MaxDSTLen {
		return fixedkey.ErrDSTTooLong
	}
	if len(seed) > 255 {
		return errSeedTooLong
	}
	if x.h == nil {
		x.h = keccak.NewTurboSHAKE128(0x01)
	}
	x.h.Reset()
	x.h.Write([]byte{byte(len(dst)), byte(len(dst) >> 8)})
	x.h.Write(dst)
	x.h.Write([]byte{byte(len(seed))})
	x.h.Write(seed)
	x.h.Write(binder)
	return nil
}

// Read fills p with the next len(p) bytes of the output. It implements
// io.Reader and never returns an error.
func (x *XOFTurboSHAKE128) Read(p []byte) (int, error) {
	if x.h == nil {
		panic(errZeroTurboSHAKE)
	}
	return x.h.Read(p)
}

// Next returns the next n bytes of output in a new slice (the draft's
// next(n)). It panics if n is negative.
func (x *XOFTurboSHAKE128) Next(n int) []byte {
	if x.h == nil {
		panic(errZeroTurboSHAKE)
	}
	if n < 0 {
		panic(negativeLen("XOFTurboSHAKE128", n))
	}
	b := make([]byte, n)
	x.h.Read(b)
	return b
}
