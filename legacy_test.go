package keccak

import (
	"encoding/hex"
	"hash"
	"io"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
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
	implrun.Run(t, "keccak", func(t *testing.T) {
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
	implrun.Run(t, "keccak", func(t *testing.T) {
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

// What the shared conformance tests (subjects_test.go) do not cover: the
// encoding is x/crypto's (its magic; bench/ swaps states with x/crypto
// itself), another function's state is refused without harm, Sum after
// Read panics as in x/crypto, and the sizes.
func TestLegacyKeccakSpecifics(t *testing.T) {
	h := NewLegacyKeccak256()
	h.Write([]byte("keep"))
	want := h.Sum(nil)
	good, err := h.MarshalBinary()
	require.NoError(t, err)
	require.Len(t, good, marshaledSize)
	require.Equal(t, "sha\x0b", string(good[:4]))
	s256, _ := New256().MarshalBinary()
	k512, _ := NewLegacyKeccak512().MarshalBinary()
	for i, b := range [][]byte{nil, s256, k512, good[:len(good)-1], append(good, 0)} {
		require.Error(t, h.UnmarshalBinary(b), "case %d", i)
		require.Equal(t, want, h.Sum(nil))
	}
	require.Error(t, New256().UnmarshalBinary(good))

	h.Read(make([]byte, 1))
	require.Panics(t, func() { h.Sum(nil) })
	h.Reset()
	require.NotPanics(t, func() { h.Sum(nil) })
	require.Equal(t, 136, h.BlockSize())
	require.Equal(t, 32, h.Size())
	require.Equal(t, 72, NewLegacyKeccak512().BlockSize())
	require.Equal(t, 64, NewLegacyKeccak512().Size())
}

// A zero LegacyKeccak has no function yet: marshaling it panics like every
// other use (it used to write a SHAKE-tagged state of rate 0), and so does
// loading a state into it.
func TestLegacyKeccakZeroValueMarshal(t *testing.T) {
	saved, err := NewLegacyKeccak256().MarshalBinary()
	require.NoError(t, err)
	for name, f := range map[string]func(){
		"MarshalBinary":   func() { var d LegacyKeccak; d.MarshalBinary() },
		"AppendBinary":    func() { var d LegacyKeccak; d.AppendBinary(nil) },
		"UnmarshalBinary": func() { var d LegacyKeccak; d.UnmarshalBinary(saved) },
	} {
		require.PanicsWithValue(t, engine.ErrZeroValue, f, name)
	}
}
