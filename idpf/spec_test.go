package idpf

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/xof"
)

// specIdpf follows the draft's pseudocode as written: every extend and
// convert makes a new XOF instance through the stateless constructors (so
// each derives its own AES key), branches on control bits, and evaluates
// each prefix from the root. It shares nothing with the optimized code but
// the field types and their sampling, and is the reference the fast paths
// must match byte for byte.
type specIdpf struct {
	bits, valueLen int
	version        byte
	legacy         bool
}

func (s specIdpf) xof(level int, seed []byte, usage byte, ctx, nonce []byte) io.Reader {
	dst := append([]byte{s.version, 1, 0, 0, 0, 0, 0, usage}, ctx...)
	var r io.Reader
	var err error
	switch {
	case s.legacy:
		r, err = xof.NewPRGFixedKeyAES128(seed, dst, nonce)
	case level < s.bits-1:
		r, err = xof.NewXOFFixedKeyAES128(seed, dst, nonce)
	default:
		r, err = xof.NewXOFTurboSHAKE128(seed, dst, nonce)
	}
	if err != nil {
		panic(err)
	}
	return r
}

func (s specIdpf) extend(level int, seed, ctx, nonce []byte) (sd [2][]byte, t [2]bool) {
	r := s.xof(level, seed, 0, ctx, nonce)
	if s.legacy {
		b := make([]byte, 33)
		r.Read(b)
		return [2][]byte{b[:16], b[16:32]}, [2]bool{b[32]&1 == 1, b[32]&2 == 2}
	}
	b := make([]byte, 32)
	r.Read(b)
	sd = [2][]byte{b[:16], b[16:]}
	for i := range 2 {
		t[i] = sd[i][0]&1 == 1
		sd[i][0] &^= 1
	}
	return sd, t
}

func readVec[T elem](r io.Reader, n, size int, sample func([]byte) (T, bool)) []T {
	var out []T
	for len(out) < n {
		c := make([]byte, size)
		r.Read(c)
		if e, ok := sample(c); ok {
			out = append(out, e)
		}
	}
	return out
}

func (s specIdpf) convert(level int, seed, ctx, nonce []byte) ([]byte, []Field64, []Field255) {
	r := s.xof(level, seed, 1, ctx, nonce)
	next := make([]byte, 16)
	r.Read(next)
	if level < s.bits-1 {
		return next, readVec(r, s.valueLen, Field64Size, sampleField64), nil
	}
	return next, nil, readVec(r, s.valueLen, Field255Size, sampleField255)
}

func xorBytes(a, b []byte) []byte {
	out := make([]byte, len(a))
	for i := range a {
		out[i] = a[i] ^ b[i]
	}
	return out
}

type specCW struct {
	seed        []byte
	left, right bool
	w64         []Field64
	w255        []Field255
}

func (s specIdpf) gen(alpha []bool, betaInner [][]Field64, betaLeaf []Field255, ctx, nonce, rand []byte) []specCW {
	seed := [2][]byte{rand[:16], rand[16:32]}
	ctrl := [2]bool{false, true}
	var cws []specCW
	for l := range s.bits {
		b := alpha[l]
		keep, lose := 0, 1
		if b {
			keep, lose = 1, 0
		}
		s0, t0 := s.extend(l, seed[0], ctx, nonce)
		s1, t1 := s.extend(l, seed[1], ctx, nonce)
		cw := specCW{seed: xorBytes(s0[lose], s1[lose])}
		cw.left = t0[0] != t1[0] != !b
		cw.right = t0[1] != t1[1] != b
		cwKeep := [2]bool{cw.left, cw.right}[keep]
		x := [2][]byte{s0[keep], s1[keep]}
		tt := [2][2]bool{t0, t1}
		for j := range 2 {
			if ctrl[j] {
				x[j] = xorBytes(x[j], cw.seed)
			}
			ctrl[j] = tt[j][keep] != (ctrl[j] && cwKeep)
		}
		n0, w0, v0 := s.convert(l, x[0], ctx, nonce)
		n1, w1, v1 := s.convert(l, x[1], ctx, nonce)
		seed = [2][]byte{n0, n1}
		for k := range s.valueLen {
			if l < s.bits-1 {
				c := betaInner[l][k].Sub(w0[k]).Add(w1[k])
				if ctrl[1] {
					c = c.Neg()
				}
				cw.w64 = append(cw.w64, c)
			} else {
				c := betaLeaf[k].Sub(v0[k]).Add(v1[k])
				if ctrl[1] {
					c = c.Neg()
				}
				cw.w255 = append(cw.w255, c)
			}
		}
		cws = append(cws, cw)
	}
	return cws
}

func (s specIdpf) eval(agg int, cws []specCW, key []byte, level int, prefix []bool, ctx, nonce []byte) ([]Field64, []Field255) {
	seed, ctrl := key, agg == 1
	var y64 []Field64
	var y255 []Field255
	for l := 0; l <= level; l++ {
		sd, t := s.extend(l, seed, ctx, nonce)
		if ctrl {
			sd[0], sd[1] = xorBytes(sd[0], cws[l].seed), xorBytes(sd[1], cws[l].seed)
			t[0], t[1] = t[0] != cws[l].left, t[1] != cws[l].right
		}
		d := 0
		if prefix[l] {
			d = 1
		}
		ctrl = t[d]
		seed, y64, y255 = s.convert(l, sd[d], ctx, nonce)
		if ctrl {
			for k := range y64 {
				y64[k] = y64[k].Add(cws[l].w64[k])
			}
			for k := range y255 {
				y255[k] = y255[k].Add(cws[l].w255[k])
			}
		}
	}
	if agg == 1 {
		for k := range y64 {
			y64[k] = y64[k].Neg()
		}
		for k := range y255 {
			y255[k] = y255[k].Neg()
		}
	}
	return y64, y255
}

// toPublicShare packs the reference's correction words for comparison.
func (s specIdpf) toPublicShare(p *Idpf, cws []specCW) *PublicShare {
	ps := p.newPublicShare()
	for l, cw := range cws {
		copy(ps.seeds[16*l:], cw.seed)
		ps.ctrl[2*l], ps.ctrl[2*l+1] = uint8(bit(cw.left)), uint8(bit(cw.right))
		if l < s.bits-1 {
			copy(ps.inner[l*s.valueLen:], cw.w64)
		} else {
			copy(ps.leaf, cw.w255)
		}
	}
	return ps
}

// The key-reuse, batched, cached implementation equals the stateless
// reference byte for byte: the public share, and every share of Eval.
func TestMatchesStatelessSpec(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for _, legacy := range []bool{false, true} {
			for _, bits := range []int{1, 2, 5, 17} {
				for valueLen := 1; valueLen <= 3; valueLen++ {
					var p *Idpf
					nonce, ctx := randBytes(r, 16), randBytes(r, r.IntN(40))
					if legacy {
						p, _ = NewDraft06(bits, valueLen)
						nonce, ctx = randBytes(r, r.IntN(30)), nil
					} else {
						p, _ = New(bits, valueLen)
					}
					spec := specIdpf{bits, valueLen, p.version, legacy}
					alpha := randBits(r, bits)
					betaInner, betaLeaf := randBetas(r, p)
					rnd := randBytes(r, RandSize)
					ps, keys, err := p.Gen(alpha, betaInner, betaLeaf, ctx, nonce, rnd)
					if err != nil {
						t.Fatal(err)
					}
					cws := spec.gen(alpha, betaInner, betaLeaf, ctx, nonce, rnd)
					if want := spec.toPublicShare(p, cws).Encode(); !bytes.Equal(ps.Encode(), want) {
						t.Fatalf("legacy=%v bits=%d len=%d: public share differs from the reference", legacy, bits, valueLen)
					}
					for agg := range 2 {
						cache := NewRingCache(4)
						for level := range bits {
							prefixes := [][]bool{alpha[:level+1], randBits(r, level+1)}
							if isPrefix(prefixes[1], alpha) {
								prefixes = prefixes[:1]
							}
							got, err := p.Eval(agg, ps, keys[agg], level, prefixes, ctx, nonce, cache)
							if err != nil {
								t.Fatal(err)
							}
							for i, pr := range prefixes {
								w64, w255 := spec.eval(agg, cws, keys[agg][:], level, pr, ctx, nonce)
								if level < bits-1 {
									for k := range w64 {
										if !got.Inner[i][k].Equal(w64[k]) {
											t.Fatalf("legacy=%v bits=%d agg %d level %d: share differs", legacy, bits, agg, level)
										}
									}
								} else {
									for k := range w255 {
										if !got.Leaf[i][k].Equal(w255[k]) {
											t.Fatalf("legacy=%v bits=%d agg %d leaf: share differs", legacy, bits, agg)
										}
									}
								}
							}
						}
					}
				}
			}
		}
	})
}

// Deriving a key per XOF instance (what the draft's pseudocode and
// libprio-rs before PR #525 did) gives the same bytes as sharing it.
func TestPerInstanceKeysSameOutput(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		for _, legacy := range []bool{false, true} {
			mk := func() *Idpf {
				if legacy {
					p, _ := NewDraft06(12, 2)
					return p
				}
				p, _ := New(12, 2)
				return p
			}
			fast, slow := mk(), mk()
			slow.perInstanceKeys = true
			alpha := randBits(r, 12)
			bi, bl := randBetas(r, fast)
			rnd, nonce := randBytes(r, 32), randBytes(r, 16)
			ps1, k1, _ := fast.Gen(alpha, bi, bl, nil, nonce, rnd)
			ps2, k2, _ := slow.Gen(alpha, bi, bl, nil, nonce, rnd)
			if !bytes.Equal(ps1.Encode(), ps2.Encode()) || k1 != k2 {
				t.Fatalf("legacy=%v: per-instance keys change Gen", legacy)
			}
			for level := range 12 {
				prefixes := allPrefixes(min(level+1, 4))
				for i := range prefixes {
					prefixes[i] = append(append([]bool{}, alpha[:level+1-len(prefixes[i])]...), prefixes[i]...)
				}
				a, _ := fast.Eval(1, ps1, k1[1], level, prefixes, nil, nonce, nil)
				b, _ := slow.Eval(1, ps2, k2[1], level, prefixes, nil, nonce, nil)
				if !sharesEqual(a, b) {
					t.Fatalf("legacy=%v level %d: per-instance keys change Eval", legacy, level)
				}
			}
		}
	})
}

func sharesEqual(a, b *Shares) bool {
	if a.Level != b.Level || len(a.Inner) != len(b.Inner) || len(a.Leaf) != len(b.Leaf) {
		return false
	}
	for i := range a.Inner {
		for k := range a.Inner[i] {
			if !a.Inner[i][k].Equal(b.Inner[i][k]) {
				return false
			}
		}
	}
	for i := range a.Leaf {
		for k := range a.Leaf[i] {
			if !a.Leaf[i][k].Equal(b.Leaf[i][k]) {
				return false
			}
		}
	}
	return true
}
