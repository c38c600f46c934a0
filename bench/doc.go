// Package bench holds the side-by-side benchmarks of keccak against its
// peers (crypto/sha3, golang.org/x/crypto/sha3, circl's KangarooTwelve). It
// is a module of its own so the library's go.mod stays lean; run.sh runs
// interleaved rounds and prints a table of medians and ratios. Its tests hold
// package xsha3 to x/crypto/sha3: the same exported API (from the compiler's
// export data), and the same outputs and marshaled states.
package bench
