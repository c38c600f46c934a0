package idpf

import (
	"errors"
	"fmt"
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
	x.extend(0, seeds[:], ext[:], t[:])
	for l := range p.bits {
		b := bit(alpha[l])
		// The seed correction word cancels the two parties' seeds on the
		// branch alpha leaves: s[lose] with lose = 1-b.
		cw := ps.seeds[16*l : 16*l+16]
		var lose0, lose1 [16]byte
		sel16(lose0[:], ext[0:16], ext[16:32], b)
		sel16(lose1[:], ext[32:48], ext[48:64], b)
		xor16(cw, lose0[:], lose1[:])
		cwLeft := uint64(t[0]^t[2]) ^ b ^ 1
		cwRight := uint64(t[1]^t[3]) ^ b
		ps.ctrl[2*l], ps.ctrl[2*l+1] = uint8(cwLeft), uint8(cwRight)
		cwKeep := sel(b, cwRight, cwLeft)
		for j := range 2 {
			s := ext[32*j : 32*j+32]
			sel16(xs[16*j:16*j+16], s[16:32], s[0:16], b)
			xor16If(xs[16*j:16*j+16], cw, ctrl[j])
			tKeep := sel(b, uint64(t[2*j+1]), uint64(t[2*j]))
			ctrl[j] = tKeep ^ (ctrl[j] & cwKeep)
		}
		// Convert, and extend the new seeds for the next level in the same
		// batch where that level uses the same XOF.
		if !x.genStep(l, xs[:], seeds[:], w64, ext[:], t[:]) {
			extended := x.convert(l, xs[:], seeds[:], true, w64, w255, ext[:], t[:])
			if !extended && l+1 < p.bits {
				x.extend(l+1, seeds[:], ext[:], t[:])
			}
		}
		// The value correction word makes the parties' outputs on alpha's
		// path sum to beta: beta - w0 + w1, negated if party 1's new control
		// bit is set.
		if l < p.bits-1 {
			out := ps.inner[l*v : (l+1)*v]
			for i := range v {
				c := betaInner[l][i].Sub(w64[i]).Add(w64[v+i])
				out[i] = selectField64(ctrl[1], c.Neg(), c)
			}
		} else {
			for i := range v {
				c := betaLeaf[i].Sub(w255[i]).Add(w255[v+i])
				ps.leaf[i] = selectField255(ctrl[1], c.Neg(), c)
			}
		}
	}
	return ps, keys, nil
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
