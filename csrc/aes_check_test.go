//go:build cgo && !purego && amd64

package csrc_test

import (
	"testing"

	"github.com/go-xkcp/keccak/csrc"
	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/cpu"
)

// Every fixed-key AES entry point that takes a count rejects huge and
// negative counts (whose byte lengths wrap around) before C writes a
// block. Before these checks, the wrapping cases wrote past out in C.
func TestFixedKeyCountChecks(t *testing.T) {
	if !cpu.AESNI {
		t.Skip("no AES-NI on this CPU")
	}
	var rk [176]byte
	var st [2][25]uint64
	seed := make([]byte, 16)
	out := make([]byte, 16)
	checkCases(t, map[string]func(){
		"Streams/wraps":        func() { csrc.FixedKeyStreams(&rk, seed, 0, wraps16, out) },
		"Streams/negative":     func() { csrc.FixedKeyStreams(&rk, seed, 0, -1, nil) },
		"Chain/n1wraps":        func() { csrc.FixedKeyChain(&rk, &rk, seed, wraps16, out, 0, nil) },
		"Chain/n2wraps":        func() { csrc.FixedKeyChain(&rk, &rk, seed, 1, out, wraps16, out) },
		"Chain/n1zero":         func() { csrc.FixedKeyChain(&rk, &rk, seed, 0, nil, 0, nil) },
		"Chain/n2negative":     func() { csrc.FixedKeyChain(&rk, &rk, seed, 1, out, -1, nil) },
		"Derive2Chain/n1wraps": func() { csrc.FixedKeyDerive2Chain(0, &st, &rk, &rk, seed, wraps16, out, 0, nil) },
		"Derive2Chain/n2wraps": func() { csrc.FixedKeyDerive2Chain(0, &st, &rk, &rk, seed, 1, out, wraps16, out) },
		"Derive2Chain/kernel":  func() { csrc.FixedKeyDerive2Chain(-1, &st, &rk, &rk, nil, 1, nil, 0, nil) },
		"Derive/kernel":        func() { csrc.FixedKeyDerive(csrc.KernelCount(), &st[0], &rk) },
		"DeriveN/kernel":       func() { csrc.FixedKeyDeriveN(csrc.KernelCount(), st[:], make([][176]byte, 2)) },
		"IdpfGen/wraps": func() {
			var seeds [32]byte
			var ctrl [2]uint8
			csrc.IdpfGen(&rk, &rk, &seeds, &ctrl, []byte{1}, checked.Wrapping(32),
				make([]byte, 16), make([]byte, 2), make([]byte, 32), make([]byte, 32), make([]byte, 1))
		},
		"IdpfGen/negative": func() {
			var seeds [32]byte
			var ctrl [2]uint8
			csrc.IdpfGen(&rk, &rk, &seeds, &ctrl, []byte{1}, -1,
				make([]byte, 16), make([]byte, 2), make([]byte, 32), nil, make([]byte, 1))
		},
	})
}
