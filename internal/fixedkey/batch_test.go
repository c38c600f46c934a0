package fixedkey

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/allocs"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// DeriveAndChain equals DeriveKeys then ChainStreams,
// on both backends and on both derivation paths (short and long dsts).
func TestDeriveAndChainStreams(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	implrun.Run(t, "aes", func(t *testing.T) {
		for _, dstLen := range []int{0, 20, 160} {
			for _, n := range []int{0, 1, 3} {
				for _, n1 := range []int{1, 2} {
					for _, n2 := range []int{0, 2} {
						dk, dn, binder := make([]byte, dstLen), make([]byte, dstLen+1), make([]byte, 16)
						fillRand(r, dk)
						fillRand(r, dn)
						fillRand(r, binder)
						seeds := make([]byte, 16*n)
						fillRand(r, seeds)
						var k, next Key
						out1, out2 := make([]byte, 16*n*n1), make([]byte, 16*n*n2)
						if err := DeriveAndChain(&k, dk, &next, dn, binder, out1, n1, out2, n2, seeds); err != nil {
							t.Fatal(err)
						}
						wk, _ := NewKey(dk, binder)
						wn, _ := NewKey(dn, binder)
						want1, want2 := make([]byte, len(out1)), make([]byte, len(out2))
						wk.ChainStreams(want1, n1, wn, want2, n2, seeds)
						if !bytes.Equal(out1, want1) || !bytes.Equal(out2, want2) {
							t.Fatalf("dst %d n=%d n1=%d n2=%d: output differs", dstLen, n, n1, n2)
						}
						s := [16]byte{7}
						a, b := k.Stream(s), wk.Stream(s)
						c, d := next.Stream(s), wn.Stream(s)
						if !bytes.Equal(a.Next(32), b.Next(32)) || !bytes.Equal(c.Next(32), d.Next(32)) {
							t.Fatalf("dst %d: derived keys differ", dstLen)
						}
					}
				}
			}
		}
		var k, next Key
		before := k
		if err := DeriveAndChain(&k, make([]byte, MaxDSTLen+1), &next, nil, nil, nil, 1, nil, 0, nil); err == nil {
			t.Error("accepted a 65536-byte dst")
		}
		if k != before {
			t.Error("changed the key on error")
		}
		got := testing.AllocsPerRun(50, func() {
			var seeds [16]byte
			var o1, o2 [32]byte
			DeriveAndChain(&k, []byte("c"), &next, []byte("e"), []byte("nonce"), o1[:], 2, o2[:], 2, seeds[:])
		})
		if got != 0 && Native && !allocs.Unreliable {
			t.Errorf("%v allocations", got)
		}
	})
}

// Several keys derived in one C call (two or more states share one 4-way
// permutation on kernels that have one) equal keys from the plain sponge,
// on every Keccak kernel.
func TestDeriveKeysEveryKernel(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	implrun.Run(t, "keccak", func(t *testing.T) {
		binder := make([]byte, 16)
		fillRand(r, binder)
		seed := [16]byte{5}
		want := func(dst []byte) []byte {
			aesKey := deriveFixedKey(dst, binder)
			s := newFixedKey(&aesKey, false).Stream(seed)
			return s.Next(32)
		}
		for n := 1; n <= 4; n++ {
			keys := make([]*Key, n)
			dsts := make([][]byte, n)
			for i := range keys {
				keys[i] = new(Key)
				dsts[i] = []byte{18, 1, 0, 0, 0, 0, 0, byte(i)}
			}
			if err := DeriveKeys(keys, dsts, binder); err != nil {
				t.Fatal(err)
			}
			for i, k := range keys {
				s := k.Stream(seed)
				if !bytes.Equal(s.Next(32), want(dsts[i])) {
					t.Fatalf("%d keys: key %d differs from the sponge's", n, i)
				}
			}
		}
		var k, next Key
		var o1, o2 [32]byte
		DeriveAndChain(&k, []byte("convert"), &next, []byte("extend"), binder, o1[:], 2, o2[:], 2, seed[:])
		a, b := k.Stream(seed), next.Stream(seed)
		if !bytes.Equal(a.Next(32), want([]byte("convert"))) || !bytes.Equal(b.Next(32), want([]byte("extend"))) {
			t.Fatal("DeriveAndChain: keys differ from the sponge's")
		}
	})
}
