package poplar1

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
)

// FuzzDecode feeds arbitrary bytes to every decoder, and runs verification
// on whatever decodes: errors, never panics. The seed corpus is real
// messages, so mutations stay close to valid ones. Run it with
// go test -fuzz FuzzDecode ./poplar1.
func FuzzDecode(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, bits := range []int{1, 2, 4, 9} {
		p, _ := New(bits)
		m := make([]bool, bits)
		m[0] = true
		c := shardRandom(f, p, r, nil, m)
		in, _ := c.in[1].MarshalBinary()
		ap := &AggParam{Level: bits - 1, Prefixes: [][]bool{m}}
		apb, _ := ap.MarshalBinary()
		f.Add(uint8(bits), uint16(bits-1), apb, c.ps.Encode(), in, []byte{})
	}
	f.Fuzz(func(t *testing.T, bits uint8, level uint16, apb, psb, inb, msg []byte) {
		p, err := New(int(bits)%16 + 1)
		if err != nil {
			t.Fatal(err)
		}
		// The round-dependent decoders, at a level in range.
		lvl := int(level) % p.Bits()
		corr := FieldVec{Inner: make([]idpf.Field64, 2)} // a first-round state's
		if p.isLeaf(lvl) {
			corr = FieldVec{Leaf: make([]idpf.Field255, 2)}
		}
		for _, st := range []*VerifyState{{level: lvl, corr: corr}, {level: lvl, reveal: true}} {
			p.DecodeVerifierShare(st, msg)
			p.DecodeVerifierMessage(st, msg)
		}
		p.DecodeAggShare(&AggParam{Level: lvl, Prefixes: make([][]bool, len(msg)%5)}, msg)
		ap, errA := p.DecodeAggParam(apb)
		ps, errP := p.DecodePublicShare(psb)
		in, errI := p.DecodeInputShare(inb)
		if errA != nil || errP != nil || errI != nil {
			return
		}
		key := make([]byte, VerifyKeySize)
		nonce := make([]byte, NonceSize)
		st, share, err := p.VerifyInit(key, nil, int(level)&1, ap, nonce, ps, in)
		if err != nil {
			return
		}
		if share.Len() != 3 || st.out.Len() != len(ap.Prefixes) {
			t.Fatalf("share of %d elements, output share of %d", share.Len(), st.out.Len())
		}
		if m, err := p.DecodeVerifierMessage(st, msg); err == nil {
			if next, _, err := st.Next(m); err == nil {
				next.Out(nil)
			}
		}
	})
}

// FuzzAggParamSequence: for any two encoded parameters, a Report accepts
// the second after the first exactly when ValidAggParam does, and
// ValidAggParam never panics.
func FuzzAggParamSequence(f *testing.F) {
	for _, c := range [][2]*AggParam{
		{param(0, "0", "1"), param(1, "00", "01", "11")},
		{param(1, "01"), param(3, "0100", "0111", "1000")},
		{param(2, "000", "011"), param(2, "000")},
	} {
		a, _ := c[0].MarshalBinary()
		b, _ := c[1].MarshalBinary()
		f.Add(a, b)
	}
	r := rand.New(rand.NewPCG(13, 14))
	p, _ := New(5)
	cl := shardRandom(f, p, r, nil, bitsOf("01101"))
	key := randBytes(r, VerifyKeySize)
	f.Fuzz(func(t *testing.T, a, b []byte) {
		first, err1 := p.DecodeAggParam(a)
		second, err2 := p.DecodeAggParam(b)
		if err1 != nil || err2 != nil || p.ValidAggParam(first, nil) != nil {
			return
		}
		rep, err := p.NewReport(key, nil, 0, cl.nonce, cl.ps, cl.in[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := rep.Init(first); err != nil {
			t.Fatalf("valid first parameter rejected: %v", err)
		}
		_, _, errInit := rep.Init(second)
		errValid := p.ValidAggParam(second, []*AggParam{first})
		if (errInit == nil) != (errValid == nil) {
			t.Fatalf("Report.Init: %v, ValidAggParam: %v", errInit, errValid)
		}
	})
}
