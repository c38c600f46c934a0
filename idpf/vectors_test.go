package idpf

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/internal/testkit/testvec"
	"github.com/go-xkcp/keccak/xof"
)

// The vector tests read the IDPF and Poplar1 files under ../testdata/vdaf,
// or under the directory named by VDAF_TEST_VECTORS (testvec.WalkVDAF,
// which also fails on a file of an unknown kind; package xof checks the
// XOF files). VDAF_TEST_VERSION sets the VERSION byte for the
// current-format files (default 18, drafts 18 to 20), so that vectors of a
// later draft that only bumps VERSION run unchanged.

func TestVectors(t *testing.T) {
	kinds := []string{"IdpfBBCGGI21", "IdpfPoplar", "Poplar1"}
	testvec.WalkVDAF(t, kinds, func(t *testing.T, kind string, data []byte) {
		// Every file on every Keccak backend and AES path.
		file := filepath.Base(t.Name())
		implrun.RunAll(t, func(t *testing.T) {
			if kind == "Poplar1" {
				checkPoplar1Vector(t, data)
				return
			}
			checkIdpfVector(t, file, data)
		})
	})
}

func decodeStrict(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("parse: %v", err)
	}
}

// checkIdpfVector: Gen reproduces the public share from rand = keys[0] ||
// keys[1]; the share decodes and re-encodes; and evaluating both keys at
// every level on every prefix gives beta on alpha's path, zero elsewhere.
func checkIdpfVector(t *testing.T, file string, data []byte) {
	var v struct {
		Bits        int             `json:"bits"`
		Alpha       json.RawMessage `json:"alpha"`
		BetaInner   [][]string      `json:"beta_inner"`
		BetaLeaf    []string        `json:"beta_leaf"`
		Ctx         hexBytes        `json:"ctx"`
		Nonce       hexBytes        `json:"nonce"`
		Binder      hexBytes        `json:"binder"`
		Keys        []hexBytes      `json:"keys"`
		PublicShare hexBytes        `json:"public_share"`
	}
	decodeStrict(t, data, &v)
	if len(v.BetaLeaf) == 0 || len(v.Keys) != 2 {
		t.Fatal("vector lacks beta_leaf or keys")
	}
	valueLen := len(v.BetaLeaf)
	var p *Idpf
	var err error
	var alpha []bool
	nonce := v.Nonce
	if strings.HasPrefix(file, "IdpfPoplar") {
		// Draft 06: alpha is a decimal integer, level 0 its MSB; the nonce
		// is called binder.
		p, err = NewDraft06(v.Bits, valueLen)
		var s string
		decodeStrict(t, v.Alpha, &s)
		a, ok := new(big.Int).SetString(s, 10)
		if !ok {
			t.Fatalf("bad alpha %q", s)
		}
		for l := range v.Bits {
			alpha = append(alpha, a.Bit(v.Bits-1-l) == 1)
		}
		nonce = v.Binder
	} else {
		p, err = New(v.Bits, valueLen, WithVersion(testvec.VDAFVersion(t, Version)))
		decodeStrict(t, v.Alpha, &alpha)
	}
	if err != nil {
		t.Fatal(err)
	}
	betaInner := make([][]Field64, len(v.BetaInner))
	for l, vec := range v.BetaInner {
		for _, s := range vec {
			betaInner[l] = append(betaInner[l], parseField64(t, s))
		}
	}
	var betaLeaf []Field255
	for _, s := range v.BetaLeaf {
		betaLeaf = append(betaLeaf, parseField255(t, s))
	}
	rand := append(append([]byte{}, v.Keys[0]...), v.Keys[1]...)
	ps, keys, err := p.Gen(alpha, betaInner, betaLeaf, v.Ctx, nonce, rand)
	if err != nil {
		t.Fatal(err)
	}
	if got := ps.Encode(); !bytes.Equal(got, v.PublicShare) {
		t.Fatalf("public_share =\n%x\nwant\n%x", got, v.PublicShare)
	}
	for j := range 2 {
		if !bytes.Equal(keys[j][:], v.Keys[j]) {
			t.Errorf("key %d = %x, want %x", j, keys[j], v.Keys[j])
		}
	}
	dec, err := p.DecodePublicShare(v.PublicShare)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !bytes.Equal(dec.Encode(), v.PublicShare) {
		t.Error("decode/encode round trip differs")
	}
	// Eval from the decoded share: every prefix at the small levels, and
	// alpha's prefix plus random others above 2^8.
	e0, _ := p.NewEvaluator(0, dec, Key(v.Keys[0]), v.Ctx, nonce, NewCache())
	e1, _ := p.NewEvaluator(1, dec, Key(v.Keys[1]), v.Ctx, nonce, nil)
	for level := range min(v.Bits, 8) {
		prefixes := allPrefixes(level + 1)
		s0, err := e0.Eval(level, prefixes)
		if err != nil {
			t.Fatal(err)
		}
		s1, err := e1.Eval(level, prefixes)
		if err != nil {
			t.Fatal(err)
		}
		checkSums(t, p, level, prefixes, alpha, betaInner, betaLeaf, s0, s1)
	}
	for level := 8; level < v.Bits; level++ {
		other := append([]bool{}, alpha[:level+1]...)
		other[level] = !other[level]
		prefixes := [][]bool{alpha[:level+1], other}
		s0, _ := e0.Eval(level, prefixes)
		s1, _ := e1.Eval(level, prefixes)
		checkSums(t, p, level, prefixes, alpha, betaInner, betaLeaf, s0, s1)
	}
}

// checkPoplar1Vector checks the IDPF parts of a Poplar1 run: the shard's
// authenticators and IDPF Gen (public share, keys), then each aggregator's
// IDPF Eval at the aggregation parameter against the data shares in
// out_shares.
func checkPoplar1Vector(t *testing.T, data []byte) {
	v := testvec.DecodePoplar1(t, data)
	version := testvec.VDAFVersion(t, Version)
	p, err := New(v.Bits, 2, WithVersion(version))
	if err != nil {
		t.Fatal(err)
	}
	level, prefixes := decodeAggParam(t, v.AggParam)
	if level >= v.Bits {
		t.Fatalf("agg_param level %d >= bits %d", level, v.Bits)
	}
	if len(v.Reports) == 0 {
		t.Fatal("no reports")
	}
	for ri, r := range v.Reports {
		if len(r.InputShares) != 2 || len(r.InputShares[0]) < KeySize || len(r.InputShares[1]) < KeySize {
			t.Fatalf("report %d: bad input_shares", ri)
		}
		keys := [2]Key{Key(r.InputShares[0][:KeySize]), Key(r.InputShares[1][:KeySize])}
		ps, err := p.DecodePublicShare(r.PublicShare)
		if err != nil {
			t.Fatalf("report %d: decode public share: %v", ri, err)
		}
		var betaInner [][]Field64
		var betaLeaf []Field255
		if r.Measurement != nil {
			betaInner, betaLeaf = poplar1Betas(t, version, v.Bits, v.Ctx, r.Nonce, r.Rand[96:128])
			gps, gkeys, err := p.Gen(r.Measurement, betaInner, betaLeaf, v.Ctx, r.Nonce, r.Rand[:RandSize])
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(gps.Encode(), r.PublicShare) {
				t.Errorf("report %d: public share differs", ri)
			}
			if gkeys != keys {
				t.Errorf("report %d: IDPF keys differ", ri)
			}
		}
		var shares [2]*Shares
		for agg := range 2 {
			shares[agg], err = p.Eval(agg, ps, keys[agg], level, prefixes, v.Ctx, r.Nonce, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.OutShares) == 0 { // negative cases stop before output
				continue
			}
			if len(r.OutShares) != 2 {
				t.Fatalf("report %d: %d out_shares", ri, len(r.OutShares))
			}
			// Poplar1's output share is each prefix's data share, y[0].
			var enc []byte
			for i := range prefixes {
				if level < v.Bits-1 {
					enc, _ = shares[agg].Inner[i][0].AppendBinary(enc)
				} else {
					enc, _ = shares[agg].Leaf[i][0].AppendBinary(enc)
				}
			}
			if !bytes.Equal(enc, r.OutShares[agg]) {
				t.Errorf("report %d agg %d: out share\n%x\nwant\n%x", ri, agg, enc, r.OutShares[agg])
			}
		}
		if r.Measurement != nil {
			checkSums(t, p, level, prefixes, r.Measurement, betaInner, betaLeaf, shares[0], shares[1])
		} else {
			checkHonestSums(t, p, level, shares[0], shares[1])
		}
	}
}

// poplar1Betas is the IDPF input of Poplar1's shard: authenticators from
// XofTurboShake128(shard seed, dst(usage 1) || ctx, nonce), BITS-1 in
// Field64 and one in Field255, each paired with the data value 1.
func poplar1Betas(t *testing.T, version byte, bits int, ctx, nonce, seed []byte) ([][]Field64, []Field255) {
	dst := append([]byte{version, 0, 0, 0, 0, 6, 0, 1}, ctx...)
	x, err := xof.NewXOFTurboSHAKE128(seed, dst, nonce)
	if err != nil {
		t.Fatal(err)
	}
	one64, one255 := NewField64(1), NewField255(1)
	inner := make([][]Field64, bits-1)
	for l := range inner {
		var k [1]Field64
		sampleVec(k[:], nil, Field64Size, sampleField64, func(c []byte) { x.Read(c) })
		inner[l] = []Field64{one64, k[0]}
	}
	var k [1]Field255
	sampleVec(k[:], nil, Field255Size, sampleField255, func(c []byte) { x.Read(c) })
	return inner, []Field255{one255, k[0]}
}

// checkHonestSums is for reports without a measurement: an honestly made
// IDPF still sums to (1, auth) on at most one prefix and to (0, 0) on the
// others.
func checkHonestSums(t *testing.T, p *Idpf, level int, s0, s1 *Shares) {
	hot := 0
	n := len(s0.Inner) + len(s0.Leaf)
	for i := range n {
		var data, auth bool // nonzero?
		if level < p.bits-1 {
			d, a := s0.Inner[i][0].Add(s1.Inner[i][0]), s0.Inner[i][1].Add(s1.Inner[i][1])
			if !d.Equal(Field64{}) && !d.Equal(NewField64(1)) {
				t.Fatalf("prefix %d: data sum %d", i, d.Uint64())
			}
			data, auth = !d.Equal(Field64{}), !a.Equal(Field64{})
		} else {
			d, a := s0.Leaf[i][0].Add(s1.Leaf[i][0]), s0.Leaf[i][1].Add(s1.Leaf[i][1])
			if !d.Equal(Field255{}) && !d.Equal(NewField255(1)) {
				t.Fatalf("prefix %d: data sum not 0 or 1", i)
			}
			data, auth = !d.Equal(Field255{}), !a.Equal(Field255{})
		}
		if data != auth {
			t.Errorf("prefix %d: data and authenticator disagree on being zero", i)
		}
		if data {
			hot++
		}
	}
	if hot > 1 {
		t.Errorf("%d prefixes hold the measurement", hot)
	}
}

// decodeAggParam parses Poplar1's aggregation parameter: level (BE16),
// count (BE32), then each prefix MSB-first in ceil((level+1)/8) bytes.
func decodeAggParam(t *testing.T, b []byte) (int, [][]bool) {
	if len(b) < 6 {
		t.Fatal("agg_param too short")
	}
	level := int(binary.BigEndian.Uint16(b))
	count := int(binary.BigEndian.Uint32(b[2:]))
	w := (level + 1 + 7) / 8
	b = b[6:]
	if len(b) != count*w {
		t.Fatalf("agg_param: %d prefix bytes, want %d", len(b), count*w)
	}
	var prefixes [][]bool
	for i := range count {
		pr := make([]bool, level+1)
		for j := range pr {
			pr[j] = b[i*w+j/8]>>(7-j%8)&1 == 1
		}
		prefixes = append(prefixes, pr)
	}
	return level, prefixes
}
