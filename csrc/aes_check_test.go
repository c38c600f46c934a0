//go:build cgo && !purego && amd64

package csrc

import "testing"

// Every fixed-key AES entry point that takes a count rejects huge and
// negative counts (whose byte lengths wrap around) before C writes a
// block. Before these checks, the wrapping cases wrote past out in C.
func TestFixedKeyCountChecks(t *testing.T) {
	if !HaveAESNI {
		t.Skip("no AES-NI on this CPU")
	}
	var rk [176]byte
	var st [2][25]uint64
	seed := make([]byte, 16)
	out := make([]byte, 16)
	checkCases(t, map[string]func(){
		"Streams/wraps":        func() { FixedKeyStreams(&rk, seed, 0, wraps16, out) },
		"Streams/negative":     func() { FixedKeyStreams(&rk, seed, 0, -1, nil) },
		"Chain/n1wraps":        func() { FixedKeyChain(&rk, &rk, seed, wraps16, out, 0, nil) },
		"Chain/n2wraps":        func() { FixedKeyChain(&rk, &rk, seed, 1, out, wraps16, out) },
		"Chain/n1zero":         func() { FixedKeyChain(&rk, &rk, seed, 0, nil, 0, nil) },
		"Chain/n2negative":     func() { FixedKeyChain(&rk, &rk, seed, 1, out, -1, nil) },
		"Derive2Chain/n1wraps": func() { FixedKeyDerive2Chain(0, &st, &rk, &rk, seed, wraps16, out, 0, nil) },
		"Derive2Chain/n2wraps": func() { FixedKeyDerive2Chain(0, &st, &rk, &rk, seed, 1, out, wraps16, out) },
		"Derive2Chain/kernel":  func() { FixedKeyDerive2Chain(-1, &st, &rk, &rk, nil, 1, nil, 0, nil) },
		"Derive/kernel":        func() { FixedKeyDerive(KernelCount(), &st[0], &rk) },
		"DeriveN/kernel":       func() { FixedKeyDeriveN(KernelCount(), st[:], make([][176]byte, 2)) },
		"IdpfGen/wraps": func() {
			var seeds [32]byte
			var ctrl [2]uint8
			IdpfGen(&rk, &rk, &seeds, &ctrl, []byte{1}, 1<<59+1, // 32*(2^59+1) wraps to 32
				make([]byte, 16), make([]byte, 2), make([]byte, 32), make([]byte, 32), make([]byte, 1))
		},
		"IdpfGen/negative": func() {
			var seeds [32]byte
			var ctrl [2]uint8
			IdpfGen(&rk, &rk, &seeds, &ctrl, []byte{1}, -1,
				make([]byte, 16), make([]byte, 2), make([]byte, 32), nil, make([]byte, 1))
		},
	})
}
