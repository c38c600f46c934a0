package xof_test

import (
	"fmt"

	"github.com/go-xkcp/keccak/xof"
)

// Derive the fixed key once per (dst, binder), then make a cheap stream for
// every seed.
func ExampleFixedKeyAES128Key() {
	key, err := xof.NewFixedKeyAES128Key([]byte("domain separation tag"), []byte("binder string"))
	if err != nil {
		panic(err)
	}
	for _, seed := range [][16]byte{{0}, {15: 1}} {
		s := key.Stream(seed)
		fmt.Printf("%x\n", s.Next(20))
	}
	// Output:
	// 080de462cdfd42aae93b3ee98ffe2eb405e2600d
	// 8e43c65223d61fc3a2dcef8ca2eb8c01c2c97f39
}

// The same bytes as key.Stream(seed), straight from the draft's
// definition; this derives a fresh key on every call.
func ExampleNewXOFFixedKeyAES128() {
	seed := make([]byte, 16)
	x, err := xof.NewXOFFixedKeyAES128(seed, []byte("domain separation tag"), []byte("binder string"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", x.Next(20))
	// Output:
	// 080de462cdfd42aae93b3ee98ffe2eb405e2600d
}

func ExampleNewXOFTurboSHAKE128() {
	x, err := xof.NewXOFTurboSHAKE128(make([]byte, 32), []byte("domain separation tag"), []byte("binder string"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", x.Next(16))
	// Output:
	// 2a58e47676bdc6766f37cbdc8704461f
}

// The draft-06 PRG that libprio-rs 0.13 and 0.14 use: the key comes from
// cSHAKE128, the stream is built as in draft 20.
func ExampleNewPRGFixedKeyAES128Key() {
	key := xof.NewPRGFixedKeyAES128Key([]byte("domain separation tag"), []byte("binder string"))
	s := key.Stream([16]byte{})
	fmt.Printf("%x\n", s.Next(16))
	// Output:
	// d60f712201dda1ed68d3323340a991e4
}
