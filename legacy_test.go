package keccak

import (
	"encoding/hex"
	"hash"
	"io"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

var (
	_ hash.Hash   = NewLegacyKeccak256()
	_ hash.Cloner = NewLegacyKeccak256()
	_ io.Reader   = NewLegacyKeccak256()
	_ marshaler   = NewLegacyKeccak512()
)

func legacySum(alg string, msg []byte) []byte {
	if alg == "Keccak-256" {
		s := SumLegacyKeccak256(msg)
		return s[:]
	}
	s := SumLegacyKeccak512(msg)
	return s[:]
}

func newLegacy(alg string) *LegacyKeccak {
	if alg == "Keccak-256" {
		return NewLegacyKeccak256()
	}
	return NewLegacyKeccak512()
}

// The Keccak team's known answers for the original padding (KeccakKAT-3),
// one-shot, streamed in splits, and read through Read in splits.
func TestLegacyKeccakVectors(t *testing.T) {
	vs := loadVectors(t, "keccak_legacy_kat.jsonl")
	forEachBackend(t, func(t *testing.T) {
		empty := SumLegacyKeccak256(nil)
		require.Equal(t, "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", hex.EncodeToString(empty[:]))
		for _, v := range vs {
			msg := v.Message(t)
			v.Check(t, legacySum(v.Alg, msg))
			for i, split := range splits {
				h := newLegacy(v.Alg)
				writeSplit(h, msg, split...)
				v.Check(t, h.Sum(nil))
				v.Check(t, h.Sum(nil)) // Sum leaves the state alone
				out := make([]byte, v.OutLen)
				readSplit(h, out, splits[(i+1)%len(splits)]...)
				v.Check(t, out)
			}
		}
	})
}

// Random messages against pycryptodome's Keccak (an implementation that
// shares no code with this one), through the SP 800-185 cross-check script.
func TestLegacyKeccakCrossCheckPycryptodome(t *testing.T) {
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import Cryptodome.Hash.keccak").Run(); err != nil {
		if err := exec.Command(python, "-c", "import Crypto.Hash.keccak").Run(); err != nil {
			missing(t, "%s cannot import pycryptodome (apt-get install python3-pycryptodome)", python)
		}
	}
	forEachBackend(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(71, 72))
		var cs []spCase
		var want []string
		for i := range 300 {
			alg := []string{"Keccak-256", "Keccak-512"}[i%2]
			msg := randomBytes(r, randLen(r, 3000))
			h := newLegacy(alg)
			writeSplit(h, msg, randomSplits(r, len(msg))...)
			got := h.Sum(nil)
			eqBytes(t, legacySum(alg, msg), got, alg)
			cs = append(cs, spCase{Alg: alg, Msg: hex.EncodeToString(msg), OutLen: len(got)})
			want = append(want, hex.EncodeToString(got))
		}
		script := filepath.Join("tools", "crosscheck", "sp800185_pycryptodome.py")
		compareLines(t, "pycryptodome", cs, want, runCases(t, cs, python, script))
	})
}

// Reading squeezes one stream: the digest, then what follows, however
// the reads are cut; the native backends squeeze what Go does.
func TestLegacyKeccakRead(t *testing.T) {
	r := rand.New(rand.NewPCG(73, 74))
	msg := randomBytes(r, 700)
	var want []byte
	forEachBackend(t, func(t *testing.T) {
		for _, n := range []int{0, 1, 135, 136, 137, 700} {
			h := NewLegacyKeccak256()
			h.Write(msg[:n])
			digest := h.Sum(nil)
			whole := make([]byte, 1000)
			c, err := h.Clone()
			require.NoError(t, err)
			h.Read(whole)
			require.Equal(t, digest, whole[:32])
			pieces := make([]byte, len(whole))
			readSplit(c.(*LegacyKeccak), pieces, randomSplits(r, len(pieces))...)
			require.Equal(t, whole, pieces)
			if n == 700 {
				if want == nil {
					want = whole
				}
				require.Equal(t, want, whole, "backends differ")
			}
		}
	})
}

// Marshal at every phase, restore into a fresh hash, continue both.
func TestLegacyKeccakMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(75, 76))
	msg := randomBytes(r, 1000)
	forEachBackend(t, func(t *testing.T) {
		for _, alg := range []string{"Keccak-256", "Keccak-512"} {
			for _, cut := range []int{0, 1, 71, 72, 135, 136, 137, 500} {
				for _, readFirst := range []int{-1, 0, 5, 136, 300} {
					h := newLegacy(alg)
					h.Write(msg[:cut])
					if readFirst >= 0 {
						h.Read(make([]byte, readFirst))
					}
					b, err := h.MarshalBinary()
					require.NoError(t, err)
					require.Len(t, b, marshaledSize)
					require.Equal(t, magicKeccak, string(b[:4]))
					ab, _ := h.AppendBinary([]byte("x"))
					require.Equal(t, append([]byte("x"), b...), ab)
					back := newLegacy(alg)
					back.Write([]byte("overwritten"))
					require.NoError(t, back.UnmarshalBinary(b))
					if readFirst < 0 {
						h.Write(msg[cut:])
						back.Write(msg[cut:])
						require.Equal(t, legacySum(alg, msg), back.Sum(nil))
						require.Equal(t, h.Sum(nil), back.Sum(nil))
					}
					p, q := make([]byte, 400), make([]byte, 400)
					h.Read(p)
					back.Read(q)
					require.Equal(t, p, q, "%s cut %d read %d", alg, cut, readFirst)
				}
			}
		}
	})
	// Another function's state is refused and leaves the hash alone.
	h := NewLegacyKeccak256()
	h.Write([]byte("keep"))
	want := h.Sum(nil)
	s256, _ := New256().MarshalBinary()
	k512, _ := NewLegacyKeccak512().MarshalBinary()
	good, _ := h.MarshalBinary()
	for i, b := range [][]byte{nil, s256, k512, good[:len(good)-1], append(good, 0)} {
		require.Error(t, h.UnmarshalBinary(b), "case %d", i)
		require.Equal(t, want, h.Sum(nil))
	}
	require.Error(t, New256().UnmarshalBinary(good))
}

func TestLegacyKeccakMisuse(t *testing.T) {
	h := NewLegacyKeccak256()
	h.Read(make([]byte, 1))
	require.Panics(t, func() { h.Sum(nil) })
	require.Panics(t, func() { h.Write([]byte{1}) })
	h.Reset()
	require.NotPanics(t, func() { h.Write([]byte("abc")); h.Sum(nil) })
	c, err := h.Clone()
	require.NoError(t, err)
	h.Write([]byte("d"))
	require.NotEqual(t, h.Sum(nil), c.(*LegacyKeccak).Sum(nil))
	require.Equal(t, 136, h.BlockSize())
	require.Equal(t, 32, h.Size())
	require.Equal(t, 72, NewLegacyKeccak512().BlockSize())
	require.Equal(t, 64, NewLegacyKeccak512().Size())
}
