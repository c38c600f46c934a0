// Package poplar1 implements Poplar1, the heavy-hitters VDAF of
// draft-irtf-cfrg-vdaf-20 (document VERSION 18), on the IDPF of package
// idpf and the draft's XofTurboShake128.
//
// A client shards its BITS-bit string into a public share and two input
// shares (Shard). For an aggregation parameter (a level of the prefix tree
// and a sorted list of candidate prefixes at that level) each of the two
// aggregators evaluates its share (VerifyInit, or a Report that keeps the
// IDPF tree and the correlated randomness between levels), they exchange
// two rounds of sketch shares that prove the shares add up to a vector that
// is zero or one-hot (VerifierSharesToMessage, VerifyState.Next and
// VerifyState.Out), add the output shares of many reports (AggUpdate) and
// the collector adds the two aggregate shares into counts (Unshard).
//
// Every message has the draft's encoding; decoders reject truncated or
// trailing bytes, field elements not below the modulus and lengths that do
// not fit the parameters, with an error, never a panic.
package poplar1
