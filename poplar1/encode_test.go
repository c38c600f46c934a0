package poplar1

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
)

var (
	// nonCanonical64 is p = 2^64 - 2^32 + 1, the smallest value >= p.
	nonCanonical64 = []byte{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}
	// nonCanonical255 is p = 2^255 - 19.
	nonCanonical255 = append([]byte{0xed}, append(bytes.Repeat([]byte{0xff}, 30), 0x7f)...)
)

// rejects checks that decode fails on every truncation, on a trailing
// byte, and with each listed (offset, bytes) overwrite.
func rejects(t *testing.T, what string, b []byte, decode func([]byte) error, bad map[int][]byte) {
	t.Helper()
	if err := decode(b); err != nil {
		t.Fatalf("%s: valid encoding rejected: %v", what, err)
	}
	for n := range len(b) {
		if decode(b[:n]) == nil {
			t.Errorf("%s: truncated to %d bytes accepted", what, n)
		}
	}
	if decode(append(bytes.Clone(b), 0)) == nil {
		t.Errorf("%s: trailing byte accepted", what)
	}
	for off, v := range bad {
		c := bytes.Clone(b)
		copy(c[off:], v)
		if decode(c) == nil {
			t.Errorf("%s: %x at offset %d accepted", what, v, off)
		}
	}
}

func TestStrictDecoding(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	p, _ := New(5)
	c := shardRandom(t, p, r, nil, bitsOf("10110"))
	in, _ := c.in[0].MarshalBinary()
	n := 2 * (p.Bits() - 1) * idpf.Field64Size
	rejects(t, "input share", in, func(b []byte) error { _, err := p.DecodeInputShare(b); return err }, map[int][]byte{
		48:          nonCanonical64,
		48 + n - 8:  nonCanonical64,
		48 + n:      nonCanonical255,
		48 + n + 32: {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	})
	rejects(t, "public share", c.ps.Encode(), func(b []byte) error { _, err := p.DecodePublicShare(b); return err }, nil)

	key := randBytes(r, VerifyKeySize)
	for _, ap := range []*AggParam{param(2, "000", "101", "110"), param(4, "10110", "11111")} {
		var st [2]*VerifyState
		var sh [2]*FieldVec
		for j := range 2 {
			var err error
			st[j], sh[j], err = p.VerifyInit(key, nil, j, ap, c.nonce, c.ps, c.in[j])
			if err != nil {
				t.Fatal(err)
			}
		}
		sz := 8
		bad := nonCanonical64
		if p.isLeaf(ap.Level) {
			sz, bad = 32, nonCanonical255
		}
		enc, _ := sh[1].MarshalBinary()
		rejects(t, "round-1 verifier share", enc, func(b []byte) error { _, err := p.DecodeVerifierShare(st[0], b); return err }, map[int][]byte{0: bad, 2 * sz: bad})
		msg, err := p.VerifierSharesToMessage(ap, sh)
		if err != nil {
			t.Fatal(err)
		}
		menc := EncodeVerifierMessage(msg)
		rejects(t, "round-1 message", menc, func(b []byte) error { _, err := p.DecodeVerifierMessage(st[0], b); return err }, map[int][]byte{sz: bad})
		var out [2]*FieldVec
		for j := range 2 {
			if st[j], sh[j], err = st[j].Next(msg); err != nil {
				t.Fatal(err)
			}
		}
		enc, _ = sh[0].MarshalBinary()
		rejects(t, "round-2 verifier share", enc, func(b []byte) error { _, err := p.DecodeVerifierShare(st[1], b); return err }, map[int][]byte{0: bad})
		msg, err = p.VerifierSharesToMessage(ap, sh)
		if err != nil || msg != nil {
			t.Fatalf("round 2: %v, %v", msg, err)
		}
		if m, err := p.DecodeVerifierMessage(st[1], nil); m != nil || err != nil {
			t.Fatal("empty second-round message rejected")
		}
		if _, err := p.DecodeVerifierMessage(st[1], make([]byte, sz)); err == nil {
			t.Error("non-empty second-round message accepted")
		}
		for j := range 2 {
			if out[j], err = st[j].Out(nil); err != nil {
				t.Fatal(err)
			}
		}
		agg, _ := p.Merge(ap, out[:1])
		enc, _ = agg.MarshalBinary()
		rejects(t, "aggregate share", enc, func(b []byte) error { _, err := p.DecodeAggShare(ap, b); return err }, map[int][]byte{sz: bad})
	}
}

// Wrong-shaped values are errors in every step that takes them, and leave
// the inputs unchanged.
func TestShapeErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	p, _ := New(3)
	c := shardRandom(t, p, r, nil, bitsOf("011"))
	key := randBytes(r, VerifyKeySize)
	ap := param(1, "00", "01")
	st, _, err := p.VerifyInit(key, nil, 0, ap, c.nonce, c.ps, c.in[0])
	if err != nil {
		t.Fatal(err)
	}
	leafMsg := &FieldVec{Leaf: make([]idpf.Field255, 3)}
	for _, m := range []*FieldVec{nil, {Inner: make([]idpf.Field64, 2)}, leafMsg, {Inner: make([]idpf.Field64, 3), Leaf: make([]idpf.Field255, 1)}} {
		if _, _, err := st.Next(m); err == nil {
			t.Errorf("Next(%v) accepted", m)
		}
	}
	if _, err := st.Out(nil); err == nil {
		t.Error("Out on a first-round state")
	}
	if _, err := p.VerifierSharesToMessage(ap, [2]*FieldVec{{Inner: make([]idpf.Field64, 3)}, leafMsg}); err == nil {
		t.Error("shares of two fields combined")
	}
	if _, err := p.VerifierSharesToMessage(ap, [2]*FieldVec{{Inner: make([]idpf.Field64, 2)}, {Inner: make([]idpf.Field64, 2)}}); err == nil {
		t.Error("two-element shares combined")
	}
	agg, _ := p.AggInit(ap)
	agg.Inner[0] = idpf.NewField64(7)
	if err := p.AggUpdate(ap, agg, &FieldVec{Inner: make([]idpf.Field64, 3)}); err == nil || agg.Inner[0].Uint64() != 7 {
		t.Error("wrong-length output share aggregated")
	}
	leafAp := param(2, "011")
	if _, err := p.Unshard(leafAp, [2]*FieldVec{{Leaf: []idpf.Field255{idpf.NewField255(1).Neg()}}, {Leaf: make([]idpf.Field255, 1)}}); err == nil {
		t.Error("a count of p-1 fitted 64 bits")
	}
	for _, bad := range []func() error{
		func() error { _, _, err := p.Shard(nil, bitsOf("01"), c.nonce, make([]byte, RandSize)); return err },
		func() error {
			_, _, err := p.Shard(nil, bitsOf("011"), c.nonce[:15], make([]byte, RandSize))
			return err
		},
		func() error { _, _, err := p.Shard(nil, bitsOf("011"), c.nonce, make([]byte, RandSize-1)); return err },
		func() error {
			_, _, err := p.Shard(make([]byte, 65536), bitsOf("011"), c.nonce, make([]byte, RandSize))
			return err
		},
		func() error { _, _, err := p.VerifyInit(key[:31], nil, 0, ap, c.nonce, c.ps, c.in[0]); return err },
		func() error { _, _, err := p.VerifyInit(key, nil, 2, ap, c.nonce, c.ps, c.in[0]); return err },
		func() error {
			_, _, err := p.VerifyInit(key, nil, 0, param(1, "01", "00"), c.nonce, c.ps, c.in[0])
			return err
		},
		func() error { _, _, err := p.VerifyInit(key, nil, 0, ap, c.nonce, c.ps, nil); return err },
		func() error { _, err := New(0); return err },
	} {
		if bad() == nil {
			t.Error("bad input accepted")
		}
	}
}
