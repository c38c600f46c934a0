package fixedkey

import (
	"bytes"
	"crypto/aes"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/allocs"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The AES keys the draft-20 reference implementation derives.
func TestDeriveFixedKey(t *testing.T) {
	nonce := mustHex(t, "000102030405060708090a0b0c0d0e0f")
	ctx := []byte("some application")
	cases := []struct {
		dst, binder []byte
		want        string
	}{
		{[]byte("domain separation tag"), []byte("binder string"), "f57798cdf6798c934130f5666fbd5cea"},
		{append(mustHex(t, "1201000000000000"), ctx...), nonce, "410f60bd4841fcc74338d02862652d37"},
		{append(mustHex(t, "1201000000000001"), ctx...), nonce, "363e463c9a98449c3167cc3e7ca59941"},
	}
	for _, c := range cases {
		if got := deriveFixedKey(c.dst, c.binder); hex.EncodeToString(got[:]) != c.want {
			t.Errorf("key(%x, %x) = %x, want %s", c.dst, c.binder, got, c.want)
		}
	}
}

// Hash against FIPS-197 C.1: choose the input whose s() is the plaintext,
// so the output must be AES(pt) ^ pt.
func TestFixedKeyHashFIPS197(t *testing.T) {
	key := [16]byte(mustHex(t, "000102030405060708090a0b0c0d0e0f"))
	pt := mustHex(t, "00112233445566778899aabbccddeeff")
	ct := mustHex(t, "69c4e0d86a7b0430d8cdb78070b4c55a")
	// s(lo||hi) = hi||(hi^lo), so lo = pt[:8]^pt[8:] and hi = pt[:8].
	in := make([]byte, 16)
	for i := range 8 {
		in[i] = pt[i] ^ pt[8+i]
		in[8+i] = pt[i]
	}
	want := make([]byte, 16)
	for i := range want {
		want[i] = ct[i] ^ pt[i]
	}
	implrun.Run(t, "aes", func(t *testing.T) {
		k := newFixedKey(&key, Native)
		out := make([]byte, 16)
		k.Hash(out, in)
		if !bytes.Equal(out, want) {
			t.Errorf("Hash = %x, want %x", out, want)
		}
	})
}

// The two backends agree on every entry point, for random keys and inputs.
func TestFixedKeyBackendsAgree(t *testing.T) {
	if !Native {
		t.Skip("no AES-NI backend in this build or on this CPU")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var key [16]byte
		fillRand(r, key[:])
		kn, kg := newFixedKey(&key, true), newFixedKey(&key, false)
		n := r.IntN(40)
		in := make([]byte, 16*n)
		fillRand(r, in)
		hn, hg := make([]byte, len(in)), make([]byte, len(in))
		kn.Hash(hn, in)
		kg.Hash(hg, in)
		if !bytes.Equal(hn, hg) {
			t.Fatalf("Hash differs for key %x", key)
		}
		nb := r.IntN(5)
		first := r.Uint64()
		sn, sg := make([]byte, len(in)*nb), make([]byte, len(in)*nb)
		kn.streamBlocks(sn, in, first, nb)
		kg.streamBlocks(sg, in, first, nb)
		if !bytes.Equal(sn, sg) {
			t.Fatalf("streamBlocks differs for key %x first %d", key, first)
		}
	}
}

func fillRand(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// A stream read in arbitrary pieces equals the blocks hashed one by one.
func TestFixedKeyStreamSplits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	implrun.Run(t, "aes", func(t *testing.T) {
		k, err := NewKey([]byte("dst"), []byte("binder"))
		if err != nil {
			t.Fatal(err)
		}
		var seed [16]byte
		fillRand(r, seed[:])
		// Reference: block i = Hash(seed ^ LE128(i)).
		const blocks = 37
		want := make([]byte, 16*blocks)
		for i := range blocks {
			x := seed
			x[0] ^= byte(i)
			k.Hash(want[16*i:16*i+16], x[:])
		}
		for range 100 {
			s := k.Stream(seed)
			got := make([]byte, 0, len(want))
			for len(got) < len(want) {
				n := min(r.IntN(40), len(want)-len(got))
				p := make([]byte, n)
				if r.IntN(2) == 0 && n%16 == 0 {
					s.FillBlocks(p)
				} else if c, err := s.Read(p); c != n || err != nil {
					t.Fatalf("Read = %d, %v", c, err)
				}
				got = append(got, p...)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("split read differs:\n got %x\nwant %x", got, want)
			}
		}
		// FillStreams: several seeds at once equals one stream per seed.
		seeds := make([]byte, 16*5)
		fillRand(r, seeds)
		out := make([]byte, len(seeds)*3)
		k.FillStreams(out, seeds, 3)
		for i := range 5 {
			s := k.Stream([16]byte(seeds[16*i:]))
			if one := s.Next(48); !bytes.Equal(one, out[48*i:48*i+48]) {
				t.Errorf("FillStreams seed %d = %x, want %x", i, out[48*i:48*i+48], one)
			}
		}
	})
}

// The whole point of the key type: streams cost no allocation.
func TestFixedKeyStreamNoAlloc(t *testing.T) {
	if allocs.Unreliable {
		t.Skip("allocation counts are not meaningful under -race and -asan")
	}
	implrun.Run(t, "aes", func(t *testing.T) {
		k, _ := NewKey([]byte("dst"), []byte("binder"))
		seeds := make([]byte, 64)
		out := make([]byte, 128)
		got := testing.AllocsPerRun(100, func() {
			s := k.Stream([16]byte(seeds))
			s.Read(out[:33])
			s.FillBlocks(out[:32])
			k.FillStreams(out, seeds, 2)
		})
		if got != 0 {
			t.Errorf("%v allocations per stream", got)
		}
	})
}

// The Go backend's hash is AES(s(x)) ^ s(x), checked here against
// crypto/aes directly, independently of the stream code.
func TestFixedKeyHashDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	implrun.Run(t, "aes", func(t *testing.T) {
		var key [16]byte
		fillRand(r, key[:])
		k := newFixedKey(&key, Native)
		c, _ := aes.NewCipher(key[:])
		x := make([]byte, 16)
		fillRand(r, x)
		s := append(append([]byte{}, x[8:]...), x[8:]...)
		for i := range 8 {
			s[8+i] ^= x[i]
		}
		want := make([]byte, 16)
		c.Encrypt(want, s)
		for i := range want {
			want[i] ^= s[i]
		}
		got := make([]byte, 16)
		k.Hash(got, x)
		if !bytes.Equal(got, want) {
			t.Errorf("Hash(%x) = %x, want %x", x, got, want)
		}
	})
}

// ChainStreams equals FillStreams with k, then FillStreams with next on
// each seed's first output block; on both backends and across them.
func TestChainStreams(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	implrun.Run(t, "aes", func(t *testing.T) {
		k1, _ := NewKey([]byte("convert"), []byte("nonce"))
		k2, _ := NewKey([]byte("extend"), []byte("nonce"))
		var mixed []*Key
		if Native {
			var key [16]byte
			mixed = append(mixed, newFixedKey(&key, false))
		}
		for _, next := range append([]*Key{k2}, mixed...) {
			for _, n := range []int{0, 1, 2, 5, 9} {
				for _, n1 := range []int{1, 2, 3} {
					for _, n2 := range []int{0, 2, 3} {
						seeds := make([]byte, 16*n)
						fillRand(r, seeds)
						out1, out2 := make([]byte, 16*n*n1), make([]byte, 16*n*n2)
						k1.ChainStreams(out1, n1, next, out2, n2, seeds)
						want1 := make([]byte, len(out1))
						k1.FillStreams(want1, seeds, n1)
						mid := make([]byte, 0, 16*n)
						for i := range n {
							mid = append(mid, want1[16*n1*i:16*n1*i+16]...)
						}
						want2 := make([]byte, len(out2))
						next.FillStreams(want2, mid, n2)
						if !bytes.Equal(out1, want1) || !bytes.Equal(out2, want2) {
							t.Fatalf("n=%d n1=%d n2=%d: ChainStreams differs", n, n1, n2)
						}
					}
				}
			}
		}
		got := testing.AllocsPerRun(50, func() {
			var seeds [32]byte
			var o1, o2 [64]byte
			k1.ChainStreams(o1[:], 2, k2, o2[:], 2, seeds[:])
		})
		if got != 0 && !allocs.Unreliable {
			t.Errorf("ChainStreams: %v allocations", got)
		}
	})
}

// Derive and DerivePrg give the same key as the constructors, in place.
func TestDeriveInPlace(t *testing.T) {
	implrun.Run(t, "aes", func(t *testing.T) {
		seed := [16]byte{1, 2, 3}
		var k Key
		if err := k.Derive([]byte("dst"), []byte("binder")); err != nil {
			t.Fatal(err)
		}
		want, _ := NewKey([]byte("dst"), []byte("binder"))
		a, b := k.Stream(seed), want.Stream(seed)
		if !bytes.Equal(a.Next(48), b.Next(48)) {
			t.Error("Derive differs from NewKey")
		}
		k.DerivePrg([]byte("dst"), []byte("binder"))
		a, b = k.Stream(seed), NewPrgKey([]byte("dst"), []byte("binder")).Stream(seed)
		if !bytes.Equal(a.Next(48), b.Next(48)) {
			t.Error("DerivePrg differs from NewPrgKey")
		}
		if err := k.Derive(make([]byte, MaxDSTLen+1), nil); err == nil {
			t.Error("Derive accepted a 65536-byte dst")
		}
		if Native {
			if n := testing.AllocsPerRun(50, func() { k.Derive([]byte("dst"), []byte("binder")) }); n != 0 && !allocs.Unreliable {
				t.Errorf("Derive: %v allocations", n)
			}
		}
	})
}

// Derive's one-call path (state absorbed here, permuted and expanded in C)
// equals the general path, for inputs up to and past one 168-byte block.
func TestDeriveFastPath(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	seed := [16]byte{9}
	for total := 2; total < 200; total++ {
		dstLen := r.IntN(total - 1)
		dst, binder := make([]byte, dstLen), make([]byte, total-2-dstLen)
		fillRand(r, dst)
		fillRand(r, binder)
		var k Key
		if err := k.Derive(dst, binder); err != nil {
			t.Fatal(err)
		}
		aesKey := deriveFixedKey(dst, binder)
		want := newFixedKey(&aesKey, false)
		a, b := k.Stream(seed), want.Stream(seed)
		if !bytes.Equal(a.Next(32), b.Next(32)) {
			t.Fatalf("input of %d bytes: Derive differs from the sponge path", total)
		}
	}
}

// DeriveKeys equals Derive on each key, on both paths.
func TestDeriveFixedKeyAes128Keys(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	seed := [16]byte{4}
	implrun.Run(t, "aes", func(t *testing.T) {
		for n := range 6 {
			for _, dstLen := range []int{0, 8, 24, 150, 300} {
				binder := make([]byte, 16)
				fillRand(r, binder)
				keys := make([]*Key, n)
				dsts := make([][]byte, n)
				for i := range keys {
					keys[i] = new(Key)
					dsts[i] = make([]byte, dstLen+i)
					fillRand(r, dsts[i])
				}
				if err := DeriveKeys(keys, dsts, binder); err != nil {
					t.Fatal(err)
				}
				for i, k := range keys {
					want, _ := NewKey(dsts[i], binder)
					a, b := k.Stream(seed), want.Stream(seed)
					if !bytes.Equal(a.Next(32), b.Next(32)) {
						t.Fatalf("n=%d dst %d bytes: key %d differs from Derive", n, dstLen+i, i)
					}
				}
			}
		}
		k := new(Key)
		if err := DeriveKeys([]*Key{k}, [][]byte{make([]byte, MaxDSTLen+1)}, nil); err == nil {
			t.Error("accepted a 65536-byte dst")
		}
	})
}
