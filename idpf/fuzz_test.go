package idpf

import (
	"bytes"
	"testing"
)

// fuzzIdpf picks small parameters from two fuzzer bytes.
func fuzzIdpf(bitsSel, lenSel uint8, legacy bool) *Idpf {
	bits, valueLen := 1+int(bitsSel%24), 1+int(lenSel%3)
	if legacy {
		p, _ := NewDraft06(bits, valueLen)
		return p
	}
	p, _ := New(bits, valueLen)
	return p
}

func addSeeds(f *testing.F, add func(ps []byte, bitsSel, lenSel uint8, legacy bool)) {
	for _, legacy := range []bool{false, true} {
		for _, c := range [][2]uint8{{0, 0}, {3, 1}, {9, 2}} {
			p := fuzzIdpf(c[0], c[1], legacy)
			inner := make([][]Field64, p.bits-1)
			for l := range inner {
				inner[l] = make([]Field64, p.valueLen)
				inner[l][0] = NewField64(1)
			}
			leaf := make([]Field255, p.valueLen)
			ps, _, err := p.Gen(make([]bool, p.bits), inner, leaf, nil, make([]byte, 16), make([]byte, 32))
			if err != nil {
				f.Fatal(err)
			}
			enc := ps.Encode()
			add(enc, c[0], c[1], legacy)
			add(enc[:len(enc)-1], c[0], c[1], legacy)
			add(bytes.Repeat([]byte{0xff}, len(enc)), c[0], c[1], legacy)
		}
	}
}

// DecodePublicShare never panics on arbitrary bytes, and whatever it
// accepts re-encodes to exactly the input (the encoding is canonical).
func FuzzDecodePublicShare(f *testing.F) {
	addSeeds(f, func(ps []byte, b, l uint8, legacy bool) { f.Add(ps, b, l, legacy) })
	f.Fuzz(func(t *testing.T, data []byte, bitsSel, lenSel uint8, legacy bool) {
		p := fuzzIdpf(bitsSel, lenSel, legacy)
		ps, err := p.DecodePublicShare(data)
		if err != nil {
			return
		}
		if !bytes.Equal(ps.Encode(), data) {
			t.Fatalf("accepted share does not round-trip")
		}
	})
}

// Eval on arbitrary public share, key, nonce, level and prefixes returns
// shares or an error, never panics; and when it succeeds it returns one
// VALUE_LEN vector per prefix.
func FuzzEval(f *testing.F) {
	addSeeds(f, func(ps []byte, b, l uint8, legacy bool) {
		f.Add(ps, b, l, legacy, make([]byte, 16), make([]byte, 16), uint8(0), 1, []byte{0x80, 0x40})
		f.Add(ps, b, l, legacy, make([]byte, 16), make([]byte, 16), uint8(1), 3, []byte{0xa5, 0x5a, 0xff})
		f.Add(ps, b, l, legacy, make([]byte, 15), make([]byte, 17), uint8(9), 40, []byte{1})
	})
	f.Fuzz(func(t *testing.T, psData []byte, bitsSel, lenSel uint8, legacy bool, key, nonce []byte, agg uint8, level int, prefixBits []byte) {
		p := fuzzIdpf(bitsSel, lenSel, legacy)
		ps, err := p.DecodePublicShare(psData)
		if err != nil {
			return
		}
		k, err := ParseKey(key)
		if err != nil {
			return
		}
		// Up to 8 prefixes of level+1 bits (when level is sane) cut from
		// prefixBits; the fuzzer controls duplicates and lengths.
		var prefixes [][]bool
		plen := min(max(level+1, 0), 64)
		for i := 0; len(prefixBits) > 0 && i < min(len(prefixBits), 8); i++ {
			pr := make([]bool, plen)
			for j := range pr {
				bi := i*plen + j
				pr[j] = prefixBits[bi/8%len(prefixBits)]>>(bi%8)&1 == 1
			}
			prefixes = append(prefixes, pr)
		}
		s, err := p.Eval(int(agg%3), ps, k, level, prefixes, nil, nonce, NewRingCache(2))
		if err != nil {
			return
		}
		n := len(s.Inner) + len(s.Leaf)
		if n != len(prefixes) {
			t.Fatalf("%d shares for %d prefixes", n, len(prefixes))
		}
		for _, v := range s.Inner {
			if len(v) != p.valueLen {
				t.Fatal("wrong VALUE_LEN")
			}
		}
	})
}
