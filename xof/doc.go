// Package xof is the eXtendable-Output Functions of the VDAF draft
// (draft-irtf-cfrg-vdaf-20, "Verifiable Distributed Aggregation
// Functions"), which Poplar1 and its IDPF build on:
//
//   - XOFTurboSHAKE128, the draft's XofTurboShake128: TurboSHAKE128 (RFC
//     9861) over a framed seed, dst and binder;
//   - XOFFixedKeyAES128, the draft's XofFixedKeyAes128: an AES-128 key
//     derived once from (dst, binder) with TurboSHAKE128, then a fixed-key
//     hash of seed ^ counter per 16-byte block. Derive the key once with
//     NewFixedKeyAES128Key and make a stream per seed with Stream: the
//     streams then cost neither a key schedule nor an allocation;
//   - the draft-06 predecessor of the latter, PrgFixedKeyAes128
//     (NewPRGFixedKeyAES128), whose key comes from cSHAKE128, as libprio-rs
//     0.12 to 0.14 use it.
//
// Each reads as an io.Reader and gives the draft's next(n) as Next. Names
// follow Go's style: the draft's XofTurboShake128 is XOFTurboSHAKE128 here.
//
// The fixed-key AES runs AES-NI code in C on x86-64 CPUs that have it
// (cgo builds), else crypto/aes. It is constant-time only where AES runs
// on CPU instructions; SECURITY.md at the repository root lists the
// builds where it does not.
package xof

import "github.com/go-xkcp/keccak/internal/fixedkey"

// MaxDSTLen is the longest domain separation tag the VDAF XOFs accept,
// 65535 bytes: its length is encoded in two bytes. It is defined once, in
// internal/fixedkey, which this package builds on.
const MaxDSTLen = fixedkey.MaxDSTLen
