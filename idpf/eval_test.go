package idpf

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// share 0 + share 1 = beta on alpha's prefixes and 0 on every other one,
// at every level, for random alpha, values, ctx and nonce.
func TestSumProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, bits := range []int{1, 2, 8, 64, 256} {
		for valueLen := 1; valueLen <= 3; valueLen++ {
			t.Run(fmt.Sprintf("bits=%d/len=%d", bits, valueLen), func(t *testing.T) {
				p, err := New(bits, valueLen)
				if err != nil {
					t.Fatal(err)
				}
				alpha := randBits(r, bits)
				bi, bl := randBetas(r, p)
				ctx, nonce := randBytes(r, r.IntN(20)), randBytes(r, NonceSize)
				ps, keys, err := p.Gen(alpha, bi, bl, ctx, nonce, randBytes(r, RandSize))
				if err != nil {
					t.Fatal(err)
				}
				e0, _ := p.NewEvaluator(0, ps, keys[0], ctx, nonce, NewCache())
				for level := range bits {
					prefixes := levelPrefixes(r, alpha, level)
					s0, err := e0.Eval(level, prefixes)
					if err != nil {
						t.Fatal(err)
					}
					s1, err := p.Eval(1, ps, keys[1], level, prefixes, ctx, nonce, nil)
					if err != nil {
						t.Fatal(err)
					}
					checkSums(t, p, level, prefixes, alpha, bi, bl, s0, s1)
				}
			})
		}
	}
}

// levelPrefixes returns distinct prefixes of length level+1: alpha's, its
// sibling, and random ones (all of them at small levels), in random order.
func levelPrefixes(r *rand.Rand, alpha []bool, level int) [][]bool {
	if level < 4 {
		ps := allPrefixes(level + 1)
		r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		return ps
	}
	sib := append([]bool{}, alpha[:level+1]...)
	sib[level] = !sib[level]
	out := [][]bool{sib, alpha[:level+1]}
	seen := map[string]bool{fmt.Sprint(out[0]): true, fmt.Sprint(out[1]): true}
	for range 4 {
		pr := randBits(r, level+1)
		if k := fmt.Sprint(pr); !seen[k] {
			seen[k] = true
			out = append(out, pr)
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Eval gives the same shares with no cache, an unbounded cache, ring
// caches of several sizes and a walk cache, whatever the order of levels.
func TestCacheAgrees(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		p, _ := New(20, 2)
		alpha := randBits(r, 20)
		bi, bl := randBetas(r, p)
		nonce := randBytes(r, NonceSize)
		ps, keys, _ := p.Gen(alpha, bi, bl, nil, nonce, randBytes(r, RandSize))
		caches := []*Cache{NewCache(), NewRingCache(1), NewRingCache(3), NewRingCache(64), NewWalkCache()}
		evs := make([]*Evaluator, len(caches))
		for i, c := range caches {
			evs[i], _ = p.NewEvaluator(0, ps, keys[0], nil, nonce, c)
		}
		for round := range 60 {
			level := round % 20 // walks down, then jumps back up
			if round >= 40 {
				level = r.IntN(20)
			}
			prefixes := levelPrefixes(r, alpha, level)
			want, err := p.Eval(0, ps, keys[0], level, prefixes, nil, nonce, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, e := range evs {
				got, err := e.Eval(level, prefixes)
				if err != nil {
					t.Fatal(err)
				}
				if !sharesEqual(got, want) {
					t.Fatalf("round %d level %d: cache %d disagrees with no cache", round, level, i)
				}
				// A fresh Evaluator per call on the same cache (the libprio-rs
				// benchmark's pattern) agrees too.
				got, _ = p.Eval(0, ps, keys[0], level, prefixes, nil, nonce, caches[i])
				if !sharesEqual(got, want) {
					t.Fatalf("round %d level %d: cache %d via Idpf.Eval disagrees", round, level, i)
				}
			}
		}
	})
}

// The cache does its job: walking alpha's path level by level with a
// one-node cache extends one node per level; without it, the walk extends
// 1 + 2 + ... + N nodes.
func TestCacheSavesWork(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	const n = 32
	p, _ := New(n, 2)
	alpha := randBits(r, n)
	bi, bl := randBetas(r, p)
	nonce := randBytes(r, NonceSize)
	ps, keys, _ := p.Gen(alpha, bi, bl, nil, nonce, randBytes(r, RandSize))
	for _, c := range []*Cache{NewRingCache(1), NewCache(), NewWalkCache(), nil} {
		e, _ := p.NewEvaluator(1, ps, keys[1], nil, nonce, c)
		for l := range n {
			if _, err := e.Eval(l, [][]bool{alpha[:l+1]}); err != nil {
				t.Fatal(err)
			}
		}
		want := n
		if c == nil {
			want = n * (n + 1) / 2
		}
		if e.x.extended != want {
			t.Errorf("cache %v: %d nodes extended, want %d", c != nil, e.x.extended, want)
		}
	}
	// Siblings share their parent's extend: all 2^4 prefixes at level 3
	// from scratch cost 1 + 2 + 4 + 8 extends.
	e, _ := p.NewEvaluator(0, ps, keys[0], nil, nonce, nil)
	e.Eval(3, allPrefixes(4))
	if e.x.extended != 15 {
		t.Errorf("all prefixes at level 3: %d extends, want 15", e.x.extended)
	}
}

// A cache used for another report (key, nonce, aggregator, public share)
// drops its nodes instead of serving wrong ones.
func TestCacheRebinds(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	p, _ := New(10, 2)
	type report struct {
		ps    *PublicShare
		keys  [2]Key
		nonce []byte
		alpha []bool
	}
	var reps []report
	for range 2 {
		alpha := randBits(r, 10)
		bi, bl := randBetas(r, p)
		nonce := randBytes(r, NonceSize)
		ps, keys, _ := p.Gen(alpha, bi, bl, nil, nonce, randBytes(r, RandSize))
		reps = append(reps, report{ps, keys, nonce, alpha})
	}
	cache := NewCache()
	for round := range 20 {
		rep, agg := reps[round%2], round/2%2
		level := round % 10
		prefixes := levelPrefixes(r, rep.alpha, level)
		got, _ := p.Eval(agg, rep.ps, rep.keys[agg], level, prefixes, nil, rep.nonce, cache)
		want, _ := p.Eval(agg, rep.ps, rep.keys[agg], level, prefixes, nil, rep.nonce, nil)
		if !sharesEqual(got, want) {
			t.Fatalf("round %d: shared cache served another report's nodes", round)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	p, _ := New(6, 2)
	alpha := randBits(r, 6)
	bi, bl := randBetas(r, p)
	nonce := randBytes(r, NonceSize)
	ps, keys, _ := p.Gen(alpha, bi, bl, nil, nonce, randBytes(r, RandSize))
	other, _ := New(6, 3)
	otherPS, _, _ := other.Gen(alpha, append(bi[:0:0], [][]Field64{{{}, {}, {}}, {{}, {}, {}}, {{}, {}, {}}, {{}, {}, {}}, {{}, {}, {}}}...), []Field255{{}, {}, {}}, nil, nonce, make([]byte, 32))
	e, _ := p.NewEvaluator(0, ps, keys[0], nil, nonce, nil)
	evalCases := []struct {
		name     string
		level    int
		prefixes [][]bool
	}{
		{"level -1", -1, [][]bool{{}}},
		{"level BITS", 6, [][]bool{make([]bool, 7)}},
		{"short prefix", 2, [][]bool{make([]bool, 2)}},
		{"long prefix", 2, [][]bool{make([]bool, 4)}},
		{"mixed lengths", 2, [][]bool{make([]bool, 3), make([]bool, 2)}},
		{"duplicate", 2, [][]bool{{true, false, true}, {false, false, false}, {true, false, true}}},
	}
	for _, c := range evalCases {
		if _, err := e.Eval(c.level, c.prefixes); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	newCases := []struct {
		name  string
		agg   int
		ps    *PublicShare
		ctx   []byte
		nonce []byte
	}{
		{"agg 2", 2, ps, nil, nonce},
		{"agg -1", -1, ps, nil, nonce},
		{"nil public share", 0, nil, nil, nonce},
		{"other parameters", 0, otherPS, nil, nonce},
		{"nonce 15 bytes", 0, ps, nil, nonce[:15]},
		{"nonce 17 bytes", 0, ps, nil, append(nonce, 0)},
		{"nonce empty", 0, ps, nil, nil},
		{"ctx too long", 0, ps, make([]byte, maxCtxLen+1), nonce},
	}
	for _, c := range newCases {
		if _, err := p.Eval(c.agg, c.ps, keys[0], 0, [][]bool{{true}}, c.ctx, c.nonce, nil); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	for _, n := range []int{0, 15, 17, 32} {
		if _, err := ParseKey(make([]byte, n)); err == nil {
			t.Errorf("ParseKey accepted %d bytes", n)
		}
	}
	if k, err := ParseKey(keys[1][:]); err != nil || k != keys[1] {
		t.Error("ParseKey rejected a key")
	}
	legacy, _ := NewDraft06(6, 2)
	lps, lkeys, err := legacy.Gen(alpha, bi, bl, nil, []byte("any length"), make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := legacy.Eval(0, lps, lkeys[0], 0, [][]bool{{true}}, []byte("ctx"), nil, nil); err == nil {
		t.Error("draft-06 Eval accepted a ctx")
	}
	if _, err := p.Eval(0, lps, keys[0], 0, [][]bool{{true}}, nil, nonce, nil); err == nil {
		t.Error("draft-20 Eval accepted a draft-06 public share")
	}
	// No prefixes is not an error: no shares, with or without a cache.
	if s, err := e.Eval(3, nil); err != nil || len(s.Inner) != 0 {
		t.Errorf("empty prefix list: %v, %v", s, err)
	}
	if s, err := p.Eval(0, ps, keys[0], 5, [][]bool{}, nil, nonce, NewCache()); err != nil || len(s.Leaf) != 0 {
		t.Errorf("empty prefix list with a cache: %v, %v", s, err)
	}
}

func TestGenErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	p, _ := New(4, 2)
	alpha := randBits(r, 4)
	bi, bl := randBetas(r, p)
	nonce, rnd := randBytes(r, 16), randBytes(r, 32)
	cases := []struct {
		name  string
		alpha []bool
		bi    [][]Field64
		bl    []Field255
		ctx   []byte
		nonce []byte
		rand  []byte
	}{
		{"short alpha", alpha[:3], bi, bl, nil, nonce, rnd},
		{"long alpha", append(alpha, true), bi, bl, nil, nonce, rnd},
		{"missing inner beta", alpha, bi[:2], bl, nil, nonce, rnd},
		{"short inner beta", alpha, [][]Field64{bi[0], bi[1], bi[2][:1]}, bl, nil, nonce, rnd},
		{"long leaf beta", alpha, bi, append(bl, Field255{}), nil, nonce, rnd},
		{"short rand", alpha, bi, bl, nil, nonce, rnd[:31]},
		{"long rand", alpha, bi, bl, nil, nonce, append(rnd, 0)},
		{"short nonce", alpha, bi, bl, nil, nonce[:15], rnd},
		{"ctx too long", alpha, bi, bl, make([]byte, maxCtxLen+1), nonce, rnd},
	}
	for _, c := range cases {
		if _, _, err := p.Gen(c.alpha, c.bi, c.bl, c.ctx, c.nonce, c.rand); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, _, err := p.Gen(alpha, bi, bl, make([]byte, maxCtxLen), nonce, rnd); err != nil {
		t.Errorf("longest ctx rejected: %v", err)
	}
	for _, c := range [][2]int{{0, 1}, {1, 0}, {-1, 2}, {maxBits + 1, 1}} {
		if _, err := New(c[0], c[1]); err == nil {
			t.Errorf("New(%d, %d) accepted", c[0], c[1])
		}
		if _, err := NewDraft06(c[0], c[1]); err == nil {
			t.Errorf("NewDraft06(%d, %d) accepted", c[0], c[1])
		}
	}
}

func TestDecodePublicShareErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	for _, legacy := range []bool{false, true} {
		for _, bits := range []int{1, 3, 4, 9} {
			var p *Idpf
			if legacy {
				p, _ = NewDraft06(bits, 2)
			} else {
				p, _ = New(bits, 2)
			}
			bi, bl := randBetas(r, p)
			ps, _, err := p.Gen(randBits(r, bits), bi, bl, nil, randBytes(r, 16), randBytes(r, 32))
			if err != nil {
				t.Fatal(err)
			}
			enc := ps.Encode()
			if len(enc) != p.EncodedLen() {
				t.Fatalf("Encode gave %d bytes, EncodedLen %d", len(enc), p.EncodedLen())
			}
			name := fmt.Sprintf("legacy=%v bits=%d", legacy, bits)
			mustFail := func(what string, b []byte, want error) {
				t.Helper()
				_, err := p.DecodePublicShare(b)
				if err == nil {
					t.Errorf("%s: %s accepted", name, what)
				} else if want != nil && !errors.Is(err, want) {
					t.Errorf("%s: %s: error %v, want %v", name, what, err, want)
				}
			}
			mustFail("empty", nil, errPublicShareLen)
			mustFail("truncated", enc[:len(enc)-1], errPublicShareLen)
			mustFail("over-long", append(enc, 0), errPublicShareLen)
			nctrl := (2*bits + 7) / 8
			if (2*bits)%8 != 0 {
				for b := 2 * bits % 8; b < 8; b++ {
					dirty := append([]byte{}, enc...)
					dirty[nctrl-1] |= 1 << b
					mustFail(fmt.Sprintf("padding bit %d", b), dirty, errPadding)
				}
			}
			// Every field element, set to p and to all ones.
			for _, off := range fieldOffsets(p) {
				for _, fill := range []string{"p", "ones"} {
					bad := append([]byte{}, enc...)
					if off.size == Field64Size {
						v := uint64(Modulus64)
						if fill == "ones" {
							v = ^uint64(0)
						}
						for i := range 8 {
							bad[off.at+i] = byte(v >> (8 * i))
						}
						mustFail("Field64 = "+fill, bad, errField64Range)
					} else {
						copy(bad[off.at:], leBytes(modulus255))
						if fill == "ones" {
							for i := range 32 {
								bad[off.at+i] = 0xff
							}
						}
						mustFail("Field255 = "+fill, bad, errField255Range)
					}
				}
			}
			if _, err := p.DecodePublicShare(enc); err != nil {
				t.Errorf("%s: valid share rejected: %v", name, err)
			}
		}
	}
}

type fieldOffset struct{ at, size int }

// fieldOffsets lists where each field element sits in p's encoding.
func fieldOffsets(p *Idpf) []fieldOffset {
	var out []fieldOffset
	at := (2*p.bits + 7) / 8
	for l := range p.bits {
		if p.legacy {
			at += 16
		} else if l == 0 {
			at += 16 * p.bits
		}
		size := Field64Size
		if l == p.bits-1 {
			size = Field255Size
		}
		for range p.valueLen {
			out = append(out, fieldOffset{at, size})
			at += size
		}
	}
	return out
}
