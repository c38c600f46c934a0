package idpf

import (
	"github.com/go-xkcp/keccak"
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
	ext, conv       *keccak.FixedKeyAes128Key // nil when p.perInstanceKeys
	leaf            *keccak.XofTurboShake128  // made on first use
	scratch         []byte
	extended        int // nodes extended so far; tests read it
}

func (p *Idpf) newXofs(ctx, nonce []byte) (*levelXofs, error) {
	x := &levelXofs{
		p:       p,
		nonce:   append([]byte(nil), nonce...),
		extDst:  p.dst(usageExtend, ctx),
		convDst: p.dst(usageConvert, ctx),
	}
	if !p.perInstanceKeys {
		var err error
		if x.ext, err = x.deriveKey(x.extDst); err != nil {
			return nil, err
		}
		if x.conv, err = x.deriveKey(x.convDst); err != nil {
			return nil, err
		}
	}
	return x, nil
}

func (x *levelXofs) deriveKey(dst []byte) (*keccak.FixedKeyAes128Key, error) {
	if x.p.legacy {
		return keccak.NewPrgFixedKeyAes128Key(dst, x.nonce), nil
	}
	return keccak.NewFixedKeyAes128Key(dst, x.nonce)
}

// key returns the fixed key for usage, deriving a new one in
// per-instance mode.
func (x *levelXofs) key(usage int) *keccak.FixedKeyAes128Key {
	k, dst := x.ext, x.extDst
	if usage == usageConvert {
		k, dst = x.conv, x.convDst
	}
	if k == nil {
		k, _ = x.deriveKey(dst) // dst was checked when x was made
	}
	return k
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

// usesAES reports whether level's XOF is the fixed-key one: every level
// in draft 06, the inner levels since draft 12.
func (x *levelXofs) usesAES(level int) bool { return x.p.legacy || level < x.p.bits-1 }

func (x *levelXofs) buf(n int) []byte {
	if cap(x.scratch) < n {
		x.scratch = make([]byte, n)
	}
	return x.scratch[:n]
}

// leafXof restarts the leaf XofTurboShake128 for seed and dst.
func (x *levelXofs) leafXof(seed, dst []byte) *keccak.XofTurboShake128 {
	if x.leaf == nil {
		x.leaf, _ = keccak.NewXofTurboShake128(seed, dst, x.nonce) // lengths checked before
		return x.leaf
	}
	x.leaf.Reset(seed, dst, x.nonce)
	return x.leaf
}

// extend runs extend on each 16-byte seed in seeds: out gets s0 || s1 (32
// bytes per seed) and t gets t0, t1 (one byte each, 0 or 1).
func (x *levelXofs) extend(level int, seeds, out []byte, t []uint8) {
	n := len(seeds) / 16
	x.extended += n
	switch {
	case x.p.legacy:
		// Draft 06: 33 bytes, control bits in the last byte, seeds as read.
		raw := x.buf(48 * n)
		x.fill(usageExtend, raw, seeds, 3)
		for i := range n {
			copy(out[32*i:32*i+32], raw[48*i:48*i+32])
			t[2*i] = raw[48*i+32] & 1
			t[2*i+1] = raw[48*i+32] >> 1 & 1
		}
		return
	case x.usesAES(level):
		x.fill(usageExtend, out, seeds, 2)
	default:
		for i := range n {
			x.leafXof(seeds[16*i:16*i+16], x.extDst).Read(out[32*i : 32*i+32])
		}
	}
	// The control bits are the seeds' least significant bits, then cleared.
	for i := range 2 * n {
		t[i] = out[16*i] & 1
		out[16*i] &^= 1
	}
}

// convertSeeds is convert when only the next seeds are needed (levels
// before the one evaluated): just the first 16 bytes of each stream.
func (x *levelXofs) convertSeeds(level int, seeds, next []byte) {
	if x.usesAES(level) {
		x.fill(usageConvert, next, seeds, 1)
		return
	}
	for i := 0; i < len(seeds); i += 16 {
		x.leafXof(seeds[i:i+16], x.convDst).Read(next[i : i+16])
	}
}

// convertInner is convert at an inner level: next seeds and VALUE_LEN
// Field64 elements per seed into vals.
func (x *levelXofs) convertInner(level int, seeds, next []byte, vals []Field64) {
	v := x.p.valueLen
	nb := (16 + Field64Size*v + 15) / 16
	raw := x.buf(16 * nb * len(seeds) / 16)
	x.fill(usageConvert, raw, seeds, nb)
	for i := 0; i < len(seeds)/16; i++ {
		r := raw[16*nb*i : 16*nb*(i+1)]
		copy(next[16*i:16*i+16], r[:16])
		sampleAES(x, seeds[16*i:16*i+16], r, vals[v*i:v*(i+1)], Field64Size, sampleField64)
	}
}

// convertLeaf is convert at the leaf level: next seeds (unused by the
// IDPF, but part of the stream) and VALUE_LEN Field255 elements per seed.
func (x *levelXofs) convertLeaf(seeds, next []byte, vals []Field255) {
	v := x.p.valueLen
	if x.p.legacy {
		nb := 1 + 2*v
		raw := x.buf(16 * nb * len(seeds) / 16)
		x.fill(usageConvert, raw, seeds, nb)
		for i := 0; i < len(seeds)/16; i++ {
			r := raw[16*nb*i : 16*nb*(i+1)]
			copy(next[16*i:16*i+16], r[:16])
			sampleAES(x, seeds[16*i:16*i+16], r, vals[v*i:v*(i+1)], Field255Size, sampleField255)
		}
		return
	}
	for i := 0; i < len(seeds)/16; i++ {
		xof := x.leafXof(seeds[16*i:16*i+16], x.convDst)
		r := x.buf(16 + Field255Size*v)
		xof.Read(r)
		copy(next[16*i:16*i+16], r[:16])
		sampleVec(vals[v*i:v*(i+1)], r[16:], Field255Size, sampleField255, func(c []byte) { xof.Read(c) })
	}
}

// sampleAES samples vals from the fixed-key stream of seed, whose first
// len(raw) bytes are already in raw (the next seed, then field elements).
// If rejection sampling needs more, the stream goes on after raw.
func sampleAES[T elem](x *levelXofs, seed, raw []byte, vals []T, size int, sample func([]byte) (T, bool)) {
	var s *keccak.FixedKeyAes128Stream
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
