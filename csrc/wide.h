/*
 * Sponges run in lockstep in the lanes of a kernel's times-4 or times-8
 * entry points: what tree leaves (bulk.c) and batches (batch.c) share.
 */
#ifndef CSRC_WIDE_H
#define CSRC_WIDE_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

/* A kernel's times-4 or times-8 entry points under one type. */
typedef struct {
    unsigned n; /* lanes: 4 or 8; 0 when the kernel lacks this width */
    void (*initialize)(void *states);
    size_t (*fast_loop_absorb)(void *states, unsigned lane_count, const uint8_t *const *data,
                               size_t len, unsigned nrounds);
    void (*extract_lanes_all)(const void *states, uint8_t *const *data, unsigned lane_count);
    void (*extract_bytes)(const void *states, unsigned instance, uint8_t *data,
                          unsigned offset, unsigned length);
    /* KangarooTwelve's n consecutive leaves, or NULL (see kernel.h). */
    void (*k12_leaves)(const uint8_t *in, uint8_t *cv, unsigned rate, unsigned cv_len);
} kwide;

#define KWIDE_MAX 8

/* Kernel K's times-4 (n = 4) or times-8 (n = 8) entry points. */
kwide kwide_of(const kp1600_kernel *K, unsigned n);

/*
 * The lanes for m sponges left to run: none (times-1) for one; for more,
 * the narrowest width that holds them all, else the widest: a pass costs
 * about the same whatever its idle lanes, and one wide pass less than
 * several narrower ones (docs/MEASUREMENTS.md has the Zen 4 runs).
 */
const kwide *kwide_for(const kwide *w4, const kwide *w8, size_t m);

/*
 * m (1..W->n) sponges in W's lanes from the zero state: msg[i], len[i]
 * bytes, every len[i] with the same number of whole rate-byte blocks,
 * padded with ds, nr rounds; the first outlen (<= rate) bytes of output to
 * out[i]. Lanes past m hash msg[0] again into a scratch buffer.
 */
void kwide_sponges(const kwide *W, const uint8_t *const msg[], const size_t len[], unsigned m,
                   unsigned rate, uint8_t ds, unsigned nr, uint8_t *const out[],
                   unsigned outlen);

#endif
