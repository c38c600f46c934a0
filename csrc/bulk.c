//go:build cgo && !purego

/* Bulk entry points over the kernel table; see bulk.h. */
#include "bulk.h"

#include "wide.h"

/* Kernel states live on the C stack, aligned as the kernels want. */
#define KSTATE(name) _Alignas(KP1600_ALIGN) uint8_t name[KP1600_STATE_BYTES]
#define KSTATE4(name) _Alignas(KP1600_ALIGN) uint8_t name[KP1600_STATE4_BYTES]

unsigned kbulk_kernel_count(void) { return kp1600_kernel_count; }
const char *kbulk_kernel_name(unsigned k) { return kp1600_kernels[k]->name; }
unsigned kbulk_kernel_features(unsigned k) { return kp1600_kernels[k]->features; }

/* The kernel state to work on for the plain lanes st: st itself when the
 * kernel keeps plain lanes (no copies), else the scratch ks, loaded through
 * the kernel's own byte view. leave() stores the result back to st. */
static void *enter(const kp1600_kernel *K, void *ks, uint64_t *st) {
    if (K->state_is_lanes)
        return st;
    K->initialize(ks);
    K->add_bytes(ks, (const uint8_t *)st, 0, KP1600_STATE_BYTES);
    return ks;
}

static void leave(const kp1600_kernel *K, const void *ks, uint64_t *st) {
    if (ks != st)
        K->extract_bytes(ks, (uint8_t *)st, 0, KP1600_STATE_BYTES);
}

void kbulk_permute(unsigned k, uint64_t *st, unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    KSTATE(scratch);
    void *ks = enter(K, scratch, st);
    K->permute(ks, nr);
    leave(K, ks, st);
}

static void squeeze_blocks(const kp1600_kernel *K, void *ks, unsigned rate, uint8_t *out,
                           size_t nblocks, unsigned nr) {
    for (size_t i = 0; i < nblocks; i++) {
        K->permute(ks, nr);
        K->extract_bytes(ks, out + i * rate, 0, rate);
    }
}

/* XOR in into the state from byte pos of the current block on, permuting
 * whenever a block fills and more input follows. A block the input ends
 * with stays unpermuted, pos == rate, until a later call needs the
 * permutation: so a write that ends on a block boundary and the Sum after
 * it cross into C once, not twice. pos == rate on entry is such a block.
 * Returns the new pos. */
static unsigned absorb_from(const kp1600_kernel *K, void *ks, unsigned rate, unsigned pos,
                            const uint8_t *in, size_t len, unsigned nr) {
    if (len == 0)
        return pos;
    if (pos == rate) {
        K->permute(ks, nr);
        pos = 0;
    }
    if (pos > 0) {
        unsigned n = len < rate - pos ? (unsigned)len : rate - pos;
        K->add_bytes(ks, in, pos, n);
        if (len == n)
            return pos + n;
        K->permute(ks, nr);
        in += n;
        len -= n;
    }
    /* A kernel's fast loop loads and stores the whole state: only for whole
     * blocks, and not for a last block that ends the input. */
    size_t fast = len % rate ? len - len % rate : len - rate;
    size_t done = fast ? K->fast_loop_absorb(ks, rate / 8, in, fast, nr) : 0;
    K->add_bytes(ks, in + done, 0, (unsigned)(len - done));
    return (unsigned)(len - done);
}

/* End the input at pos (pos == rate: a full block still to permute): the
 * domain byte ds and the last padding bit. The permutation that starts
 * the output is the next squeeze's. */
static void pad_at(const kp1600_kernel *K, void *ks, unsigned rate, unsigned pos, uint8_t ds,
                   unsigned nr) {
    static const uint8_t last = 0x80;
    if (pos == rate) {
        K->permute(ks, nr);
        pos = 0;
    }
    K->add_bytes(ks, &ds, pos, 1);
    K->add_bytes(ks, &last, rate - 1, 1);
}

/* Output from byte pos of the current block on (pos == rate: used up),
 * permuting before each new block; returns the new pos. */
static unsigned squeeze_from(const kp1600_kernel *K, void *ks, unsigned rate, unsigned pos,
                             uint8_t *out, size_t len, unsigned nr) {
    if (len == 0)
        return pos;
    if (pos < rate) {
        unsigned n = len < rate - pos ? (unsigned)len : rate - pos;
        K->extract_bytes(ks, out, pos, n);
        out += n;
        len -= n;
        pos += n;
    }
    size_t full = len / rate;
    squeeze_blocks(K, ks, rate, out, full, nr);
    if (full > 0)
        pos = rate;
    if (len % rate) {
        K->permute(ks, nr);
        K->extract_bytes(ks, out + full * rate, 0, (unsigned)(len % rate));
        pos = (unsigned)(len % rate);
    }
    return pos;
}

unsigned kbulk_absorb(unsigned k, uint64_t *st, unsigned rate, unsigned pos, const uint8_t *in,
                      size_t len, unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    KSTATE(scratch);
    void *ks = enter(K, scratch, st);
    pos = absorb_from(K, ks, rate, pos, in, len, nr);
    leave(K, ks, st);
    return pos;
}

unsigned kbulk_squeeze(unsigned k, uint64_t *st, unsigned rate, unsigned pos, uint8_t ds,
                       uint8_t *out, size_t len, unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    KSTATE(scratch);
    void *ks = enter(K, scratch, st);
    if (ds) {
        pad_at(K, ks, rate, pos, ds, nr);
        pos = rate;
    }
    pos = squeeze_from(K, ks, rate, pos, out, len, nr);
    leave(K, ks, st);
    return pos;
}

/* Absorb in || tail into a fresh kernel state and pad: the common start of
 * a one-shot sponge and of a tree leaf (which has no tail). */
static void absorb_all(const kp1600_kernel *K, void *ks, unsigned rate, uint8_t ds,
                       const uint8_t *in, size_t len, const uint8_t *tail, size_t taillen,
                       unsigned nr) {
    K->initialize(ks);
    unsigned pos = absorb_from(K, ks, rate, 0, in, len, nr);
    pos = absorb_from(K, ks, rate, pos, tail, taillen, nr);
    pad_at(K, ks, rate, pos, ds, nr);
}

void kbulk_hash(unsigned k, unsigned rate, uint8_t ds, const uint8_t *in, size_t len,
                  const uint8_t *tail, size_t taillen, uint8_t *out, size_t outlen,
                  unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    KSTATE(ks);
    absorb_all(K, ks, rate, ds, in, len, tail, taillen, nr);
    squeeze_from(K, ks, rate, rate, out, outlen, nr);
}

/* Four-way work: with a times-4 kernel in one go, else instance by instance. */

/* The four plain states st[i] <-> a times-4 kernel state, lane groups at once. */
static void load4(const kp1600_kernel *K, void *ks, const uint64_t *st) {
    const uint8_t *const in[4] = {(const uint8_t *)st, (const uint8_t *)(st + 25),
                                  (const uint8_t *)(st + 50), (const uint8_t *)(st + 75)};
    K->initialize4(ks);
    K->add_lanes_all4(ks, in, 25);
}

static void store4(const kp1600_kernel *K, const void *ks, uint64_t *st) {
    uint8_t *const out[4] = {(uint8_t *)st, (uint8_t *)(st + 25), (uint8_t *)(st + 50),
                             (uint8_t *)(st + 75)};
    K->extract_lanes_all4(ks, out, 25);
}

void kbulk_permute4(unsigned k, uint64_t *st, unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    if (!K->permute4) {
        for (unsigned i = 0; i < 4; i++)
            kbulk_permute(k, st + 25 * i, nr);
        return;
    }
    KSTATE4(ks);
    load4(K, ks, st);
    K->permute4(ks, nr);
    store4(K, ks, st);
}

size_t kbulk_absorb4(unsigned k, uint64_t *st, unsigned rate, const uint8_t *in0,
                     const uint8_t *in1, const uint8_t *in2, const uint8_t *in3, size_t len,
                     unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    const uint8_t *const in[4] = {in0, in1, in2, in3};
    size_t done = 0;
    if (!K->fast_loop_absorb4) {
        for (unsigned i = 0; i < 4; i++) {
            KSTATE(scratch);
            void *ks = enter(K, scratch, st + 25 * i);
            done = K->fast_loop_absorb(ks, rate / 8, in[i], len, nr);
            leave(K, ks, st + 25 * i);
        }
        return done;
    }
    KSTATE4(ks);
    load4(K, ks, st);
    done = K->fast_loop_absorb4(ks, rate / 8, in, len, nr);
    store4(K, ks, st);
    return done;
}

void kbulk_squeeze4(unsigned k, uint64_t *st, unsigned rate, uint8_t *out0, uint8_t *out1,
                    uint8_t *out2, uint8_t *out3, size_t nblocks, unsigned nr) {
    const kp1600_kernel *K = kp1600_kernels[k];
    uint8_t *const out[4] = {out0, out1, out2, out3};
    if (!K->permute4) {
        for (unsigned i = 0; i < 4; i++)
            kbulk_squeeze(k, st + 25 * i, rate, rate, 0, out[i], nblocks * rate, nr);
        return;
    }
    KSTATE4(ks);
    load4(K, ks, st);
    for (size_t b = 0; b < nblocks; b++) {
        uint8_t *const block[4] = {out0 + b * rate, out1 + b * rate, out2 + b * rate,
                                   out3 + b * rate};
        K->permute4(ks, nr);
        K->extract_lanes_all4(ks, block, rate / 8);
    }
    store4(K, ks, st);
}

/*
 * Eight leaves per pass on a times-8 kernel, else four per pass on a
 * times-4 one, else one by one; the leaves left over in the lanes
 * kwide_for picks. KangarooTwelve's full passes run the kernel's own leaf
 * routine where it has one.
 */
void kbulk_leaves(unsigned k, const uint8_t *in, size_t n, size_t blocklen, uint8_t *cv,
                  unsigned rate, uint8_t ds, unsigned nr, unsigned cvlen) {
    const kp1600_kernel *K = kp1600_kernels[k];
    const kwide W4 = kwide_of(K, 4), W8 = kwide_of(K, 8);
    int k12 = blocklen == KP1600_K12_CHUNK && ds == 0x0B && nr == 12;
    for (size_t i = 0; i < n;) {
        const kwide *W = kwide_for(&W4, &W8, n - i);
        if (!W) {
            KSTATE(ks);
            absorb_all(K, ks, rate, ds, in + i * blocklen, blocklen, NULL, 0, nr);
            K->permute(ks, nr);
            K->extract_bytes(ks, cv + i * cvlen, 0, cvlen);
            i++;
            continue;
        }
        unsigned m = n - i < W->n ? (unsigned)(n - i) : W->n;
        if (m == W->n && k12 && W->k12_leaves) {
            W->k12_leaves(in + i * blocklen, cv + i * cvlen, rate, cvlen);
        } else {
            const uint8_t *msg[KWIDE_MAX];
            size_t len[KWIDE_MAX];
            uint8_t *out[KWIDE_MAX];
            for (unsigned j = 0; j < m; j++) {
                msg[j] = in + (i + j) * blocklen;
                len[j] = blocklen;
                out[j] = cv + (i + j) * cvlen;
            }
            kwide_sponges(W, msg, len, m, rate, ds, nr, out, cvlen);
        }
        i += m;
    }
}
