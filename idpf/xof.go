package idpf

import (
	"encoding/binary"
	"errors"

	"github.com/go-xkcp/keccak/internal/fixedkey"
	"github.com/go-xkcp/keccak/xof"
)

// Usages in the IDPF's domain separation tags.
const (
	usageExtend  = 0
	usageConvert = 1
)

// levelXofs are the XOFs of one Gen call or one Evaluator: the two fixed
// AES keys (extend and convert) derived once from (dst || ctx, nonce), and
// a reusable TurboSHAKE XOF for the leaf level.
type levelXofs struct {
	p               *Idpf
	nonce           []byte
	extDst, convDst []byte
	ext, conv       fixedkey.Key          // unused when p.perInstanceKeys
	leaf            *xof.XOFTurboSHAKE128 // made on first use
	raw1, raw2      []byte                // scratch
	extended        int                   // nodes extended so far; tests read it
	// pending: ext and conv are not derived yet. An Evaluator derives them
	// with its first fixed-key batch, in the same C call.
	pending bool
}

// newXofs returns the XOFs for p, ctx and nonce with their keys derived.
func (p *Idpf) newXofs(ctx, nonce []byte) (*levelXofs, error) {
	x := new(levelXofs)
	if err := x.init(p, ctx, nonce); err != nil {
		return nil, err
	}
	x.ready()
	return x, nil
}

// init points x at p, ctx and nonce, reusing x's memory; the keys are
// derived by ready or by the first chain.
func (x *levelXofs) init(p *Idpf, ctx, nonce []byte) error {
	x.p = p
	x.nonce = append(x.nonce[:0], nonce...)
	x.extDst = p.appendDst(x.extDst[:0], usageExtend, ctx)
	x.convDst = p.appendDst(x.convDst[:0], usageConvert, ctx)
	x.extended = 0
	if len(x.extDst) > fixedkey.MaxDSTLen {
		return errors.New("idpf: ctx too long")
	}
	x.pending = !p.perInstanceKeys
	return nil
}

// ready derives the two fixed keys if they are pending.
func (x *levelXofs) ready() {
	if !x.pending {
		return
	}
	x.pending = false
	if x.p.legacy {
		x.ext.DerivePrg(x.extDst, x.nonce)
		x.conv.DerivePrg(x.convDst, x.nonce)
		return
	}
	// Both keys in one go (one C call with AES-NI). dst lengths were
	// checked in init, so this cannot fail.
	keys := [2]*fixedkey.Key{&x.ext, &x.conv}
	dsts := [2][]byte{x.extDst, x.convDst}
	fixedkey.DeriveKeys(keys[:], dsts[:], x.nonce)
}

func (x *levelXofs) deriveKey(k *fixedkey.Key, dst []byte) error {
	if x.p.legacy {
		k.DerivePrg(dst, x.nonce)
		return nil
	}
	return k.Derive(dst, x.nonce)
}

// key returns the fixed key for usage; in per-instance mode a new one, as
// if for a new XOF instance.
func (x *levelXofs) key(usage int) *fixedkey.Key {
	k, dst := &x.ext, x.extDst
	if usage == usageConvert {
		k, dst = &x.conv, x.convDst
	}
	if x.p.perInstanceKeys {
		k = new(fixedkey.Key)
		x.deriveKey(k, dst) // dst was checked in init
		return k
	}
	x.ready()
	return k
}

// usesAES reports whether level's XOF is the fixed-key one: every level
// in draft 06, the inner levels since draft 12.
func (x *levelXofs) usesAES(level int) bool {
	return level < x.p.bits && (x.p.legacy || level < x.p.bits-1)
}

// extendBlocks is how many blocks extend reads: 33 bytes in draft 06.
func (x *levelXofs) extendBlocks() int {
	if x.p.legacy {
		return 3
	}
	return 2
}

// shrink drops scratch more than twice what a batch of n seeds needs (at
// most 1+2*VALUE_LEN blocks each in raw1, 3 in raw2).
func (x *levelXofs) shrink(n int) {
	if cap(x.raw1) > 2*16*(1+2*x.p.valueLen)*n+256 {
		x.raw1 = nil
	}
	if cap(x.raw2) > 2*48*n+256 {
		x.raw2 = nil
	}
}

func grown(b *[]byte, n int) []byte {
	if cap(*b) < n {
		*b = make([]byte, n)
	}
	return (*b)[:n]
}

// fill writes the first nblocks blocks of each seed's fixed-key stream.
func (x *levelXofs) fill(usage int, out, seeds []byte, nblocks int) {
	if x.p.perInstanceKeys {
		for i := 0; i < len(seeds); i += 16 {
			x.key(usage).FillStreams(out[i*nblocks:(i+16)*nblocks], seeds[i:i+16], nblocks)
		}
		return
	}
	x.key(usage).FillStreams(out, seeds, nblocks)
}

// chain is convert's nb blocks, then extend's blocks of the seed each
// convert made, in one batch.
func (x *levelXofs) chain(seeds, conv []byte, nb int, ext []byte, ne int) {
	if x.p.perInstanceKeys {
		for i := 0; i < len(seeds); i += 16 {
			x.key(usageConvert).ChainStreams(conv[i*nb:(i+16)*nb], nb, x.key(usageExtend),
				ext[i*ne:(i+16)*ne], ne, seeds[i:i+16])
		}
		return
	}
	if x.pending && !x.p.legacy {
		// Derive both keys and step in one C call. dst lengths were
		// checked in init, so this cannot fail.
		x.pending = false
		fixedkey.DeriveAndChain(&x.conv, x.convDst, &x.ext, x.extDst, x.nonce, conv, nb, ext, ne, seeds)
		return
	}
	x.ready()
	x.conv.ChainStreams(conv, nb, &x.ext, ext, ne, seeds)
}

// leafXof restarts the leaf XofTurboShake128 for seed and dst.
func (x *levelXofs) leafXof(seed, dst []byte) *xof.XOFTurboSHAKE128 {
	if x.leaf == nil {
		x.leaf, _ = xof.NewXOFTurboSHAKE128(seed, dst, x.nonce) // lengths checked before
		return x.leaf
	}
	x.leaf.Reset(seed, dst, x.nonce)
	return x.leaf
}

// extend runs extend at level on each 16-byte seed: out gets s0 || s1 (32
// bytes per seed), t gets t0, t1 (0 or 1 each).
func (x *levelXofs) extend(level int, seeds, out []byte, t []uint8) {
	n := len(seeds) / 16
	x.extended += n
	if !x.usesAES(level) {
		for i := range n {
			x.leafXof(seeds[16*i:16*i+16], x.extDst).Read(out[32*i : 32*i+32])
		}
		splitControl(out, t)
		return
	}
	if x.p.legacy {
		raw := grown(&x.raw2, 48*n)
		x.fill(usageExtend, raw, seeds, 3)
		x.finishExtend(raw, out, t)
		return
	}
	x.fill(usageExtend, out, seeds, 2)
	splitControl(out, t)
}

// finishExtend turns raw extend output (extendBlocks per seed) into seeds
// and control bits; raw may be out itself in draft 20.
func (x *levelXofs) finishExtend(raw, out []byte, t []uint8) {
	if !x.p.legacy {
		if len(raw) > 0 && &raw[0] != &out[0] {
			copy(out, raw)
		}
		splitControl(out, t)
		return
	}
	// Draft 06: 33 bytes, control bits in the last one, seeds as read.
	for i := range len(raw) / 48 {
		copy(out[32*i:32*i+32], raw[48*i:48*i+32])
		t[2*i] = raw[48*i+32] & 1
		t[2*i+1] = raw[48*i+32] >> 1 & 1
	}
}

// splitControl takes each seed's least significant bit as its control bit
// and clears it (draft 08 onward).
func splitControl(out []byte, t []uint8) {
	for i := range len(out) / 16 {
		t[i] = out[16*i] & 1
		out[16*i] &^= 1
	}
}

// convert runs convert at level on each seed: next gets the next seeds;
// with values, vals64 (inner levels) or vals255 (the leaf) get VALUE_LEN
// elements per seed. If ext is not nil and level+1 is a fixed-key level,
// it also extends the next seeds at level+1 (into ext and t) in the same
// batch and reports true.
func (x *levelXofs) convert(level int, seeds, next []byte, values bool, vals64 []Field64, vals255 []Field255, ext []byte, t []uint8) bool {
	n := len(seeds) / 16
	v := x.p.valueLen
	if !x.usesAES(level) {
		// Draft-20 leaf: TurboSHAKE, one seed at a time.
		for i := range n {
			xof := x.leafXof(seeds[16*i:16*i+16], x.convDst)
			if !values {
				xof.Read(next[16*i : 16*i+16])
				continue
			}
			r := grown(&x.raw1, 16+Field255Size*v)
			xof.Read(r)
			copy(next[16*i:16*i+16], r[:16])
			sampleVec(vals255[v*i:v*(i+1)], r[16:], Field255Size, sampleField255, func(c []byte) { xof.Read(c) })
		}
		return false
	}
	leaf := level == x.p.bits-1
	nb := 1
	if values {
		if leaf {
			nb = 1 + 2*v // draft 06 leaf: Field255 from the fixed-key stream
		} else {
			nb = (16 + Field64Size*v + 15) / 16
		}
	}
	raw := grown(&x.raw1, 16*nb*n)
	chained := ext != nil && x.usesAES(level+1)
	if chained {
		ne := x.extendBlocks()
		rawExt := ext
		if x.p.legacy {
			rawExt = grown(&x.raw2, 16*ne*n)
		}
		x.chain(seeds, raw, nb, rawExt, ne)
		x.extended += n
		x.finishExtend(rawExt, ext, t)
	} else {
		x.fill(usageConvert, raw, seeds, nb)
	}
	for i := range n {
		r := raw[16*nb*i : 16*nb*(i+1)]
		copy(next[16*i:16*i+16], r[:16])
		switch {
		case !values:
		case leaf:
			sampleAES(x, seeds[16*i:16*i+16], r, vals255[v*i:v*(i+1)], Field255Size, sampleField255)
		case !sampleField64Fast(r[16:], vals64[v*i:v*(i+1)]):
			sampleAES(x, seeds[16*i:16*i+16], r, vals64[v*i:v*(i+1)], Field64Size, sampleField64)
		}
	}
	return chained
}

// sampleField64Fast decodes len(v) elements from buf and reports whether
// none was rejected (then v is next_vec's result; else the slow path
// redoes it).
func sampleField64Fast(buf []byte, v []Field64) bool {
	ok := true
	for i := range v {
		e := binary.LittleEndian.Uint64(buf[8*i:])
		v[i] = Field64{e}
		ok = ok && e < Modulus64 // rejection may leak, as the draft allows
	}
	return ok
}

// sampleAES samples vals from the fixed-key stream of seed, whose first
// len(raw) bytes are already in raw (the next seed, then field elements).
// If rejection sampling needs more, the stream goes on after raw.
func sampleAES[T elem](x *levelXofs, seed, raw []byte, vals []T, size int, sample func([]byte) (T, bool)) {
	var s *fixedkey.Stream
	sampleVec(vals, raw[16:], size, sample, func(c []byte) {
		if s == nil { // rare: only after a rejection
			st := x.key(usageConvert).Stream([16]byte(seed))
			st.Read(make([]byte, len(raw)))
			s = &st
		}
		s.Read(c)
	})
}

type elem interface{ Field64 | Field255 }

// sampleVec is the draft's next_vec: take size-byte chunks, first from buf,
// then from more, keeping those sample accepts, until v is full.
func sampleVec[T elem](v []T, buf []byte, size int, sample func([]byte) (T, bool), more func([]byte)) {
	for i := 0; i < len(v); {
		var chunk []byte
		if len(buf) >= size {
			chunk, buf = buf[:size], buf[size:]
		} else {
			chunk = make([]byte, size) // rare: only after a rejection
			more(chunk)
		}
		if e, ok := sample(chunk); ok {
			v[i] = e
			i++
		}
	}
}
