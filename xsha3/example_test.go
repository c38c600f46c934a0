package xsha3_test

import (
	"fmt"
	"hash"

	sha3 "github.com/go-xkcp/keccak/xsha3"
)

func ExampleNewLegacyKeccak256() {
	// Code written for golang.org/x/crypto/sha3 runs unchanged.
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte("hello"))
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8
}

func ExampleShakeSum256() {
	out := make([]byte, 16)
	sha3.ShakeSum256(out, []byte("abc"))
	fmt.Printf("%x\n", out)
	// Output: 483366601360a8771c6863080cc4114d
}

// KeccakState is the interface go-ethereum's crypto package declares for
// its Keccak-256 hasher: a hash that also reads out its digest without
// appending to a slice (Read after Write ends the input).
type KeccakState interface {
	hash.Hash
	Read([]byte) (int, error)
}

// Ethereum clients assert x/crypto's legacy Keccak to that interface and
// Read the digest into a fixed array, resetting between messages; the same
// code runs on xsha3.
func ExampleNewLegacyKeccak256_keccakState() {
	h := sha3.NewLegacyKeccak256().(KeccakState)
	var digest [32]byte
	for _, msg := range []string{"hello", "world"} {
		h.Reset()
		h.Write([]byte(msg))
		h.Read(digest[:])
		fmt.Printf("%x\n", digest)
	}
	// Output:
	// 1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8
	// 8452c9b9140222b08593a26daa782707297be9f7b3e8281d7b4974769f19afd0
}
