package keccak_test

import (
	"fmt"

	"github.com/go-xkcp/keccak"
)

// Derive the fixed key once per (dst, binder), then make a cheap stream for
// every seed.
func ExampleFixedKeyAes128Key() {
	key, err := keccak.NewFixedKeyAes128Key([]byte("domain separation tag"), []byte("binder string"))
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
func ExampleNewXofFixedKeyAes128() {
	seed := make([]byte, 16)
	xof, err := keccak.NewXofFixedKeyAes128(seed, []byte("domain separation tag"), []byte("binder string"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", xof.Next(20))
	// Output:
	// 080de462cdfd42aae93b3ee98ffe2eb405e2600d
}

// Several seeds' streams in one call, as an IDPF level uses them.
func ExampleFixedKeyAes128Key_FillStreams() {
	key, _ := keccak.NewFixedKeyAes128Key([]byte("domain separation tag"), []byte("binder string"))
	seeds := make([]byte, 32) // two seeds: 00..00 and 00..01
	seeds[31] = 1
	out := make([]byte, 2*2*16) // two blocks of each
	key.FillStreams(out, seeds, 2)
	fmt.Printf("%x\n%x\n", out[:20], out[32:52])
	// Output:
	// 080de462cdfd42aae93b3ee98ffe2eb405e2600d
	// 8e43c65223d61fc3a2dcef8ca2eb8c01c2c97f39
}

func ExampleNewXofTurboShake128() {
	xof, err := keccak.NewXofTurboShake128(make([]byte, 32), []byte("domain separation tag"), []byte("binder string"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", xof.Next(16))
	// Output:
	// 2a58e47676bdc6766f37cbdc8704461f
}

// The draft-06 PRG that libprio-rs 0.13 and 0.14 use: the key comes from
// cSHAKE128, the stream is built as in draft 20.
func ExampleNewPrgFixedKeyAes128Key() {
	key := keccak.NewPrgFixedKeyAes128Key([]byte("domain separation tag"), []byte("binder string"))
	s := key.Stream([16]byte{})
	fmt.Printf("%x\n", s.Next(16))
	// Output:
	// d60f712201dda1ed68d3323340a991e4
}
