// Package keccak is the Keccak family for Go, on XKCP-style C and assembly
// kernels: SHA3 and SHAKE (the API of crypto/sha3, so switching is a
// one-line import change), cSHAKE, TurboSHAKE and KangarooTwelve (RFC 9861),
// KMAC, TupleHash and ParallelHash (NIST SP 800-185), legacy Keccak-256 and
// Keccak-512 (the original padding, as in Ethereum), four SHAKE instances
// in lockstep (SHAKEx4), the raw Keccak-p[1600] permutation, and the
// fixed-key AES PRG of the VDAF drafts (used by package idpf).
//
// The kernels are reached through cgo and chosen at start-up for the CPU
// (Backend says which); without cgo, or with -tags purego, a pure-Go
// backend gives the same results. Long inputs go to C in one call per
// buffer, four states at a time where the CPU has AVX2, and KangarooTwelve
// and ParallelHash also spread their leaves over goroutines.
//
// As in crypto/sha3, misuse panics: Write after Read, a TurboSHAKE domain
// byte outside 0x01..0x7F, a negative output length, a round count outside
// 1..24, SHAKEx4 slices of unequal length. Marshaled states that do not
// parse return an error and leave the hash unchanged.
package keccak
