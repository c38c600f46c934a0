package keccak

import (
	"encoding/binary"

	"github.com/go-xkcp/keccak/internal/engine"
)

// The SP 800-185 types' encodings (see marshal.go for the header; the
// binding is of the sponge's saved form right after the prefix, the start
// Reset goes back to, so it covers the rate, S, the key and B):
//
//	KMAC, TupleHash:   magic || 1 || binding (32) || L (8, bytes) || sponge
//	KMACXOF, TupleHashXOF: magic || 1 || binding (32) || sponge
//	ParallelHash:      magic || 1 || binding (32) || L (8) || final sponge || leaf stream
//	ParallelHashXOF:   magic || 1 || binding (32) || final sponge || leaf stream
//
// with the sponges engine.StateSize bytes: 248 bytes for KMAC and
// TupleHash, 240 for their XOFs; ParallelHash's is 276 bytes (268 for the
// XOF) plus the open block's sponge when B exceeds engine.MaxStagedBlock
// (32 KiB), or else the staged message bytes, fewer than 512 KiB plus 8*B:
// at most 276 + 768 KiB in all. A fixed-length type's state is never
// squeezing (its Sum reads a copy); an XOF's may be.
const (
	framedStateSize   = headerSize + 8 + engine.StateSize                          // 248
	parallelStateSize = headerSize + 8 + engine.StateSize + engine.LeafStateHeader // 276
)

// appendState appends f's encoding; length < 0 marks an XOF (no L field).
func (f *framed) appendState(b []byte, magic string, length int) []byte {
	f.start.Ready()
	bind := spongeBinding(magic, &f.start)
	b = appendHeader(b, magic, &bind)
	if length >= 0 {
		b = binary.BigEndian.AppendUint64(b, uint64(length))
	}
	return f.s.AppendState(b)
}

// checkLengthField checks the L field of a fixed-length type (length >= 0)
// and returns what follows it; an XOF (length < 0) has none.
func checkLengthField(b []byte, length int) (rest []byte, err error) {
	if length < 0 {
		return b, nil
	}
	if len(b) < 8 {
		return nil, errBadState
	}
	if binary.BigEndian.Uint64(b) != uint64(length) {
		return nil, errWrongMagic
	}
	return b[8:], nil
}

// loadState loads an encoding made by appendState with the same magic
// and length. On error f is unchanged.
func (f *framed) loadState(b []byte, magic string, length int) error {
	f.start.Ready()
	bind := spongeBinding(magic, &f.start)
	rest, err := checkHeader(b, magic, &bind)
	if err != nil {
		return err
	}
	if rest, err = checkLengthField(rest, length); err != nil {
		return err
	}
	s := f.start
	if rest, err = s.LoadState(rest); err != nil {
		return err
	}
	if len(rest) != 0 || length >= 0 && s.Squeezing() {
		return errBadState
	}
	f.s = s
	return nil
}

// MarshalBinary returns the state; see AppendBinary.
func (k *KMAC) MarshalBinary() ([]byte, error) { return k.AppendBinary(nil) }

// AppendBinary appends the state to b in a versioned encoding of this
// package's own (248 bytes; marshal_sp800185.go documents it). It holds
// neither the key nor the keyed start state, only a one-way binding of
// them, but it is as secret as the key: it gives the tag of any message
// that extends the one written so far. It panics on a zero KMAC.
func (k *KMAC) AppendBinary(b []byte) ([]byte, error) {
	return k.f.appendState(b, magicKMAC, k.length), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a KMAC made
// with the same key, customization, rate and output length. Anything else
// returns an error and leaves k unchanged. It panics on a zero KMAC.
func (k *KMAC) UnmarshalBinary(b []byte) error { return k.f.loadState(b, magicKMAC, k.length) }

// MarshalBinary returns the state; see AppendBinary.
func (k *KMACXOF) MarshalBinary() ([]byte, error) { return k.AppendBinary(nil) }

// AppendBinary appends the state to b, also after Read (240 bytes); see
// KMAC.AppendBinary, secrecy included.
func (k *KMACXOF) AppendBinary(b []byte) ([]byte, error) {
	return k.f.appendState(b, magicKMACXOF, -1), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a KMACXOF
// made with the same key, customization and rate; see KMAC.UnmarshalBinary.
func (k *KMACXOF) UnmarshalBinary(b []byte) error { return k.f.loadState(b, magicKMACXOF, -1) }

// MarshalBinary returns the state; see AppendBinary.
func (t *TupleHash) MarshalBinary() ([]byte, error) { return t.AppendBinary(nil) }

// AppendBinary appends the state, between any two elements, to b in a
// versioned encoding of this package's own (248 bytes; marshal_sp800185.go
// documents it). It panics on a zero TupleHash.
func (t *TupleHash) AppendBinary(b []byte) ([]byte, error) {
	return t.f.appendState(b, magicTupleHash, t.length), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a TupleHash
// made with the same customization, rate and output length. Anything else
// returns an error and leaves t unchanged. It panics on a zero TupleHash.
func (t *TupleHash) UnmarshalBinary(b []byte) error {
	return t.f.loadState(b, magicTupleHash, t.length)
}

// MarshalBinary returns the state; see AppendBinary.
func (t *TupleHashXOF) MarshalBinary() ([]byte, error) { return t.AppendBinary(nil) }

// AppendBinary appends the state to b, also after Read (240 bytes); see
// TupleHash.AppendBinary.
func (t *TupleHashXOF) AppendBinary(b []byte) ([]byte, error) {
	return t.f.appendState(b, magicTupleHashXOF, -1), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a
// TupleHashXOF made with the same customization and rate; see
// TupleHash.UnmarshalBinary.
func (t *TupleHashXOF) UnmarshalBinary(b []byte) error {
	return t.f.loadState(b, magicTupleHashXOF, -1)
}

// appendState appends c's encoding; length < 0 marks the XOF.
func (c *parallelCore) appendState(b []byte, magic string, length int) []byte {
	c.start.Ready()
	c.leaves.Settle(&c.final)
	bind := spongeBinding(magic, &c.start)
	b = appendHeader(b, magic, &bind)
	if length >= 0 {
		b = binary.BigEndian.AppendUint64(b, uint64(length))
	}
	return c.leaves.AppendState(c.final.AppendState(b))
}

// loadState loads an encoding made by appendState with the same magic and
// length. On error c is unchanged.
func (c *parallelCore) loadState(b []byte, magic string, length int) error {
	c.start.Ready()
	bind := spongeBinding(magic, &c.start)
	rest, err := checkHeader(b, magic, &bind)
	if err != nil {
		return err
	}
	if rest, err = checkLengthField(rest, length); err != nil {
		return err
	}
	final := c.start
	if rest, err = final.LoadState(rest); err != nil {
		return err
	}
	leaves := c.leaves
	if rest, err = leaves.LoadState(rest); err != nil {
		return err
	}
	reading := final.Squeezing()
	n, cv, rate := leaves.Leaves(), uint64(leaves.Spec().CVLen), uint64(final.Rate())
	switch {
	case len(rest) != 0,
		length >= 0 && reading,
		reading && leaves.Buffered() > 0, // the first Read hashed them
		// While absorbing, the final node has taken left_encode(B) (the
		// start's offset) and n chaining values.
		!reading && uint64(final.Offset()) != (uint64(c.start.Offset())+n%rate*cv)%rate:
		return errBadState
	}
	c.final, c.leaves, c.reading = final, leaves, reading
	return nil
}

// MarshalBinary returns the state; see AppendBinary.
func (h *ParallelHash) MarshalBinary() ([]byte, error) { return h.AppendBinary(nil) }

// AppendBinary appends the state to b at any point (mid-block, with
// staged bytes) in a versioned encoding of this package's own
// (marshal_sp800185.go documents it): 276 bytes plus the open block's
// sponge or the staged message bytes, at most 768 KiB more. The
// customization and B are bound, not stored. It panics on a zero
// ParallelHash.
func (h *ParallelHash) AppendBinary(b []byte) ([]byte, error) {
	return h.p.appendState(b, magicParallelHash, h.length), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a
// ParallelHash made with the same customization, rate, block size and
// output length; the parallelism setting stays h's. Anything else returns
// an error and leaves h unchanged. It panics on a zero ParallelHash.
func (h *ParallelHash) UnmarshalBinary(b []byte) error {
	return h.p.loadState(b, magicParallelHash, h.length)
}

// MarshalBinary returns the state; see AppendBinary.
func (h *ParallelHashXOF) MarshalBinary() ([]byte, error) { return h.AppendBinary(nil) }

// AppendBinary appends the state to b, also after Read; see
// ParallelHash.AppendBinary (the XOF's encoding is 8 bytes shorter).
func (h *ParallelHashXOF) AppendBinary(b []byte) ([]byte, error) {
	return h.p.appendState(b, magicParallelHashXOF, -1), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a
// ParallelHashXOF made with the same customization, rate and block size;
// see ParallelHash.UnmarshalBinary.
func (h *ParallelHashXOF) UnmarshalBinary(b []byte) error {
	return h.p.loadState(b, magicParallelHashXOF, -1)
}
