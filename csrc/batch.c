//go:build cgo && !purego

/*
 * Many independent short sponges in one call (kbulk_batch, bulk.h): the
 * Go side's Sum256Batch and SumLegacyKeccak256Batch.
 *
 * Messages that absorb the same number of whole blocks run in lockstep in
 * the lanes of the kernel's widest multi-state entry points (times-8, else
 * times-4; wide.h).
 * Messages are gathered in a few open groups keyed by block count as they
 * come, so there is no sort and no allocation; a group runs when full, and
 * what is left at the end (or evicted when too many block counts are open)
 * runs in the lanes kwide_for picks (one message alone: times-1).
 */
#include <string.h>

#include "bulk.h"
#include "wide.h"

/* Distinct block counts gathered at once; more evicts the fullest group. */
#define OPEN_GROUPS 16

/* One batch call's fixed parameters. */
typedef struct {
    unsigned k;
    kwide w8, w4; /* n 0: the kernel lacks them */
    unsigned rate, nr, outlen;
    uint8_t ds;
    const uint8_t *in;
    const uint64_t *ends;
    uint8_t *out;
} batch;

static const uint8_t *msg_at(const batch *b, size_t i) { return b->in + (i ? b->ends[i - 1] : 0); }
static size_t len_at(const batch *b, size_t i) { return b->ends[i] - (i ? b->ends[i - 1] : 0); }

/* m (1..W->n) messages idx[], all with the same whole-block count, in W's
 * lanes. */
static void run_wide(const batch *b, const kwide *W, const size_t *idx, unsigned m) {
    const uint8_t *msg[KWIDE_MAX];
    size_t len[KWIDE_MAX];
    uint8_t *out[KWIDE_MAX];
    for (unsigned i = 0; i < m; i++) {
        msg[i] = msg_at(b, idx[i]);
        len[i] = len_at(b, idx[i]);
        out[i] = b->out + idx[i] * b->outlen;
    }
    kwide_sponges(W, msg, len, m, b->rate, b->ds, b->nr, out, b->outlen);
}

static void run_one(const batch *b, size_t j) {
    kbulk_hash(b->k, b->rate, b->ds, msg_at(b, j), len_at(b, j),
                 NULL, 0, b->out + j * b->outlen, b->outlen, b->nr);
}

/* A partial group, in lanes while two or more are left. */
static void run_partial(const batch *b, const size_t *idx, unsigned m) {
    while (m > 0) {
        const kwide *W = kwide_for(&b->w4, &b->w8, m);
        if (!W) {
            run_one(b, *idx);
            idx++, m--;
            continue;
        }
        unsigned k = m < W->n ? m : W->n;
        run_wide(b, W, idx, k);
        idx += k, m -= k;
    }
}

typedef struct {
    size_t nb;
    unsigned m; /* 0: slot free */
    size_t idx[KWIDE_MAX];
} group;

void kbulk_batch(unsigned k, unsigned rate, uint8_t ds, const uint8_t *in, const uint64_t *ends,
                 size_t n, uint8_t *out, unsigned outlen, unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    batch b = {k, kwide_of(K, 8), kwide_of(K, 4), rate, nr, outlen, ds, in, ends, out};
    const kwide *full = kwide_for(&b.w4, &b.w8, KWIDE_MAX);
    if (!full) {
        for (size_t j = 0; j < n; j++)
            run_one(&b, j);
        return;
    }
    group g[OPEN_GROUPS];
    memset(g, 0, sizeof g);
    for (size_t j = 0; j < n; j++) {
        size_t nb = len_at(&b, j) / rate;
        group *slot = NULL, *fullest = &g[0];
        for (unsigned s = 0; s < OPEN_GROUPS && !slot; s++) {
            if (g[s].m > 0 && g[s].nb == nb)
                slot = &g[s];
            if (g[s].m > fullest->m)
                fullest = &g[s];
        }
        for (unsigned s = 0; s < OPEN_GROUPS && !slot; s++) {
            if (g[s].m == 0)
                slot = &g[s];
        }
        if (!slot) {
            run_partial(&b, fullest->idx, fullest->m);
            fullest->m = 0;
            slot = fullest;
        }
        if (slot->m == 0)
            slot->nb = nb;
        slot->idx[slot->m++] = j;
        if (slot->m == full->n) {
            run_wide(&b, full, slot->idx, slot->m);
            slot->m = 0;
        }
    }
    for (unsigned s = 0; s < OPEN_GROUPS; s++)
        if (g[s].m > 0)
            run_partial(&b, g[s].idx, g[s].m);
}
