package xsha3

import (
	"compress/flate"
	"encoding/hex"
	"encoding/json"
	"hash"
	"os"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/testvec"
	"github.com/stretchr/testify/require"
)

// x/crypto/sha3's own known-answer file (testdata/xcrypto, copied from
// golang.org/x/crypto v0.59.0 sha3/testdata, sha256 a56a5c1a...) through
// this package's API, as x/crypto's TestKeccakKats runs it.
func TestXCryptoKats(t *testing.T) {
	f, err := os.Open(testvec.Dir("xcrypto", "keccakKats.json.deflate"))
	require.NoError(t, err)
	defer f.Close()
	var set struct {
		Kats map[string][]struct {
			Digest, Message, N, S string
			Length                int
		}
	}
	require.NoError(t, json.NewDecoder(flate.NewReader(f)).Decode(&set))
	digests := map[string]func() hash.Hash{
		"SHA3-224": New224, "SHA3-256": New256, "SHA3-384": New384, "SHA3-512": New512,
		"Keccak-256": NewLegacyKeccak256, "Keccak-512": NewLegacyKeccak512,
	}
	shakes := map[string]func(N, S []byte) ShakeHash{
		"SHAKE128":  func(N, S []byte) ShakeHash { return NewShake128() },
		"SHAKE256":  func(N, S []byte) ShakeHash { return NewShake256() },
		"cSHAKE128": NewCShake128, "cSHAKE256": NewCShake256,
	}
	run := 0
	for alg, kats := range set.Kats {
		newDigest, newShake := digests[alg], shakes[alg]
		require.True(t, newDigest != nil || newShake != nil, "unknown function %s", alg)
		for _, k := range kats {
			msg := testvec.Unhex(t, k.Message)[:k.Length/8]
			want := testvec.Unhex(t, k.Digest)
			var got []byte
			if newDigest != nil {
				d := newDigest()
				d.Write(msg)
				got = d.Sum(nil)
			} else {
				x := newShake(testvec.Unhex(t, k.N), testvec.Unhex(t, k.S))
				x.Write(msg)
				got = make([]byte, len(want))
				x.Read(got)
			}
			require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), "%s length %d", alg, k.Length)
			run++
		}
	}
	require.Equal(t, 6*256+4, run)
}

// The legacy Keccak known answers (KeccakKAT-3) through this API too.
func TestLegacyKeccakKats(t *testing.T) {
	news := map[string]func() hash.Hash{"Keccak-256": NewLegacyKeccak256, "Keccak-512": NewLegacyKeccak512}
	for _, v := range testvec.LoadKeccak(t, "keccak_legacy_kat.jsonl") {
		d := news[v.Alg]()
		d.Write(v.Message(t))
		v.Check(t, d.Sum(nil))
	}
}
