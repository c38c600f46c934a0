/*
 * Many independent short sponges in one call (kbulk_batch, bulk.h): the
 * Go side's Sum256Batch and SumLegacyKeccak256Batch.
 *
 * Messages that absorb the same number of whole blocks run in lockstep in
 * the lanes of the kernel's widest multi-state entry points (times-8, else
 * times-4): one fast_loop_absorb over their whole blocks, one over each
 * instance's padded last block, the digests out.
 * Messages are gathered in a few open groups keyed by block count as they
 * come, so there is no sort and no allocation; a group runs when full, and
 * what is left at the end (or evicted when too many block counts are open)
 * runs in the narrowest lanes that hold it (one message alone: times-1).
 */
#include <string.h>

#include "bulk.h"

/* The times-4 and times-8 entry points have the same C types; a wide_ops
 * names the set a group runs on. */
typedef struct {
    unsigned width;
    void (*initialize)(void *states);
    void (*extract_lanes_all)(const void *states, uint8_t *const data[], unsigned lane_count);
    size_t (*fast_loop_absorb)(void *states, unsigned lane_count, const uint8_t *const data[],
                               size_t len, unsigned nrounds);
} wide_ops;

#define MAX_WIDTH 8
/* Distinct block counts gathered at once; more evicts the fullest group. */
#define OPEN_GROUPS 16

/* One batch call's fixed parameters. */
typedef struct {
    unsigned k;
    wide_ops w8, w4; /* width 0: the kernel lacks them */
    unsigned rate, nr, outlen;
    uint8_t ds;
    const uint8_t *in;
    const uint64_t *ends;
    uint8_t *out;
} batch;

static const uint8_t *msg_at(const batch *b, size_t i) { return b->in + (i ? b->ends[i - 1] : 0); }
static size_t len_at(const batch *b, size_t i) { return b->ends[i] - (i ? b->ends[i - 1] : 0); }

/* m (1..W->width) messages idx[] with nb whole blocks each, in W's lanes:
 * one fast-loop absorb over the shared whole blocks, then one over each
 * lane's padded last block (built on the stack: cheaper than three
 * add_bytes calls per lane and a separate permute). Lanes past m hash
 * message idx[0] again into a scratch digest. */
static void run_wide(const batch *b, const wide_ops *W, const size_t *idx, unsigned m, size_t nb) {
    _Alignas(KP1600_ALIGN8) uint8_t ks[KP1600_STATE8_BYTES];
    uint8_t last[MAX_WIDTH][KP1600_STATE_BYTES];
    uint8_t spare[KP1600_STATE_BYTES];
    const uint8_t *p[MAX_WIDTH], *lp[MAX_WIDTH];
    uint8_t *o[MAX_WIDTH];
    size_t whole = nb * b->rate;
    for (unsigned i = 0; i < W->width; i++) {
        size_t j = idx[i < m ? i : 0];
        unsigned tail = (unsigned)(len_at(b, j) - whole);
        p[i] = msg_at(b, j);
        memcpy(last[i], p[i] + whole, tail);
        memset(last[i] + tail, 0, b->rate - tail);
        last[i][tail] ^= b->ds;
        last[i][b->rate - 1] ^= 0x80;
        lp[i] = last[i];
        o[i] = i < m ? b->out + j * b->outlen : spare;
    }
    W->initialize(ks);
    if (nb > 0)
        W->fast_loop_absorb(ks, b->rate / 8, p, whole, b->nr);
    W->fast_loop_absorb(ks, b->rate / 8, lp, b->rate, b->nr);
    W->extract_lanes_all(ks, o, b->outlen / 8);
}

static void run_one(const batch *b, size_t j) {
    kbulk_sponge(b->k, b->rate, b->ds, msg_at(b, j), len_at(b, j),
                 NULL, 0, b->out + j * b->outlen, b->outlen, b->nr);
}

/* The lanes for m messages left of a group: none for one; for more, the
 * narrowest set that holds them all, else the widest. Measured in C on
 * Zen 4 (64-byte messages, p5 of 400 alternating runs): a times-1 sponge
 * 300 ns, a 4-way call 470, an 8-way call 584, whatever lanes idle. */
static const wide_ops *lanes_for(const batch *b, unsigned m) {
    if (m < 2)
        return NULL;
    if (b->w4.width && (m <= 4 || !b->w8.width))
        return &b->w4;
    return b->w8.width ? &b->w8 : NULL;
}

/* A partial group, in lanes while two or more are left. */
static void run_partial(const batch *b, const size_t *idx, unsigned m, size_t nb) {
    while (m > 0) {
        const wide_ops *W = lanes_for(b, m);
        if (!W) {
            run_one(b, *idx);
            idx++, m--;
            continue;
        }
        unsigned k = m < W->width ? m : W->width;
        run_wide(b, W, idx, k, nb);
        idx += k, m -= k;
    }
}

typedef struct {
    size_t nb;
    unsigned m; /* 0: slot free */
    size_t idx[MAX_WIDTH];
} group;

static wide_ops ops8(const kp1600_kernel *K) {
    wide_ops w = {0};
    if (K->permute8)
        w = (wide_ops){8, K->initialize8, K->extract_lanes_all8, K->fast_loop_absorb8};
    return w;
}

static wide_ops ops4(const kp1600_kernel *K) {
    wide_ops w = {0};
    if (K->permute4)
        w = (wide_ops){4, K->initialize4, K->extract_lanes_all4, K->fast_loop_absorb4};
    return w;
}

void kbulk_batch(unsigned k, unsigned rate, uint8_t ds, const uint8_t *in, const uint64_t *ends,
                 size_t n, uint8_t *out, unsigned outlen, unsigned nr) {
    batch b = {k, ops8(kp1600_kernels[k]), ops4(kp1600_kernels[k]), rate, nr, outlen, ds, in,
               ends, out};
    const wide_ops *full = b.w8.width ? &b.w8 : b.w4.width ? &b.w4 : NULL;
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
            run_partial(&b, fullest->idx, fullest->m, fullest->nb);
            fullest->m = 0;
            slot = fullest;
        }
        if (slot->m == 0)
            slot->nb = nb;
        slot->idx[slot->m++] = j;
        if (slot->m == full->width) {
            run_wide(&b, full, slot->idx, slot->m, nb);
            slot->m = 0;
        }
    }
    for (unsigned s = 0; s < OPEN_GROUPS; s++)
        if (g[s].m > 0)
            run_partial(&b, g[s].idx, g[s].m, g[s].nb);
}
