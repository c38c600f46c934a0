// Package rnd makes the random test inputs every package's tests draw from
// a seeded math/rand/v2 source, so failures replay.
package rnd

import "math/rand/v2"

// Bytes returns n bytes from r.
func Bytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}
