// Package xsha3 is the API of golang.org/x/crypto/sha3 (every exported name
// and signature of its newest release, v0.59.0) over package keccak, so that
// changing the import path is the whole switch:
//
//	import "golang.org/x/crypto/sha3"          // before
//	import sha3 "github.com/go-xkcp/keccak/xsha3" // after
//
// The values returned also have what x/crypto's have beyond the interfaces:
// the marshal methods (same encodings, so saved states move between the two
// libraries), and io.Reader on the legacy Keccak hashes. New code can use
// package keccak directly: its names are crypto/sha3's.
package xsha3
