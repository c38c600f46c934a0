// Package xsha3 is the API of golang.org/x/crypto/sha3 (every exported name
// and signature of its newest release, v0.59.0) over package keccak, so that
// changing the import path is the switch (ShakeHash's Sum differs in two
// corners, below):
//
//	import "golang.org/x/crypto/sha3"          // before
//	import sha3 "github.com/go-xkcp/keccak/xsha3" // after
//
// The values returned also have what x/crypto's have beyond the interfaces:
// the marshal methods (same encodings, so saved states move between the two
// libraries), and io.Reader on the legacy Keccak hashes. New code can use
// package keccak directly: its names are crypto/sha3's.
//
// Two corners behave differently, both where x/crypto's ShakeHash Sum
// follows the calls it saw rather than the state it holds; nothing that
// works in x/crypto and gives a digest there changes:
//
//   - Read, then Reset: Sum works here (it gives the digest of what is
//     written after Reset); x/crypto's Sum still panics "Sum after Read",
//     as its flag survives Reset.
//   - UnmarshalBinary: Sum here goes by the state loaded. It panics on a
//     state saved while squeezing, where x/crypto returns the output that
//     follows the saved position as if it were a digest, and it works on
//     a state saved while absorbing even after Read, where x/crypto panics.
package xsha3
