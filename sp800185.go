package keccak

import (
	"fmt"
	"sync"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/sp800185"
)

// Shared framing of NIST SP 800-185's cSHAKE-derived functions: each is
// cSHAKE with a fixed function name N and the caller's customization S, so
// each starts with bytepad(encode_string(N) || encode_string(S), rate), and
// each ends its input with right_encode(L), L the output length in bits (0
// for the XOF variants). Each function brings its own N.

// cshakeName is a cSHAKE function name N and the states it starts from.
// With an empty S (the common case) the prefix state is a constant per N
// and rate; computing it once saves a permutation per hash, a third of a
// short KMAC's cost. Lazily, so importing the package costs nothing.
type cshakeName struct {
	n     string
	empty [2]func() engine.Sponge // for rates 168 and 136
}

func newCSHAKEName(n string) *cshakeName {
	c := &cshakeName{n: n}
	for i, rate := range [2]int{168, 136} {
		c.empty[i] = sync.OnceValue(func() engine.Sponge { return c.absorbPrefix(rate, nil) })
	}
	return c
}

// start returns a cSHAKE sponge (24 rounds, domain 0x04) that has absorbed
// bytepad(encode_string(N) || encode_string(S), rate). The prefix is whole
// blocks, so the result sits on a block boundary.
func (c *cshakeName) start(rate int, custom []byte) engine.Sponge {
	if len(custom) == 0 {
		i := 0
		if rate == 136 {
			i = 1
		}
		return c.empty[i]()
	}
	return c.absorbPrefix(rate, custom)
}

func (c *cshakeName) absorbPrefix(rate int, custom []byte) engine.Sponge {
	s := engine.NewSponge(rate, dsCSHAKE, 24)
	sp800185.WriteBytepad(&s, sp800185.AppendEncodeString(sp800185.AppendEncodeString(nil, []byte(c.n)), custom))
	return s
}

// outputLengthCode holds right_encode(8*length) for the fixed-length
// variants, or right_encode(0) for the XOF ones, kept inline so that
// absorbing it at the end allocates nothing.
type outputLengthCode struct {
	b [9]byte
	n uint8
}

func newOutputLengthCode(length int, xof bool) outputLengthCode {
	var c outputLengthCode
	bits := uint64(0)
	if !xof {
		checkLength(length)
		if uint64(length) > 1<<61-1 {
			panic(fmt.Sprintf("keccak: output length = %d bytes; it must be below 2^61", length))
		}
		bits = uint64(length) * 8
	}
	c.n = uint8(len(sp800185.AppendRightEncode(c.b[:0], bits)))
	return c
}

func (c *outputLengthCode) bytes() []byte { return c.b[:c.n] }

// framed is the running state of a function that absorbs its input in one
// cSHAKE stream: the sponge, the state it had right after its prefix (and
// key), which Reset restores with a copy, and the closing right_encode(L).
type framed struct {
	s, start engine.Sponge
	end      outputLengthCode
}

func newFramed(start engine.Sponge, length int, xof bool) framed {
	return framed{s: start, start: start, end: newOutputLengthCode(length, xof)}
}

func (f *framed) reset() { f.s = f.start }

// sum appends length bytes of output to b, leaving f as it was.
func (f *framed) sum(b []byte, length int) []byte {
	dup := f.s
	dup.Write(f.end.bytes())
	b, out := engine.GrowSlice(b, length)
	dup.Read(out)
	return b
}

// read closes the input on the first call, then squeezes.
func (f *framed) read(p []byte) {
	if !f.s.Squeezing() {
		f.s.Write(f.end.bytes())
	}
	f.s.Read(p)
}

// writeBytepadString absorbs bytepad(encode_string(x), rate) without
// copying x (a key: no stray copies of it on the heap).
func writeBytepadString(s *engine.Sponge, x []byte) {
	var enc [9]byte
	sp800185.WriteBytepad(s, sp800185.AppendLeftEncode(enc[:0], uint64(len(x))*8), x)
}
