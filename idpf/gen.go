package idpf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Gen splits the point function that maps alpha (BITS bits, level 0 first)
// to betaInner[L] at each inner level L and betaLeaf at the leaf into a
// public share and two keys. rand must be RandSize uniformly random bytes;
// the keys are its two halves. ctx and nonce bind the output to one report
// (nonce must be NonceSize bytes, except in draft 06).
func (p *Idpf) Gen(alpha []bool, betaInner [][]Field64, betaLeaf []Field255, ctx, nonce, rand []byte) (*PublicShare, [2]Key, error) {
	if err := p.checkGen(alpha, betaInner, betaLeaf, ctx, nonce, rand); err != nil {
		return nil, [2]Key{}, err
	}
	x, err := p.newXofs(ctx, nonce)
	if err != nil {
		return nil, [2]Key{}, err
	}
	keys := [2]Key{Key(rand[:KeySize]), Key(rand[KeySize:RandSize])}
	ps := p.newPublicShare()
	v := p.valueLen

	var (
		seeds [32]byte // both parties' current seeds
		ext   [64]byte // extend output: party 0 s0 s1, party 1 s0 s1
		t     [4]uint8 // extend's control bits, same order
		xs    [32]byte // the kept (corrected) seeds to convert
		ctrl  = [2]uint64{0, 1}
		w64   = make([]Field64, 2*v)
		w255  = make([]Field255, 2*v)
	)
	copy(seeds[:], rand[:RandSize])
	start := 0
	if !p.legacy && !p.perInstanceKeys {
		// Draft 20: the inner levels' seed walk in batches (one C call
		// each with AES-NI), then the leaf below.
		c := [2]uint8{0, 1}
		p.genInner(x, alpha, betaInner, ps, &seeds, &c, w64)
		ctrl = [2]uint64{uint64(c[0]), uint64(c[1])}
		start = p.bits - 1
	}
	x.extend(start, seeds[:], ext[:], t[:])
	a := boolBytes(alpha) // alpha's bits are secret: masks, not branches
	for l := start; l < p.bits; l++ {
		cwLeft, cwRight := genStep(&ext, &t, uint64(a[l]&1), &ctrl, ps.seeds[16*l:16*l+16], xs[:])
		ps.ctrl[2*l], ps.ctrl[2*l+1] = uint8(cwLeft), uint8(cwRight)
		// Convert, and extend the new seeds for the next level in the same
		// batch where that level uses the same XOF.
		extended := x.convert(l, xs[:], seeds[:], true, w64, w255, ext[:], t[:])
		if !extended && l+1 < p.bits {
			x.extend(l+1, seeds[:], ext[:], t[:])
		}
		// The value correction word makes the parties' outputs on alpha's
		// path sum to beta: beta - w0 + w1, negated if party 1's new control
		// bit is set.
		if l < p.bits-1 {
			valueCW(ps.inner[l*v:(l+1)*v], betaInner[l], w64[:v], w64[v:], ctrl[1])
		} else {
			for i := range v {
				c := betaLeaf[i].Sub(w255[i]).Add(w255[v+i])
				ps.leaf[i] = selectField255(ctrl[1], c.Neg(), c)
			}
		}
	}
	return ps, keys, nil
}

// valueCW sets out to beta - w0 + w1, negated if c1 (0 or 1) is set.
func valueCW(out, beta, w0, w1 []Field64, c1 uint64) {
	for i := range out {
		c := beta[i].Sub(w0[i]).Add(w1[i])
		out[i] = selectField64(c1, c.Neg(), c)
	}
}

// genLevelBatch is how many levels genInner hands to one genLevels call at VALUE_LEN <= 2 (larger VALUE_LENs take
// fewer), bounding its scratch, which lives on the stack.
const genLevelBatch = 64

// genInner runs Gen's inner levels 0 .. BITS-2 of draft 20: the seed walk
// in batches of levels (genLevels: one C call each with AES-NI), each followed by the value
// correction words of its levels. seeds and ctrl come out as the leaf
// level's inputs. w is scratch for 2*VALUE_LEN elements.
func (p *Idpf) genInner(x *levelXofs, alpha []bool, betaInner [][]Field64, ps *PublicShare, seeds *[32]byte, ctrl *[2]uint8, w []Field64) {
	v := p.valueLen
	nb := (16 + Field64Size*v + 15) / 16 // blocks each convert reads
	var (
		convBuf [genLevelBatch * 64]byte // 2 converts of 2 blocks per level
		kept    [genLevelBatch * 32]byte
		ctrl1   [genLevelBatch]byte
	)
	conv := convBuf[:]
	per := min(genLevelBatch, len(convBuf)/(32*nb))
	if per == 0 {
		per, conv = 1, make([]byte, 32*nb)
	}
	a := boolBytes(alpha)
	n := p.bits - 1
	for l0 := 0; l0 < n; l0 += per {
		m := min(per, n-l0)
		genLevels(&x.ext, &x.conv, seeds, ctrl, a[l0:l0+m], nb,
			ps.seeds[16*l0:16*(l0+m)], ps.ctrl[2*l0:2*(l0+m)], kept[:32*m], conv[:32*nb*m], ctrl1[:m])
		for i := range m {
			l := l0 + i
			r0 := conv[32*nb*i : 32*nb*i+16*nb]
			r1 := conv[32*nb*i+16*nb : 32*nb*(i+1)]
			out, beta := ps.inner[l*v:(l+1)*v], betaInner[l]
			c1 := uint64(ctrl1[i])
			if v == 2 {
				// Poplar1: both parties' elements straight from the bytes.
				e00, e01 := binary.LittleEndian.Uint64(r0[16:]), binary.LittleEndian.Uint64(r0[24:])
				e10, e11 := binary.LittleEndian.Uint64(r1[16:]), binary.LittleEndian.Uint64(r1[24:])
				// A rejection may leak, as the draft allows.
				if e00 < Modulus64 && e01 < Modulus64 && e10 < Modulus64 && e11 < Modulus64 {
					d0 := beta[0].Sub(Field64{e00}).Add(Field64{e10})
					d1 := beta[1].Sub(Field64{e01}).Add(Field64{e11})
					out[0] = selectField64(c1, d0.Neg(), d0)
					out[1] = selectField64(c1, d1.Neg(), d1)
					continue
				}
			}
			w0, w1 := w[:v], w[v:2*v]
			// After a rejection (rare), sampleAES gets copies: what it is
			// given escapes, and the batch buffers should stay on the stack.
			if !sampleField64Fast(r0[16:], w0) {
				sampleAES(x, kept[32*i:32*i+16], slices.Clone(r0), w0, Field64Size, sampleField64)
			}
			if !sampleField64Fast(r1[16:], w1) {
				sampleAES(x, kept[32*i+16:32*i+32], slices.Clone(r1), w1, Field64Size, sampleField64)
			}
			valueCW(out, beta, w0, w1, c1)
		}
	}
}

func (p *Idpf) checkGen(alpha []bool, betaInner [][]Field64, betaLeaf []Field255, ctx, nonce, rand []byte) error {
	if len(alpha) != p.bits {
		return fmt.Errorf("idpf: alpha has %d bits, want %d", len(alpha), p.bits)
	}
	if len(betaInner) != p.bits-1 {
		return fmt.Errorf("idpf: %d inner betas, want %d", len(betaInner), p.bits-1)
	}
	for _, b := range betaInner {
		if len(b) != p.valueLen {
			return fmt.Errorf("idpf: inner beta of length %d, want %d", len(b), p.valueLen)
		}
	}
	if len(betaLeaf) != p.valueLen {
		return fmt.Errorf("idpf: leaf beta of length %d, want %d", len(betaLeaf), p.valueLen)
	}
	if len(rand) != RandSize {
		return errors.New("idpf: rand must be 32 bytes")
	}
	return p.checkBinding(ctx, nonce)
}
