// Package idpf implements the incremental distributed point function of
// Poplar1, IdpfBBCGGI21 from draft-irtf-cfrg-vdaf-20 (document VERSION 18),
// and the draft-06 IdpfPoplar that libprio-rs 0.13 and 0.14 speak.
//
// An IDPF splits a point function on BITS-bit strings into two keys and a
// public share. For every prefix of the secret input alpha, the two
// aggregators' evaluations add up to that level's beta; for every other
// prefix they add up to zero. Inner levels carry Field64 vectors, the leaf
// level Field255 vectors, VALUE_LEN elements each.
//
// Speed comes from three things. The fixed AES keys of the inner levels'
// XOF are derived once per Gen call or per Evaluator, not once per XOF
// instance (fixedkey.Key). Eval walks the prefixes level by
// level, extending each distinct node once and hashing all of a level's
// blocks in one batch. A Cache keeps the nodes of earlier calls, so
// evaluating level after level costs one tree step per prefix
// (NewWalkCache: the last call's nodes only, memory linear in its size).
//
// Secret-dependent choices (control bits, alpha's bits) are constant-time
// selects. Inputs from the network (public shares, keys, prefixes, nonces)
// are checked, and bad ones return errors.
package idpf
