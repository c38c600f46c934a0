package fixedkey

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/allocs"
	"github.com/go-xkcp/keccak/internal/impl"
)

// DeriveAndChain equals DeriveKeys then ChainStreams,
// on both backends and on both derivation paths (short and long dsts).
func TestDeriveAndChainStreams(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	impl.Run(t, "aes", func(t *testing.T) {
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

// idpfGenRef is the IDPF key generation's seed walk written from the
// draft with streams and branches, one level at a time.
func idpfGenRef(ext, conv *Key, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nb int) (seedCW, ctrlCW, kept, convOut, ctrl1 []byte) {
	for _, b := range alpha {
		var s [2][2][16]byte
		var tb [2][2]uint8
		for j := range 2 {
			st := ext.Stream([16]byte(seeds[16*j:]))
			raw := st.Next(32)
			for h := range 2 {
				copy(s[j][h][:], raw[16*h:])
				tb[j][h] = s[j][h][0] & 1
				s[j][h][0] &^= 1
			}
		}
		keep, lose := b, 1-b
		var cw [16]byte
		for i := range cw {
			cw[i] = s[0][lose][i] ^ s[1][lose][i]
		}
		cwt := [2]uint8{tb[0][0] ^ tb[1][0] ^ b ^ 1, tb[0][1] ^ tb[1][1] ^ b}
		seedCW = append(seedCW, cw[:]...)
		ctrlCW = append(ctrlCW, cwt[0], cwt[1])
		var outs [2][]byte
		for j := range 2 {
			x := s[j][keep]
			if ctrl[j] == 1 {
				for i := range x {
					x[i] ^= cw[i]
				}
			}
			ctrl[j] = tb[j][keep] ^ (ctrl[j] & cwt[keep])
			kept = append(kept, x[:]...)
			st := conv.Stream(x)
			outs[j] = st.Next(16 * nb)
			copy(seeds[16*j:], outs[j][:16])
		}
		convOut = append(append(convOut, outs[0]...), outs[1]...)
		ctrl1 = append(ctrl1, ctrl[1])
	}
	return
}

// GenLevels equals the reference walk on both backends, for several
// convert lengths, and a walk split over two calls equals one call.
func TestIdpfGenLevels(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	impl.Run(t, "aes", func(t *testing.T) {
		ext, _ := NewKey([]byte("extend"), []byte("nonce"))
		conv, _ := NewKey([]byte("convert"), []byte("nonce"))
		for _, n := range []int{0, 1, 2, 7, 70} {
			for _, nb := range []int{1, 2, 3, 5} {
				alpha := make([]byte, n)
				for i := range alpha {
					alpha[i] = byte(r.IntN(2))
				}
				var seeds [32]byte
				fillRand(r, seeds[:])
				ctrl := [2]uint8{uint8(r.IntN(2)), uint8(r.IntN(2))}
				rs, rc := seeds, ctrl
				wSeedCW, wCtrlCW, wKept, wConv, wCtrl1 := idpfGenRef(ext, conv, &rs, &rc, alpha, nb)
				seedCW, ctrlCW, kept := make([]byte, 16*n), make([]byte, 2*n), make([]byte, 32*n)
				convOut, ctrl1 := make([]byte, 32*nb*n), make([]byte, n)
				h := n / 2 // two calls: levels [0, h) and [h, n)
				GenLevels(ext, conv, &seeds, &ctrl, alpha[:h], nb, seedCW[:16*h], ctrlCW[:2*h], kept[:32*h], convOut[:32*nb*h], ctrl1[:h])
				GenLevels(ext, conv, &seeds, &ctrl, alpha[h:], nb, seedCW[16*h:], ctrlCW[2*h:], kept[32*h:], convOut[32*nb*h:], ctrl1[h:])
				if !bytes.Equal(seedCW, wSeedCW) || !bytes.Equal(ctrlCW, wCtrlCW) || !bytes.Equal(kept, wKept) ||
					!bytes.Equal(convOut, wConv) || !bytes.Equal(ctrl1, wCtrl1) || seeds != rs || ctrl != rc {
					t.Fatalf("n=%d nb=%d: differs from the reference", n, nb)
				}
			}
		}
		got := testing.AllocsPerRun(50, func() {
			var seeds, kept [32]byte
			var ctrl [2]uint8
			var alpha, ctrl1 [1]byte
			var cw [16]byte
			var ccw [2]byte
			var out [64]byte
			GenLevels(ext, conv, &seeds, &ctrl, alpha[:], 2, cw[:], ccw[:], kept[:], out[:], ctrl1[:])
		})
		if got != 0 && !allocs.Unreliable {
			t.Errorf("%v allocations", got)
		}
	})
}

// Several keys derived in one C call (two or more states share one 4-way
// permutation on kernels that have one) equal keys from the plain sponge,
// on every Keccak kernel.
func TestDeriveKeysEveryKernel(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	impl.Run(t, "keccak", func(t *testing.T) {
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
