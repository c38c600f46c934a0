/*
 * Bulk entry points: what the Go seam (internal/bulk/bulk.go) calls. Each does a whole
 * buffer's work, so Go crosses into C once per buffer, never per block.
 *
 * States cross as plain lanes, uint64_t[25] per instance in FIPS 202 order,
 * on a little-endian host (every cgo target here); each call loads them into
 * kernel k's own layout and stores them back. k indexes kp1600_kernels[].
 *
 * Preconditions, checked by the Go seam (internal/bulk: bulk.go, check.go) before
 * every call: k < kbulk_kernel_count() (kbulk_kernel_name and _features
 * too), 1 <= nr <= 24 (kernel.h's range), rate a multiple of 8 in 8..200,
 * every buffer as long as its counts say (products that fit in size_t),
 * cvlen <= rate. Nothing here checks again.
 */
#ifndef CSRC_BULK_H
#define CSRC_BULK_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

unsigned kbulk_kernel_count(void);
const char *kbulk_kernel_name(unsigned k);
unsigned kbulk_kernel_features(unsigned k);

void kbulk_permute(unsigned k, uint64_t *st, unsigned nr);
/* A streaming write: XOR in into the state from byte pos of the current
 * block on, permuting whenever a block fills and more input follows; a
 * block the input ends with is left unpermuted (pos == rate, also allowed
 * on entry: pos <= rate). Returns the new pos. */
unsigned kbulk_absorb(unsigned k, uint64_t *st, unsigned rate, unsigned pos, const uint8_t *in,
                      size_t len, unsigned nr);
/* A streaming read of len bytes. ds == 0: the state is squeezing, pos
 * bytes of its current block given out (pos == rate: used up). ds != 0:
 * the input ends first, at pos as kbulk_absorb left it, with domain byte
 * ds and pad10*1. Permutes before each new block; returns the new pos. */
unsigned kbulk_squeeze(unsigned k, uint64_t *st, unsigned rate, unsigned pos, uint8_t ds,
                       uint8_t *out, size_t len, unsigned nr);
/* A whole sponge from the zero state: absorb in || tail (tail may be empty),
 * pad with ds, squeeze outlen. */
void kbulk_hash(unsigned k, unsigned rate, uint8_t ds, const uint8_t *in, size_t len,
                  const uint8_t *tail, size_t taillen, uint8_t *out, size_t outlen,
                  unsigned nr);

/* The same on four states, st = uint64_t[4][25]; inputs of equal length;
 * rate a multiple of 8 (every SHA3/SHAKE rate is). */
void kbulk_permute4(unsigned k, uint64_t *st, unsigned nr);
size_t kbulk_absorb4(unsigned k, uint64_t *st, unsigned rate, const uint8_t *in0,
                     const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t len,
                     unsigned nr);
void kbulk_squeeze4(unsigned k, uint64_t *st, unsigned rate, uint8_t *out0, uint8_t *out1,
                    uint8_t *out2, uint8_t *out3, size_t nblocks, unsigned nr);

/* Tree leaves (KangarooTwelve, ParallelHash): the n consecutive blocks of
 * blocklen bytes at in -> n chaining values of cvlen bytes at cv, each a
 * sponge with this rate, domain byte ds and nr rounds. Eight at a time on a
 * times-8 kernel, four on a times-4 one; KangarooTwelve's shape (8192 bytes,
 * D = 0x0B, 12 rounds) uses the kernel's own leaf routine where it has one. */
void kbulk_leaves(unsigned k, const uint8_t *in, size_t n, size_t blocklen, uint8_t *cv,
                  unsigned rate, uint8_t ds, unsigned nr, unsigned cvlen);

/* n independent sponges from the zero state (batch.c): message j is the
 * bytes in[ends[j-1] .. ends[j]) (from 0 for j = 0), padded with ds; its
 * first outlen bytes of output go to out + j*outlen. outlen is a multiple
 * of 8 and at most rate. Messages with equal whole-block counts share the
 * kernel's times-8 or times-4 lanes. */
void kbulk_batch(unsigned k, unsigned rate, uint8_t ds, const uint8_t *in, const uint64_t *ends,
                 size_t n, uint8_t *out, unsigned outlen, unsigned nr);

#endif
