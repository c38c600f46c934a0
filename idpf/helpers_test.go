package idpf

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/rnd"
	"github.com/go-xkcp/keccak/internal/testkit/testvec"
)

type hexBytes = testvec.HexBytes

func parseField64(t testing.TB, s string) Field64 {
	t.Helper()
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v >= Modulus64 {
		t.Fatalf("bad Field64 %q", s)
	}
	return NewField64(v)
}

var modulus255 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

func field255FromBig(t testing.TB, v *big.Int) Field255 {
	t.Helper()
	be := v.FillBytes(make([]byte, 32))
	le := make([]byte, 32)
	for i := range le {
		le[i] = be[31-i]
	}
	var x Field255
	if err := x.UnmarshalBinary(le); err != nil {
		t.Fatalf("Field255 %v: %v", v, err)
	}
	return x
}

func parseField255(t testing.TB, s string) Field255 {
	t.Helper()
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() < 0 || v.Cmp(modulus255) >= 0 {
		t.Fatalf("bad Field255 %q", s)
	}
	return field255FromBig(t, v)
}

func field255ToBig(x Field255) *big.Int {
	le, _ := x.MarshalBinary()
	be := make([]byte, 32)
	for i := range be {
		be[i] = le[31-i]
	}
	return new(big.Int).SetBytes(be)
}

func randBits(r *rand.Rand, n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = r.IntN(2) == 1
	}
	return b
}

var randBytes = rnd.Bytes

func randField64(r *rand.Rand) Field64 { return NewField64(r.Uint64()) }

func randField255(r *rand.Rand) Field255 {
	b := randBytes(r, 32)
	b[31] &= 0x3f // below 2^254 < p
	var x Field255
	x.UnmarshalBinary(b)
	return x
}

// randBetas returns random inner and leaf values for p.
func randBetas(r *rand.Rand, p *Idpf) ([][]Field64, []Field255) {
	inner := make([][]Field64, p.bits-1)
	for l := range inner {
		inner[l] = make([]Field64, p.valueLen)
		for k := range inner[l] {
			inner[l][k] = randField64(r)
		}
	}
	leaf := make([]Field255, p.valueLen)
	for k := range leaf {
		leaf[k] = randField255(r)
	}
	return inner, leaf
}

// isPrefix reports whether pr is a prefix of alpha.
func isPrefix(pr, alpha []bool) bool {
	for i := range pr {
		if pr[i] != alpha[i] {
			return false
		}
	}
	return true
}

// checkSums checks the IDPF's defining property on one Eval of each
// aggregator: share 0 + share 1 is beta at the level for alpha's prefix and
// zero for any other prefix.
func checkSums(t *testing.T, p *Idpf, level int, prefixes [][]bool, alpha []bool, betaInner [][]Field64, betaLeaf []Field255, s0, s1 *Shares) {
	t.Helper()
	for i, pr := range prefixes {
		on := isPrefix(pr, alpha)
		for k := range p.valueLen {
			if level < p.bits-1 {
				got, want := s0.Inner[i][k].Add(s1.Inner[i][k]), Field64{}
				if on {
					want = betaInner[level][k]
				}
				if !got.Equal(want) {
					t.Fatalf("level %d prefix %v elem %d: sum %d, want %d", level, pr, k, got.Uint64(), want.Uint64())
				}
			} else {
				got, want := s0.Leaf[i][k].Add(s1.Leaf[i][k]), Field255{}
				if on {
					want = betaLeaf[k]
				}
				if !got.Equal(want) {
					t.Fatalf("leaf prefix %v elem %d: sum %v, want %v", pr, k, field255ToBig(got), field255ToBig(want))
				}
			}
		}
	}
}

// allPrefixes returns every bit string of length n (n small).
func allPrefixes(n int) [][]bool {
	var out [][]bool
	for v := range 1 << n {
		pr := make([]bool, n)
		for i := range n {
			pr[i] = v>>(n-1-i)&1 == 1
		}
		out = append(out, pr)
	}
	return out
}
