package xsha3_test

import (
	"fmt"

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
