package keccak

import (
	"encoding/binary"

	"github.com/go-xkcp/keccak/internal/engine"
)

// KT's encoding (see marshal.go for the header):
//
//	"xkKT" || 1 || binding(C || length_encode(|C|)) (32)
//	|| chunk0 (2: bytes of chunk 0 in the final node, 0..8192)
//	|| final node's sponge (engine.StateSize)
//	|| leaf stream (engine.LeafStream: leaves so far and staged bytes)
//
// That is ktStateSize bytes plus the staged bytes, fewer than
// engine.MaxStage (512 KiB): at most ktStateSize + 512 KiB - 1 in all.
// Whether the input is a tree yet, and whether it is being read, follow
// from the rest, and are checked against it on loading.
const ktStateSize = headerSize + 2 + engine.StateSize + engine.LeafStateHeader // 270

// MarshalBinary returns the state; see AppendBinary.
func (d *KT) MarshalBinary() ([]byte, error) { return d.AppendBinary(nil) }

// AppendBinary appends the state to b, at any point (mid-chunk, with
// staged bytes, after Read), in a versioned encoding of this package's own
// (marshal_kt.go documents it): about 300 bytes plus the staged message
// bytes, fewer than 512 KiB. The customization is bound, not stored. It
// panics on a zero KT.
func (d *KT) AppendBinary(b []byte) ([]byte, error) {
	d.final.Ready()
	d.leaves.Settle(&d.final)
	bind := binding(magicKT, d.suffix)
	b = appendHeader(b, magicKT, &bind)
	b = binary.BigEndian.AppendUint16(b, uint16(d.chunk0))
	b = d.final.AppendState(b)
	return d.leaves.AppendState(b), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary from a KT of the
// same function and customization; the parallelism setting stays d's.
// Anything else (another type, rate or customization, a truncated or
// extended or inconsistent state) returns an error and leaves d unchanged.
// It panics on a zero KT.
func (d *KT) UnmarshalBinary(b []byte) error {
	d.final.Ready()
	bind := binding(magicKT, d.suffix)
	rest, err := checkHeader(b, magicKT, &bind)
	if err != nil {
		return err
	}
	if len(rest) < 2 {
		return errBadState
	}
	chunk0 := int(binary.BigEndian.Uint16(rest))
	final := engine.NewSponge(d.final.Rate(), 0x07, 12)
	if rest, err = final.LoadState(rest[2:]); err != nil {
		return err
	}
	leaves := d.leaves
	if rest, err = leaves.LoadState(rest); err != nil {
		return err
	}
	if len(rest) != 0 || chunk0 > chunkSize {
		return errBadState
	}
	n, cv, rate := leaves.Leaves(), uint64(leaves.Spec().CVLen), uint64(final.Rate())
	tree := n > 0 || leaves.Buffered() > 0
	reading := final.Squeezing()
	switch {
	case tree && chunk0 != chunkSize,
		reading && leaves.Buffered() > 0, // the first Read hashed them
		reading && !tree && chunk0 < len(d.suffix),
		// While absorbing, the final node's offset is what it took:
		// chunk 0, and in a tree the marker and n chaining values.
		!reading && !tree && uint64(final.Offset()) != uint64(chunk0)%rate,
		!reading && tree && uint64(final.Offset()) != (chunkSize+8+n%rate*cv)%rate:
		return errBadState
	}
	if reading && tree {
		final.SetDomain(0x06)
	}
	d.final, d.leaves, d.chunk0, d.tree, d.reading = final, leaves, chunk0, tree, reading
	return nil
}
