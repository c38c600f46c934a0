//go:build cgo && !purego

/* Sponges in the lanes of a times-4 or times-8 kernel; see wide.h. */
#include "wide.h"

#include <string.h>

kwide kwide_of(const kp1600_kernel *K, unsigned n) {
    kwide w = {0};
    if (n == 8 && K->permute8)
        w = (kwide){8, K->initialize8, K->fast_loop_absorb8, K->extract_lanes_all8,
                    K->extract_bytes8, K->k12_leaves8};
    if (n == 4 && K->permute4)
        w = (kwide){4, K->initialize4, K->fast_loop_absorb4, K->extract_lanes_all4,
                    K->extract_bytes4, K->k12_leaves4};
    return w;
}

const kwide *kwide_for(const kwide *w4, const kwide *w8, size_t m) {
    if (m < 2)
        return NULL;
    if (w4->n && (m <= 4 || !w8->n))
        return w4;
    return w8->n ? w8 : NULL;
}

/* Each lane's padded last block is built on the stack and absorbed with
 * the whole blocks' fast loop: cheaper than three add_bytes calls per lane
 * and a separate permute. */
void kwide_sponges(const kwide *W, const uint8_t *const msg[], const size_t len[], unsigned m,
                   unsigned rate, uint8_t ds, unsigned nr, uint8_t *const out[],
                   unsigned outlen) {
    _Alignas(KP1600_ALIGN8) uint8_t ks[KP1600_STATE8_BYTES];
    uint8_t last[KWIDE_MAX][KP1600_STATE_BYTES];
    uint8_t spare[KP1600_STATE_BYTES];
    const uint8_t *p[KWIDE_MAX], *lp[KWIDE_MAX];
    uint8_t *o[KWIDE_MAX];
    size_t whole = len[0] / rate * rate;
    for (unsigned i = 0; i < m; i++) {
        unsigned tail = (unsigned)(len[i] - whole);
        p[i] = msg[i];
        memcpy(last[i], p[i] + whole, tail);
        memset(last[i] + tail, 0, rate - tail);
        last[i][tail] ^= ds;
        last[i][rate - 1] ^= 0x80;
        lp[i] = last[i];
        o[i] = out[i];
    }
    for (unsigned i = m; i < W->n; i++)
        p[i] = p[0], lp[i] = lp[0], o[i] = spare;
    W->initialize(ks);
    if (whole > 0)
        W->fast_loop_absorb(ks, rate / 8, p, whole, nr);
    W->fast_loop_absorb(ks, rate / 8, lp, rate, nr);
    W->extract_lanes_all(ks, o, outlen / 8);
    if (outlen % 8)
        for (unsigned i = 0; i < m; i++)
            W->extract_bytes(ks, i, out[i] + outlen / 8 * 8, outlen / 8 * 8, outlen % 8);
}
