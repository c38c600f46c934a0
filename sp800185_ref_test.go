package keccak

import (
	"crypto/sha3"
)

// SP 800-185's functions written straight from the standard's text, one
// whole-message call each, on crypto/sha3's cSHAKE and SHAKE (so neither
// this package's sponge nor its leaf machinery is involved). The
// encodings are spelled out again here rather than taken from encode.go.

func refLeftEncode(x uint64) []byte {
	n := 1
	for n < 8 && x>>(8*n) != 0 {
		n++
	}
	b := []byte{byte(n)}
	for i := n - 1; i >= 0; i-- {
		b = append(b, byte(x>>(8*i)))
	}
	return b
}

func refRightEncode(x uint64) []byte {
	l := refLeftEncode(x)
	return append(l[1:], l[0])
}

func refEncodeString(s []byte) []byte {
	return append(refLeftEncode(uint64(len(s))*8), s...)
}

func refBytepad(x []byte, w int) []byte {
	z := append(refLeftEncode(uint64(w)), x...)
	for len(z)%w != 0 {
		z = append(z, 0)
	}
	return z
}

func refRate(sec int) int {
	if sec == 128 {
		return 168
	}
	return 136
}

func refCSHAKE(sec int, N, S, x []byte, L int) []byte {
	var h *sha3.SHAKE
	if sec == 128 {
		h = sha3.NewCSHAKE128(N, S)
	} else {
		h = sha3.NewCSHAKE256(N, S)
	}
	h.Write(x)
	out := make([]byte, L)
	h.Read(out)
	return out
}

// refL is the L that right_encode closes the input with: 0 for an XOF.
func refL(L int, xof bool) uint64 {
	if xof {
		return 0
	}
	return uint64(L) * 8
}

func refKMAC(sec int, key, msg, S []byte, L int, xof bool) []byte {
	x := refBytepad(refEncodeString(key), refRate(sec))
	x = append(append(x, msg...), refRightEncode(refL(L, xof))...)
	return refCSHAKE(sec, []byte("KMAC"), S, x, L)
}

func refTupleHash(sec int, tuple [][]byte, S []byte, L int, xof bool) []byte {
	var z []byte
	for _, x := range tuple {
		z = append(z, refEncodeString(x)...)
	}
	z = append(z, refRightEncode(refL(L, xof))...)
	return refCSHAKE(sec, []byte("TupleHash"), S, z, L)
}

func refParallelHash(sec int, msg []byte, B int, S []byte, L int, xof bool) []byte {
	z := refLeftEncode(uint64(B))
	n := 0
	for rest := msg; len(rest) > 0; n++ {
		block := rest[:min(B, len(rest))]
		rest = rest[len(block):]
		if sec == 128 {
			z = append(z, sha3.SumSHAKE128(block, 32)...)
		} else {
			z = append(z, sha3.SumSHAKE256(block, 64)...)
		}
	}
	z = append(z, refRightEncode(uint64(n))...)
	z = append(z, refRightEncode(refL(L, xof))...)
	return refCSHAKE(sec, []byte("ParallelHash"), S, z, L)
}
