/*
 * Fixed-key AES-128 with AES-NI (aes_amd64.c): what the Go seam
 * (aesni.go) calls. Each call does a whole batch, so Go crosses into C
 * once per batch, never per block.
 *
 * A round-key schedule rk is 11 round keys, 176 bytes. Blocks, seeds and
 * outputs are 16 bytes each; a stream for seed S is the fixed-key hash of
 * S ^ LE128(i) for i = 0, 1, 2, ...
 *
 * Preconditions, checked by the Go seam before every call: each buffer
 * holds exactly the bytes its counts say (16 per block, e.g.
 * 16*nseeds*nblocks for fkaes_streams), those products fit in size_t, n1
 * and nconv are at least 1. Nothing here checks again, nor detects the CPU:
 * Go calls this code only when internal/cpu found AES-NI. Nothing here
 * permutes: the Keccak work of a key derivation is Go's (the engine).
 */
#ifndef AESNI_AES_H
#define AESNI_AES_H

#include <stddef.h>
#include <stdint.h>

/* The AES-128 encryption key schedule of key. */
void fkaes_expand(const uint8_t *key, uint8_t *rk);

/* out[i] = hash(in[i]) for n blocks; in and out may be equal. */
void fkaes_hash(const uint8_t *rk, const uint8_t *in, uint8_t *out, size_t n);

/* Blocks first .. first+nblocks-1 of each of nseeds packed seeds' streams,
 * seed after seed. */
void fkaes_streams(const uint8_t *rk, const uint8_t *seeds, size_t nseeds, uint64_t first,
                   size_t nblocks, uint8_t *out);

/* out1 gets n1 blocks of each seed's stream under rk1; each seed's first
 * output block then seeds a stream under rk2, of which out2 gets n2. */
void fkaes_chain(const uint8_t *rk1, const uint8_t *rk2, const uint8_t *seeds, size_t nseeds,
                 size_t n1, uint8_t *out1, size_t n2, uint8_t *out2);

/* fkaes_expand for n packed keys into n packed schedules. */
void fkaes_expand_n(const uint8_t *keys, size_t n, uint8_t *rk);

/* fkaes_expand for key1 into rk1 and key2 into rk2, then fkaes_chain under
 * them (nothing more if nseeds is 0): an IDPF evaluation step that derives
 * its keys, in one call. */
void fkaes_expand2_chain(const uint8_t *key1, const uint8_t *key2, uint8_t *rk1, uint8_t *rk2,
                         const uint8_t *seeds, size_t nseeds, size_t n1, uint8_t *out1,
                         size_t n2, uint8_t *out2);

/* n levels of the IDPF key generation's seed walk: the C twin of package
 * idpf's Go walk (genLevelsGo), held to it by idpf's tests. */
void fkaes_idpf_gen(const uint8_t *rk_ext, const uint8_t *rk_conv, uint8_t *seeds,
                    uint8_t *ctrl, const uint8_t *alpha, size_t n, size_t nconv,
                    uint8_t *seed_cw, uint8_t *ctrl_cw, uint8_t *kept, uint8_t *conv,
                    uint8_t *ctrl1);

#endif
