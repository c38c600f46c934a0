package idpf

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/fixedkey"
	"github.com/go-xkcp/keccak/internal/impl"
	"github.com/go-xkcp/keccak/internal/testkit/allocs"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/internal/testkit/isolate"
)

// walkOut is what a walk of n levels writes.
type walkOut struct {
	seedCW, ctrlCW, kept, conv, ctrl1 []byte
	seeds                             [32]byte
	ctrl                              [2]uint8
}

func (w *walkOut) equal(o *walkOut) bool {
	return bytes.Equal(w.seedCW, o.seedCW) && bytes.Equal(w.ctrlCW, o.ctrlCW) &&
		bytes.Equal(w.kept, o.kept) && bytes.Equal(w.conv, o.conv) &&
		bytes.Equal(w.ctrl1, o.ctrl1) && w.seeds == o.seeds && w.ctrl == o.ctrl
}

// walkWith runs walk (genLevelsGo, aesni's through genLevels, ...) over
// alpha from seeds and ctrl, in two calls split at level h.
func walkWith(walk func(ext, conv *fixedkey.Key, seeds *[32]byte, ctrl *[2]uint8, alpha []byte, nb int, seedCW, ctrlCW, kept, convOut, ctrl1 []byte),
	ext, conv *fixedkey.Key, seeds [32]byte, ctrl [2]uint8, alpha []byte, nb, h int) *walkOut {
	n := len(alpha)
	w := &walkOut{seedCW: make([]byte, 16*n), ctrlCW: make([]byte, 2*n), kept: make([]byte, 32*n),
		conv: make([]byte, 32*nb*n), ctrl1: make([]byte, n), seeds: seeds, ctrl: ctrl}
	walk(ext, conv, &w.seeds, &w.ctrl, alpha[:h], nb, w.seedCW[:16*h], w.ctrlCW[:2*h], w.kept[:32*h], w.conv[:32*nb*h], w.ctrl1[:h])
	walk(ext, conv, &w.seeds, &w.ctrl, alpha[h:], nb, w.seedCW[16*h:], w.ctrlCW[2*h:], w.kept[32*h:], w.conv[32*nb*h:], w.ctrl1[h:])
	return w
}

// draftWalk is the same seed walk written from the draft with streams and
// branches, one level at a time (not constant time: a reference only).
func draftWalk(ext, conv *fixedkey.Key, seeds [32]byte, ctrl [2]uint8, alpha []byte, nb int) *walkOut {
	w := &walkOut{seeds: seeds, ctrl: ctrl}
	for _, b := range alpha {
		var s [2][2][16]byte
		var tb [2][2]uint8
		for j := range 2 {
			st := ext.Stream([16]byte(w.seeds[16*j:]))
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
		w.seedCW = append(w.seedCW, cw[:]...)
		w.ctrlCW = append(w.ctrlCW, cwt[0], cwt[1])
		var outs [2][]byte
		for j := range 2 {
			x := s[j][keep]
			if w.ctrl[j] == 1 {
				for i := range x {
					x[i] ^= cw[i]
				}
			}
			w.ctrl[j] = tb[j][keep] ^ (w.ctrl[j] & cwt[keep])
			w.kept = append(w.kept, x[:]...)
			st := conv.Stream(x)
			outs[j] = st.Next(16 * nb)
			copy(w.seeds[16*j:], outs[j][:16])
		}
		w.conv = append(append(w.conv, outs[0]...), outs[1]...)
		w.ctrl1 = append(w.ctrl1, w.ctrl[1])
	}
	return w
}

func walkKeys(t *testing.T) (ext, conv *fixedkey.Key) {
	ext, err := fixedkey.NewKey([]byte("extend"), []byte("nonce"))
	if err != nil {
		t.Fatal(err)
	}
	conv, err = fixedkey.NewKey([]byte("convert"), []byte("nonce"))
	if err != nil {
		t.Fatal(err)
	}
	return ext, conv
}

func randAlpha(r *rand.Rand, n int) []byte {
	a := make([]byte, n)
	for i := range a {
		a[i] = byte(r.IntN(2))
	}
	return a
}

// The Go walk (genLevelsGo, Gen's crypto/aes path) equals the draft's
// walk, on every implementation, for several convert lengths, with both
// parties' control bits in every combination, and a walk split over two
// calls equals one; it allocates nothing.
func TestGenLevelsGoMatchesDraft(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		ext, conv := walkKeys(t)
		for _, n := range []int{0, 1, 2, 7, 70} {
			for _, nb := range []int{1, 2, 3, 5} {
				alpha := randAlpha(r, n)
				seeds := [32]byte(randBytes(r, 32))
				ctrl := [2]uint8{uint8(r.IntN(2)), uint8(r.IntN(2))}
				want := draftWalk(ext, conv, seeds, ctrl, alpha, nb)
				if got := walkWith(genLevelsGo, ext, conv, seeds, ctrl, alpha, nb, n/2); !got.equal(want) {
					t.Fatalf("n=%d nb=%d ctrl=%v: differs from the draft's walk", n, nb, ctrl)
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
			genLevelsGo(ext, conv, &seeds, &ctrl, alpha[:], 2, cw[:], ccw[:], kept[:], out[:], ctrl1[:])
		})
		if got != 0 && !allocs.Unreliable {
			t.Errorf("%v allocations", got)
		}
	})
}

// The C walk (aesni.IdpfGen, which Gen runs when its keys are on AES-NI)
// equals the Go walk on random inputs: every level count 1..48, several
// convert lengths, both parties' control bits in every combination and
// each party's outputs, split over two calls at a random level. It runs
// on every implementation combination: the Go walk on the one in use
// (crypto/aes or AES-NI streams; keys derived with each Keccak kernel),
// the C walk on AES-NI keys derived with the same kernel.
func TestGenLevelsCMatchesGo(t *testing.T) {
	if !slices.Contains(impl.Names("aes"), "aes-ni") {
		t.Skip("no AES-NI implementation in this build or on this CPU")
	}
	implrun.RunAll(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(25, 26))
		ext, conv := walkKeys(t)
		restore := impl.Select("aes", "aes-ni")
		cExt, cConv := walkKeys(t)
		restore()
		if cExt.RoundKeys() == nil || cConv.RoundKeys() == nil {
			t.Fatal("keys made under aes-ni are not AES-NI keys")
		}
		for n := 1; n <= 48; n++ {
			for _, nb := range []int{1, 2, 3, 5} {
				for c := range 4 {
					alpha := randAlpha(r, n)
					seeds := [32]byte(randBytes(r, 32))
					ctrl := [2]uint8{uint8(c & 1), uint8(c >> 1)}
					h := r.IntN(n + 1)
					want := walkWith(genLevelsGo, ext, conv, seeds, ctrl, alpha, nb, h)
					got := walkWith(genLevels, cExt, cConv, seeds, ctrl, alpha, nb, h)
					if !got.equal(want) {
						t.Fatalf("n=%d nb=%d ctrl=%v split at %d: C walk differs from the Go walk\n%s",
							n, nb, ctrl, h, walkDiff(got, want))
					}
				}
			}
		}
	})
}

// walkDiff names the outputs in which a and b differ.
func walkDiff(a, b *walkOut) string {
	var d []string
	for _, f := range []struct {
		name string
		x, y []byte
	}{{"seedCW", a.seedCW, b.seedCW}, {"ctrlCW", a.ctrlCW, b.ctrlCW}, {"kept", a.kept, b.kept},
		{"conv", a.conv, b.conv}, {"ctrl1", a.ctrl1, b.ctrl1}, {"seeds", a.seeds[:], b.seeds[:]}} {
		if !bytes.Equal(f.x, f.y) {
			d = append(d, f.name)
		}
	}
	if a.ctrl != b.ctrl {
		d = append(d, fmt.Sprintf("ctrl %v vs %v", a.ctrl, b.ctrl))
	}
	return fmt.Sprint(d)
}

// The walk rejects huge and negative convert block counts (whose byte
// lengths wrap around) before a block is written, on both AES paths (the
// C one checks in aesni, the Go one in genLevelsGo). Each case runs in a
// child process: a write past a buffer in C would kill it.
func TestGenLevelsCountChecks(t *testing.T) {
	wraps32 := checked.Wrapping(32)
	cases := map[string]int{"wraps": wraps32, "negative": -1, "zero": 0}
	implrun.Run(t, "aes", func(t *testing.T) {
		for name, nb := range cases {
			t.Run(name, func(t *testing.T) {
				ext, conv := walkKeys(t)
				msg := isolate.Panic(t, func() {
					var seeds [32]byte
					var ctrl [2]uint8
					genLevels(ext, conv, &seeds, &ctrl, []byte{1}, nb,
						make([]byte, 16), make([]byte, 2), make([]byte, 32), make([]byte, 32), make([]byte, 1))
				})
				if !strings.HasPrefix(msg, "idpf: ") && !strings.HasPrefix(msg, "aesni: ") {
					t.Errorf("want an idpf: or aesni: panic, got %q", msg)
				}
			})
		}
	})
}
