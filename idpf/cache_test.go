package idpf

import (
	"math/rand/v2"
	"testing"
)

// The bool-byte view and the word-at-a-time common prefix against their
// definitions.
func TestBoolBytesAndCommonPrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for n := range 80 {
		a := randBits(r, n)
		raw := boolBytes(a)
		for i := range a {
			if raw[i] != byte(bit(a[i])) {
				t.Fatalf("n=%d: boolBytes[%d] = %d", n, i, raw[i])
			}
		}
		for k := 0; k <= n; k++ {
			b := append(append([]bool{}, a[:k]...), randBits(r, n-k)...)
			if k < n {
				b[k] = !a[k]
			}
			if got := commonPrefixLen(boolBytes(a), boolBytes(b)); got != k {
				t.Fatalf("n=%d: commonPrefixLen = %d, want %d", n, got, k)
			}
		}
	}
}
