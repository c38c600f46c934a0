package keccak

import (
	"hash"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

func TestSHA3Vectors(t *testing.T) {
	vs := loadVectors(t, "sha3_shortmsgkat_xkcp.jsonl")
	sums := map[string]func([]byte) []byte{
		"SHA3-224": func(b []byte) []byte { s := Sum224(b); return s[:] },
		"SHA3-256": func(b []byte) []byte { s := Sum256(b); return s[:] },
		"SHA3-384": func(b []byte) []byte { s := Sum384(b); return s[:] },
		"SHA3-512": func(b []byte) []byte { s := Sum512(b); return s[:] },
	}
	news := map[string]func() *SHA3{"SHA3-224": New224, "SHA3-256": New256, "SHA3-384": New384, "SHA3-512": New512}
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, v := range vs {
			msg := v.Message(t)
			v.Check(t, sums[v.Alg](msg))
			for _, split := range splits {
				h := news[v.Alg]()
				writeSplit(h, msg, split...)
				v.Check(t, h.Sum(nil))
				v.Check(t, h.Sum(nil)) // Sum leaves the state alone
			}
		}
	})
}

// xofCase builds the XOF a vector names.
func xofCase(t *testing.T, v *vector) (*SHAKE, func([]byte, int) []byte) {
	switch v.Alg {
	case "SHAKE128":
		return NewSHAKE128(), SumSHAKE128
	case "SHAKE256":
		return NewSHAKE256(), SumSHAKE256
	case "cSHAKE128":
		return NewCSHAKE128(unhex(t, v.N), unhex(t, v.S)), nil
	case "cSHAKE256":
		return NewCSHAKE256(unhex(t, v.N), unhex(t, v.S)), nil
	case "TurboSHAKE128", "TurboSHAKE256":
		D := unhex(t, v.D)[0]
		if v.Alg == "TurboSHAKE128" {
			return NewTurboSHAKE128(D), func(b []byte, n int) []byte { return SumTurboSHAKE128(b, D, n) }
		}
		return NewTurboSHAKE256(D), func(b []byte, n int) []byte { return SumTurboSHAKE256(b, D, n) }
	}
	t.Fatalf("unknown alg %s", v.Alg)
	return nil, nil
}

// maxByteWrites bounds the messages the tests write a byte at a time; the
// other splits cover the longer ones.
const maxByteWrites = 1 << 16

func TestXOFVectors(t *testing.T) {
	var vs []vector
	for _, f := range []string{"shake_shortmsgkat_xkcp.jsonl", "cshake_sp800_185_samples.jsonl", "turboshake_rfc9861.jsonl"} {
		vs = append(vs, loadVectors(t, f)...)
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		for n, v := range vs {
			msg := v.Message(t)
			x, sum := xofCase(t, &v)
			if sum != nil {
				v.Check(t, sum(msg, v.OutLen))
			}
			for i, split := range splits {
				if testing.Short() && i != n%len(splits) {
					continue // each vector one split, every split over the vectors
				}
				if len(split) == 1 && split[0] == 1 && len(msg) > maxByteWrites {
					continue // 24 MB a byte at a time: minutes under -race and QEMU
				}
				x.Reset()
				writeSplit(x, msg, split...)
				out := make([]byte, v.OutLen)
				readSplit(x, out, splits[(i+1)%len(splits)]...)
				v.Check(t, out)
			}
		}
	})
}

func TestPermutationVectors(t *testing.T) {
	vs := loadVectors(t, "keccak_p1600_xkcp.jsonl")
	implrun.Run(t, "keccak", func(t *testing.T) {
		var trace []vector // round records waiting for their trace's end
		checked := 0
		for _, v := range vs {
			switch v.Alg {
			case "Keccak-p[1600,24]", "Keccak-p[1600,12]":
				a := stateFromHex(t, v.Input)
				Permute(&a, v.Rounds)
				require.Equal(t, stateFromHex(t, v.Expected), a)
				checked++
			case "Keccak-f[1600]-round":
				trace = append(trace, v)
				if v.RoundIndex != 23 {
					continue
				}
				// Round i's input, given rounds i..23, ends where the trace does:
				// this checks Keccak-p for every round count 1..24.
				final := stateFromHex(t, v.Expected)
				for _, r := range trace {
					a := stateFromHex(t, r.Input)
					Permute(&a, 24-r.RoundIndex)
					require.Equal(t, final, a, "round %d", r.RoundIndex)
					checked++
				}
				trace = nil
			}
		}
		require.Equal(t, 52, checked)
	})
}

func TestHashInterfaces(t *testing.T) {
	var _ hash.Hash = New256()
	var _ hash.Cloner = New256()
	var _ hash.XOF = NewSHAKE128()
	require.Equal(t, 136, New256().BlockSize())
	require.Equal(t, 32, New256().Size())
	require.Equal(t, 168, NewTurboSHAKE128(1).BlockSize())
}
