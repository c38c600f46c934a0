package keccak_test

import (
	"fmt"

	"github.com/go-xkcp/keccak"
)

// A hash.Hash, as crypto/sha3.New256 gives: write in any pieces, then Sum.
func ExampleNew256() {
	h := keccak.New256()
	h.Write([]byte("hello, "))
	h.Write([]byte("world"))
	fmt.Printf("%x\n", h.Sum(nil))
	// Output:
	// bfb3959527d7a3f2f09def2f6915452d55a8f122df9e164d6f31c7fcf6093e14
}

// A half-done hash saved and resumed later, in another process or with
// crypto/sha3 (the encoding is the same).
func ExampleSHA3_MarshalBinary() {
	h := keccak.New256()
	h.Write([]byte("first half, "))
	state, err := h.MarshalBinary()
	if err != nil {
		panic(err)
	}

	resumed := keccak.New256()
	if err := resumed.UnmarshalBinary(state); err != nil {
		panic(err)
	}
	resumed.Write([]byte("second half"))
	fmt.Printf("%x\n", resumed.Sum(nil))
	// Output:
	// 7ff1230ea19b2f8d628248e5faaf6684a64f43c561803d02f78af0f7ee72d766
}

// An XOF: write the input, then read as much output as needed, in pieces.
func ExampleNewSHAKE256() {
	x := keccak.NewSHAKE256()
	x.Write([]byte("seed"))
	a, b := make([]byte, 16), make([]byte, 16)
	x.Read(a)
	x.Read(b) // continues where a stopped
	fmt.Printf("%x\n%x\n", a, b)
	// Output:
	// 4fd6800b5ddf65323de29f59e5da90d3
	// fa6778594e60e2ff4326622eff3e42c4
}

// TurboSHAKE (RFC 9861) streaming: the domain byte D separates uses of the
// same input; the one-shot SumTurboSHAKE128 gives the same bytes.
func ExampleNewTurboSHAKE128() {
	x := keccak.NewTurboSHAKE128(0x1F)
	x.Write([]byte("input"))
	out := make([]byte, 16)
	x.Read(out)
	fmt.Println(string(out) == string(keccak.SumTurboSHAKE128([]byte("input"), 0x1F, 16)))
	fmt.Printf("%x\n", out)
	// Output:
	// true
	// 3162d44f5e4eebe0bd7a52df2323da75
}
