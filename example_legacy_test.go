package keccak_test

import (
	"fmt"

	"github.com/go-xkcp/keccak"
)

func ExampleSumLegacyKeccak256() {
	// Ethereum's Keccak-256, e.g. of an empty input.
	fmt.Printf("%x\n", keccak.SumLegacyKeccak256(nil))
	// Output: c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
}

func ExampleNewLegacyKeccak256() {
	h := keccak.NewLegacyKeccak256()
	h.Write([]byte("transfer(address,uint256)"))
	// Read gives the digest without Sum's append; a function selector is
	// its first four bytes.
	var selector [4]byte
	h.Read(selector[:])
	fmt.Printf("%x\n", selector)
	// Output: a9059cbb
}

func ExampleSumLegacyKeccak256Batch() {
	// Trie or Merkle nodes hashed in one call; dst[i] is the hash of nodes[i].
	nodes := [][]byte{[]byte("left"), []byte("right"), nil}
	dst := make([][32]byte, len(nodes))
	keccak.SumLegacyKeccak256Batch(dst, nodes)
	fmt.Println(dst[2] == keccak.SumLegacyKeccak256(nil))
	// Output: true
}
