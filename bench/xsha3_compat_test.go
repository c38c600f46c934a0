package bench

import (
	"bytes"
	"encoding"
	"hash"
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/xsha3"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/sha3"
)

// xsha3 against x/crypto/sha3 itself: random messages written in random
// pieces, digests, output streams past the digest, and marshaled states
// moved from either library to the other mid-stream.
func TestXSHA3AgainstXCrypto(t *testing.T) {
	r := rand.New(rand.NewPCG(81, 82))
	type pair struct {
		name         string
		ours, theirs func() hash.Hash
		reads        bool // io.Reader: legacy Keccak and SHAKE
	}
	shake := func(f func() xsha3.ShakeHash) func() hash.Hash { return func() hash.Hash { return f() } }
	xshake := func(f func() sha3.ShakeHash) func() hash.Hash { return func() hash.Hash { return f() } }
	pairs := []pair{
		{"SHA3-256", xsha3.New256, sha3.New256, false},
		{"SHA3-512", xsha3.New512, sha3.New512, false},
		{"Keccak-256", xsha3.NewLegacyKeccak256, sha3.NewLegacyKeccak256, true},
		{"Keccak-512", xsha3.NewLegacyKeccak512, sha3.NewLegacyKeccak512, true},
		{"SHAKE128", shake(xsha3.NewShake128), xshake(sha3.NewShake128), true},
		{"cSHAKE256", shake(func() xsha3.ShakeHash { return xsha3.NewCShake256([]byte("N"), []byte("S")) }),
			xshake(func() sha3.ShakeHash { return sha3.NewCShake256([]byte("N"), []byte("S")) }), true},
	}
	read := func(h hash.Hash, n int) []byte {
		out := make([]byte, n)
		h.(interface{ Read([]byte) (int, error) }).Read(out)
		return out
	}
	for _, p := range pairs {
		for range 60 {
			msg := make([]byte, r.IntN(1500))
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			cut := r.IntN(len(msg) + 1)
			ours, theirs := p.ours(), p.theirs()
			for rest := msg[:cut]; len(rest) > 0; {
				k := min(len(rest), 1+r.IntN(300))
				ours.Write(rest[:k])
				rest = rest[k:]
			}
			theirs.Write(msg[:cut])
			// Swap states mid-stream: each continues from the other's bytes.
			ob, err := ours.(encoding.BinaryMarshaler).MarshalBinary()
			require.NoError(t, err)
			tb, err := theirs.(encoding.BinaryMarshaler).MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, tb, ob, p.name)
			require.NoError(t, ours.(encoding.BinaryUnmarshaler).UnmarshalBinary(tb))
			require.NoError(t, theirs.(encoding.BinaryUnmarshaler).UnmarshalBinary(ob))
			ours.Write(msg[cut:])
			theirs.Write(msg[cut:])
			require.Equal(t, theirs.Sum([]byte{7}), ours.Sum([]byte{7}), p.name)
			require.Equal(t, theirs.Size(), ours.Size())
			require.Equal(t, theirs.BlockSize(), ours.BlockSize())
			if !p.reads {
				continue
			}
			n := r.IntN(700)
			require.Equal(t, read(theirs, n), read(ours, n), p.name)
			// Marshaled while squeezing: the other library goes on reading.
			ob, _ = ours.(encoding.BinaryMarshaler).MarshalBinary()
			tb, _ = theirs.(encoding.BinaryMarshaler).MarshalBinary()
			ours2, theirs2 := p.ours(), p.theirs()
			require.NoError(t, ours2.(encoding.BinaryUnmarshaler).UnmarshalBinary(tb))
			require.NoError(t, theirs2.(encoding.BinaryUnmarshaler).UnmarshalBinary(ob))
			want := read(theirs, 300)
			require.Equal(t, want, read(ours, 300), p.name)
			require.Equal(t, want, read(ours2, 300), p.name)
			require.Equal(t, want, read(theirs2, 300), p.name)
		}
	}
	// ShakeSum writes the same output.
	a, b := make([]byte, 77), make([]byte, 77)
	xsha3.ShakeSum256(a, []byte("abc"))
	sha3.ShakeSum256(b, []byte("abc"))
	require.True(t, bytes.Equal(a, b))
}
