package keccak_test

import (
	"crypto/hmac"
	"fmt"

	"github.com/go-xkcp/keccak"
)

// NIST's KMAC sample #1: key 0x40..0x5F, message 00 01 02 03, no
// customization, 256-bit tag.
func ExampleNewKMAC128() {
	key := make([]byte, 32)
	for i := range key {
		key[i] = 0x40 + byte(i)
	}
	mac := keccak.NewKMAC128(key, nil, 32)
	mac.Write([]byte{0, 1, 2, 3})
	tag := mac.Sum(nil)
	fmt.Printf("%x\n", tag)

	// Verify in constant time.
	fmt.Println(hmac.Equal(tag, keccak.SumKMAC128(key, []byte{0, 1, 2, 3}, nil, 32)))
	// Output:
	// e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e
	// true
}

// KMACXOF256 as a key derivation function (as in NIST SP 800-108 and
// SP 800-56C): the context goes in the customization, the output is as
// long as needed and independent of that length's choice.
func ExampleNewKMACXOF256() {
	secret := []byte("a shared secret of at least 32 bytes....")
	kdf := keccak.NewKMACXOF256(secret, []byte("my protocol v1 key schedule"))
	kdf.Write([]byte("session 42"))
	encKey, macKey := make([]byte, 32), make([]byte, 32)
	kdf.Read(encKey)
	kdf.Read(macKey)
	fmt.Println(len(encKey), len(macKey))
	// Output: 32 32
}

// NIST's TupleHash sample #1: the tuple (00 01 02, 10 11 12 13 14 15).
func ExampleSumTupleHash128() {
	tuple := [][]byte{{0x00, 0x01, 0x02}, {0x10, 0x11, 0x12, 0x13, 0x14, 0x15}}
	fmt.Printf("%x\n", keccak.SumTupleHash128(tuple, nil, 32))
	// Output: c5d8786c1afb9b82111ab34b65b2c0048fa64e6d48e263264ce1707d3ffc8ed1
}

// Where the boundaries fall matters: ("ab", "c") and ("a", "bc") differ.
func ExampleTupleHash_Add() {
	h := keccak.NewTupleHash256([]byte("signed fields"), 32)
	h.Add([]byte("alice"))
	h.Add([]byte("bob"))
	a := h.Sum(nil)
	h.Reset()
	h.Add([]byte("alic"))
	h.Add([]byte("ebob"))
	fmt.Println(hmac.Equal(a, h.Sum(nil)))
	// Output: false
}

// NIST's ParallelHash sample #1: 24 bytes in 8-byte blocks.
func ExampleSumParallelHash128() {
	msg := []byte{
		0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
		0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
		0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27,
	}
	fmt.Printf("%x\n", keccak.SumParallelHash128(msg, nil, 8, 32))
	// Output: ba8dc1d1d979331d3f813603c67f72609ab5e44b94a0b8f9af46514454a2b4f5
}

// Streaming a large input: blocks are hashed four at a time and across
// cores as whole blocks arrive; memory stays constant.
func ExampleNewParallelHash256() {
	h := keccak.NewParallelHash256(nil, 8192, 64)
	chunk := make([]byte, 100000)
	for range 10 {
		h.Write(chunk) // 1 MB in total, written in pieces of any size
	}
	fmt.Println(len(h.Sum(nil)))
	// Output: 64
}
