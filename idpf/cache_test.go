package idpf

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// packBits's word-at-a-time trick against the bit-by-bit definition.
func TestPackBits(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for n := range 80 {
		bits := randBits(r, n)
		want := make([]byte, (n+7)/8)
		for i, b := range bits {
			if b {
				want[i/8] |= 0x80 >> (i % 8)
			}
		}
		if got := packBits(nil, bits); !bytes.Equal(got, want) {
			t.Fatalf("n=%d: packBits = %x, want %x", n, got, want)
		}
	}
}
