package keccak

import (
	"fmt"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/sp800185"
)

// SHAKE is an extendable-output function: SHAKE128/256, cSHAKE128/256 or
// TurboSHAKE128/256. It implements hash.XOF, and MarshalBinary, AppendBinary
// and UnmarshalBinary with crypto/sha3's encoding for SHAKE and cSHAKE (and
// an encoding of this package's own for TurboSHAKE, which crypto/sha3 lacks).
//
// Write after Read panics, as in crypto/sha3: the input is closed by the
// first Read. Reset reopens it. As in crypto/sha3, the zero value is a
// usable SHAKE256.
type SHAKE struct {
	s engine.Sponge
	// initBlock is encode_string(N) || encode_string(S) for cSHAKE, kept so
	// Reset can absorb it again; nil otherwise. Never modified once set.
	initBlock []byte
}

// NewSHAKE128 returns a new SHAKE128 XOF.
func NewSHAKE128() *SHAKE { return &SHAKE{s: engine.NewSponge(168, dsSHAKE, 24)} }

// NewSHAKE256 returns a new SHAKE256 XOF.
func NewSHAKE256() *SHAKE { return &SHAKE{s: engine.NewSponge(136, dsSHAKE, 24)} }

// init turns a zero value into a SHAKE256, as crypto/sha3 does.
func (c *SHAKE) init() {
	if c.s.Rate() == 0 {
		c.s = engine.NewSponge(136, dsSHAKE, 24)
	}
}

// NewCSHAKE128 returns a new cSHAKE128 XOF (NIST SP 800-185) with function
// name N and customization S. With both empty it is SHAKE128, as the
// standard says. N and S are copied.
func NewCSHAKE128(N, S []byte) *SHAKE { return newCSHAKE(168, N, S) }

// NewCSHAKE256 returns a new cSHAKE256 XOF; see NewCSHAKE128.
func NewCSHAKE256(N, S []byte) *SHAKE { return newCSHAKE(136, N, S) }

func newCSHAKE(rate int, N, S []byte) *SHAKE {
	if len(N) == 0 && len(S) == 0 {
		return &SHAKE{s: engine.NewSponge(rate, dsSHAKE, 24)}
	}
	c := &SHAKE{s: engine.NewSponge(rate, dsCSHAKE, 24)}
	c.initBlock = sp800185.AppendEncodeString(sp800185.AppendEncodeString(nil, N), S)
	c.absorbInit()
	return c
}

// absorbInit absorbs bytepad(initBlock, rate), the cSHAKE prefix.
func (c *SHAKE) absorbInit() {
	if c.initBlock != nil {
		sp800185.WriteBytepad(&c.s, c.initBlock)
	}
}

// NewTurboSHAKE128 returns a new TurboSHAKE128 XOF (RFC 9861) with domain
// separation byte D, which must be in 0x01..0x7F (it panics otherwise).
func NewTurboSHAKE128(D byte) *SHAKE { return newTurboSHAKE(168, D) }

// NewTurboSHAKE256 returns a new TurboSHAKE256 XOF; see NewTurboSHAKE128.
func NewTurboSHAKE256(D byte) *SHAKE { return newTurboSHAKE(136, D) }

func newTurboSHAKE(rate int, D byte) *SHAKE {
	return &SHAKE{s: engine.NewSponge(rate, checkDomain(D), 12)}
}

// checkDomain returns D if it is a valid TurboSHAKE domain byte and panics
// otherwise.
func checkDomain(D byte) byte {
	if D < 0x01 || D > 0x7F {
		panic(fmt.Sprintf("keccak: TurboSHAKE domain byte D = 0x%02X; it must be in 0x01..0x7F", D))
	}
	return D
}

func checkLength(length int) {
	if length < 0 {
		panic(fmt.Sprintf("keccak: output length = %d; it must not be negative", length))
	}
}

// Write absorbs more data. It never returns an error; it panics after Read.
func (c *SHAKE) Write(p []byte) (int, error) {
	c.init()
	c.s.Write(p)
	return len(p), nil
}

// Read squeezes len(p) bytes of output. It never returns an error.
func (c *SHAKE) Read(p []byte) (int, error) {
	c.init()
	c.s.Read(p)
	return len(p), nil
}

// Reset restores the initial state (with cSHAKE's N and S absorbed).
func (c *SHAKE) Reset() {
	c.init()
	c.s.Reset()
	c.absorbInit()
}

// BlockSize is the rate in bytes.
func (c *SHAKE) BlockSize() int {
	c.init()
	return c.s.Rate()
}

// Clone returns an independent copy of c.
func (c *SHAKE) Clone() *SHAKE {
	dup := *c
	return &dup
}

// The one-shot XOFs allocate nothing for outputs up to the capacity's size
// (32 or 64 bytes), as crypto/sha3's do: each is small enough to be inlined,
// so its buffer lives on the caller's stack unless the result escapes.

// SumSHAKE128 returns length bytes of SHAKE128 output for data.
func SumSHAKE128(data []byte, length int) []byte {
	out := make([]byte, 32)
	return sumXOF(out, 168, dsSHAKE, 24, data, length)
}

// SumSHAKE256 returns length bytes of SHAKE256 output for data.
func SumSHAKE256(data []byte, length int) []byte {
	out := make([]byte, 64)
	return sumXOF(out, 136, dsSHAKE, 24, data, length)
}

// SumTurboSHAKE128 returns length bytes of TurboSHAKE128 output for data
// with domain byte D (0x01..0x7F; it panics otherwise).
func SumTurboSHAKE128(data []byte, D byte, length int) []byte {
	out := make([]byte, 32)
	return sumTurboSHAKE(out, 168, D, data, length)
}

// SumTurboSHAKE256 returns length bytes of TurboSHAKE256 output for data
// with domain byte D (0x01..0x7F; it panics otherwise).
func SumTurboSHAKE256(data []byte, D byte, length int) []byte {
	out := make([]byte, 64)
	return sumTurboSHAKE(out, 136, D, data, length)
}

func sumTurboSHAKE(out []byte, rate int, D byte, data []byte, length int) []byte {
	return sumXOF(out, rate, checkDomain(D), 12, data, length)
}

// sumXOF writes length bytes of output to out, or to a new slice if out is
// too short, and returns them.
func sumXOF(out []byte, rate int, ds byte, rounds int, data []byte, length int) []byte {
	checkLength(length)
	if length > len(out) {
		out = make([]byte, length)
	}
	out = out[:length]
	if length > 0 {
		engine.Hash(rate, ds, data, nil, out, rounds)
	}
	return out
}
