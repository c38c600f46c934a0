//go:build cgo && !purego && amd64

package aesni_test

import (
	"testing"

	"github.com/go-xkcp/keccak/internal/aesni"
	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/testkit/isolate"
)

// wraps16 is a count whose 16-byte blocks wrap around an int.
var wraps16 = checked.Wrapping(16)

// Every fixed-key AES entry point that takes a count rejects huge and
// negative counts (whose byte lengths wrap around) before C writes a
// block. Before these checks, the wrapping cases wrote past out in C.
func TestFixedKeyCountChecks(t *testing.T) {
	if !aesni.Available {
		t.Skip("no AES-NI on this CPU")
	}
	var rk [176]byte
	var key [16]byte
	seed := make([]byte, 16)
	out := make([]byte, 16)
	isolate.PanicCases(t, "aesni: ", map[string]func(){
		"Streams/wraps":        func() { aesni.Streams(&rk, seed, 0, wraps16, out) },
		"Streams/negative":     func() { aesni.Streams(&rk, seed, 0, -1, nil) },
		"Chain/n1wraps":        func() { aesni.Chain(&rk, &rk, seed, wraps16, out, 0, nil) },
		"Chain/n2wraps":        func() { aesni.Chain(&rk, &rk, seed, 1, out, wraps16, out) },
		"Chain/n1zero":         func() { aesni.Chain(&rk, &rk, seed, 0, nil, 0, nil) },
		"Chain/n2negative":     func() { aesni.Chain(&rk, &rk, seed, 1, out, -1, nil) },
		"Expand2Chain/n1wraps": func() { aesni.Expand2Chain(&key, &key, &rk, &rk, seed, wraps16, out, 0, nil) },
		"Expand2Chain/n2wraps": func() { aesni.Expand2Chain(&key, &key, &rk, &rk, seed, 1, out, wraps16, out) },
		"Hash/length":          func() { aesni.Hash(&rk, seed, out[:8]) },
		"ExpandN/length":       func() { aesni.ExpandN(make([][16]byte, 2), make([][176]byte, 1)) },
		"IdpfGen/wraps": func() {
			var seeds [32]byte
			var ctrl [2]uint8
			aesni.IdpfGen(&rk, &rk, &seeds, &ctrl, []byte{1}, checked.Wrapping(32),
				make([]byte, 16), make([]byte, 2), make([]byte, 32), make([]byte, 32), make([]byte, 1))
		},
		"IdpfGen/negative": func() {
			var seeds [32]byte
			var ctrl [2]uint8
			aesni.IdpfGen(&rk, &rk, &seeds, &ctrl, []byte{1}, -1,
				make([]byte, 16), make([]byte, 2), make([]byte, 32), nil, make([]byte, 1))
		},
	})
}
