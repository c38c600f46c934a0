//go:build cgo && !purego

/*
 * Fixed-key AES-128 for the VDAF's XofFixedKeyAes128 with AES-NI.
 *
 * The hash of a 16-byte block x is AES(k, s(x)) ^ s(x), where s(x) puts the
 * high half first: s(lo || hi) = hi || (hi ^ lo). A stream for seed S is the
 * hash of S ^ LE128(i) for i = 0, 1, 2, ...; since the counter only touches
 * lo, s(S ^ i) = s(S) ^ (0 || i), so each block costs one XOR to set up.
 *
 * Up to 8 blocks are encrypted side by side so that the AESENC latency of
 * one block hides behind the others.
 *
 * Preconditions: see aes.h (the Go seam, aesni.go, checks them). No
 * Keccak here: internal/fixedkey derives the keys on the engine's sponge
 * and hands this code the AES keys.
 */
#include <stddef.h>
#include <stdint.h>
#include <immintrin.h>

#include "aes.h"

#define FK_TARGET __attribute__((target("aes,sse2")))

FK_TARGET static inline __m128i expand_step(__m128i k, __m128i assist)
{
    assist = _mm_shuffle_epi32(assist, 0xff);
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    return _mm_xor_si128(k, assist);
}

/* The AES-128 encryption key schedule: 11 round keys, 176 bytes. */
FK_TARGET void fkaes_expand(const uint8_t *key, uint8_t *rk)
{
    __m128i k[11];
    k[0] = _mm_loadu_si128((const __m128i *)key);
/* aeskeygenassist needs its round constant as an immediate. */
#define FK_ROUND(i, rcon) k[i] = expand_step(k[i - 1], _mm_aeskeygenassist_si128(k[i - 1], rcon))
    FK_ROUND(1, 0x01);
    FK_ROUND(2, 0x02);
    FK_ROUND(3, 0x04);
    FK_ROUND(4, 0x08);
    FK_ROUND(5, 0x10);
    FK_ROUND(6, 0x20);
    FK_ROUND(7, 0x40);
    FK_ROUND(8, 0x80);
    FK_ROUND(9, 0x1b);
    FK_ROUND(10, 0x36);
#undef FK_ROUND
    for (int i = 0; i < 11; i++)
        _mm_storeu_si128((__m128i *)(rk + 16 * i), k[i]);
}

FK_TARGET static inline void load_keys(const uint8_t *rk, __m128i k[11])
{
    for (int i = 0; i < 11; i++)
        k[i] = _mm_loadu_si128((const __m128i *)(rk + 16 * i));
}

/* s(lo || hi) = hi || (hi ^ lo), lanes as 64-bit halves. */
FK_TARGET static inline __m128i sigma(__m128i x)
{
    return _mm_xor_si128(_mm_unpackhi_epi64(x, x), _mm_slli_si128(x, 8));
}

/*
 * x[j] = AES(k, x[j]) ^ x[j] for j < N. With N fixed the compiler unrolls
 * the loops and keeps every lane in a register; the AESENCs of different
 * lanes overlap, so N blocks cost little more than one block's latency
 * until the AES units are busy.
 */
#define FK_DEFINE_HASH(N)                                                           \
    FK_TARGET static inline __attribute__((always_inline)) void hash_lanes##N(      \
        const __m128i k[11], __m128i *x)                                            \
    {                                                                               \
        __m128i in[N];                                                              \
        for (int j = 0; j < N; j++) {                                               \
            in[j] = x[j];                                                           \
            x[j] = _mm_xor_si128(x[j], k[0]);                                       \
        }                                                                           \
        for (int r = 1; r < 10; r++)                                                \
            for (int j = 0; j < N; j++)                                             \
                x[j] = _mm_aesenc_si128(x[j], k[r]);                                \
        for (int j = 0; j < N; j++)                                                 \
            x[j] = _mm_xor_si128(_mm_aesenclast_si128(x[j], k[10]), in[j]);         \
    }
FK_DEFINE_HASH(8)
FK_DEFINE_HASH(4)
FK_DEFINE_HASH(2)
FK_DEFINE_HASH(1)

/*
 * Runs of blocks are hashed 8, 4, 2, then 1 at a time, each group in a
 * fixed-size local array so that it stays in registers (padding a short
 * run to 8 lanes would waste AES throughput).
 */
#define FK_GROUPS(NEXT_INPUT, STORE)                                                \
    do {                                                                            \
        while (total - done >= 8) {                                                 \
            __m128i g[8];                                                           \
            for (int j = 0; j < 8; j++) g[j] = NEXT_INPUT;                          \
            hash_lanes8(k, g);                                                      \
            for (int j = 0; j < 8; j++) STORE(done + j, g[j]);                      \
            done += 8;                                                              \
        }                                                                           \
        if (total - done >= 4) {                                                    \
            __m128i g[4];                                                           \
            for (int j = 0; j < 4; j++) g[j] = NEXT_INPUT;                          \
            hash_lanes4(k, g);                                                      \
            for (int j = 0; j < 4; j++) STORE(done + j, g[j]);                      \
            done += 4;                                                              \
        }                                                                           \
        if (total - done >= 2) {                                                    \
            __m128i g[2];                                                           \
            for (int j = 0; j < 2; j++) g[j] = NEXT_INPUT;                          \
            hash_lanes2(k, g);                                                      \
            for (int j = 0; j < 2; j++) STORE(done + j, g[j]);                      \
            done += 2;                                                              \
        }                                                                           \
        if (total - done >= 1) {                                                    \
            __m128i g[1];                                                           \
            g[0] = NEXT_INPUT;                                                      \
            hash_lanes1(k, g);                                                      \
            STORE(done, g[0]);                                                      \
            done += 1;                                                              \
        }                                                                           \
    } while (0)

#define FK_STORE(i, v) _mm_storeu_si128((__m128i *)(out + 16 * (i)), (v))

/* out[i] = hash(in[i]) for n 16-byte blocks; in and out may be equal. */
FK_TARGET void fkaes_hash(const uint8_t *rk, const uint8_t *in, uint8_t *out, size_t n)
{
    __m128i k[11];
    load_keys(rk, k);
    size_t total = n, done = 0, next = 0;
#define FK_HASH_INPUT sigma(_mm_loadu_si128((const __m128i *)(in + 16 * next++)))
    FK_GROUPS(FK_HASH_INPUT, FK_STORE);
#undef FK_HASH_INPUT
}

/* Where a batch of streams stands: the current seed's s(), which seed,
 * which block of it. */
struct stream_pos {
    __m128i base;
    const uint8_t *seeds;
    size_t stride, seed, blk, nseeds, nblocks;
    uint64_t first;
};

/* The next block's AES input: s(seed ^ LE128(i)) = s(seed) ^ (0 || i). */
FK_TARGET static inline __attribute__((always_inline)) __m128i next_input(struct stream_pos *p)
{
    __m128i x = _mm_xor_si128(p->base, _mm_set_epi64x((long long)(p->first + p->blk), 0));
    if (++p->blk == p->nblocks) {
        p->blk = 0;
        if (++p->seed < p->nseeds)
            p->base = sigma(_mm_loadu_si128((const __m128i *)(p->seeds + p->stride * p->seed)));
    }
    return x;
}

/*
 * For each of nseeds seeds, stride bytes apart, blocks first ..
 * first+nblocks-1 of its stream, written seed after seed (nblocks*16
 * bytes per seed).
 */
FK_TARGET static void streams(const __m128i k[11], const uint8_t *seeds, size_t stride,
                              size_t nseeds, uint64_t first, size_t nblocks, uint8_t *out)
{
    size_t total = nseeds * nblocks, done = 0;
    if (total == 0)
        return;
    struct stream_pos p = {sigma(_mm_loadu_si128((const __m128i *)seeds)), seeds, stride, 0, 0,
                           nseeds, nblocks, first};
    FK_GROUPS(next_input(&p), FK_STORE);
}

/* Blocks first .. first+nblocks-1 of each of nseeds packed seeds' streams. */
FK_TARGET void fkaes_streams(const uint8_t *rk, const uint8_t *seeds, size_t nseeds,
                             uint64_t first, size_t nblocks, uint8_t *out)
{
    __m128i k[11];
    load_keys(rk, k);
    streams(k, seeds, 16, nseeds, first, nblocks, out);
}

/*
 * Two streams per seed, the second seeded by the first: out1 gets the first
 * n1 (>= 1) blocks of each seed's stream under rk1; then each seed's first
 * output block is the seed of a stream under rk2, of which out2 gets the
 * first n2 blocks. (An IDPF's convert, then extend of the seed it made.)
 */
FK_TARGET void fkaes_chain(const uint8_t *rk1, const uint8_t *rk2, const uint8_t *seeds,
                           size_t nseeds, size_t n1, uint8_t *out1, size_t n2, uint8_t *out2)
{
    __m128i k[11];
    load_keys(rk1, k);
    streams(k, seeds, 16, nseeds, 0, n1, out1);
    load_keys(rk2, k);
    streams(k, out1, 16 * n1, nseeds, 0, n2, out2);
}

/* fkaes_expand for n packed keys into n packed schedules. */
FK_TARGET void fkaes_expand_n(const uint8_t *keys, size_t n, uint8_t *rk)
{
    for (size_t i = 0; i < n; i++)
        fkaes_expand(keys + 16 * i, rk + 176 * i);
}

/* Two key schedules, then fkaes_chain under them (an IDPF evaluation step
 * that derives its keys) in one call. With nseeds == 0 only the keys are
 * expanded. */
FK_TARGET void fkaes_expand2_chain(const uint8_t *key1, const uint8_t *key2, uint8_t *rk1,
                                   uint8_t *rk2, const uint8_t *seeds, size_t nseeds, size_t n1,
                                   uint8_t *out1, size_t n2, uint8_t *out2)
{
    fkaes_expand(key1, rk1);
    fkaes_expand(key2, rk2);
    if (nseeds > 0)
        fkaes_chain(rk1, rk2, seeds, nseeds, n1, out1, n2, out2);
}

/* a if the mask m is all ones, b if it is zero (m is 0 or all ones). */
FK_TARGET static inline __m128i sel128(__m128i m, __m128i a, __m128i b)
{
    return _mm_xor_si128(b, _mm_and_si128(_mm_xor_si128(a, b), m));
}

/*
 * The seed walk of n levels of the IDPF's key generation (draft 08 on),
 * all under fixed-key AES, so that Gen crosses into C once per batch of
 * levels instead of once per level: the C twin of package idpf's Go walk
 * (genStep, genLevelsGo in idpf/walk.go), which idpf's
 * TestGenLevelsCMatchesGo holds it to. Per level l, with b = alpha[l]:
 * extend both parties' seeds (2 blocks each, control bit = bit 0 of each
 * half, then cleared), seed_cw = s0[1-b] ^ s1[1-b], the control correction
 * words, each party's kept half corrected where its control bit is set and
 * its new control bit, then convert both kept seeds (nconv blocks each).
 * The next level's seeds are the converts' first blocks. Field elements
 * are left to the caller: conv gets both converts' blocks (party 0's,
 * then party 1's), kept the two seeds converted (to continue a stream
 * after a rejection), ctrl1 party 1's new control bit.
 *
 * alpha's bits and the control bits are secret: every choice is a mask.
 */
FK_TARGET void fkaes_idpf_gen(const uint8_t *rk_ext, const uint8_t *rk_conv, uint8_t *seeds,
                              uint8_t *ctrl, const uint8_t *alpha, size_t n, size_t nconv,
                              uint8_t *seed_cw, uint8_t *ctrl_cw, uint8_t *kept, uint8_t *conv,
                              uint8_t *ctrl1)
{
    __m128i ke[11], kc[11];
    load_keys(rk_ext, ke);
    load_keys(rk_conv, kc);
    const __m128i one = _mm_set_epi64x(1, 0); /* s(x ^ LE128(1)) = s(x) ^ (0 || 1) */
    const __m128i clear_lsb = _mm_set_epi64x(-1, ~1LL);
    __m128i s0 = _mm_loadu_si128((const __m128i *)seeds);
    __m128i s1 = _mm_loadu_si128((const __m128i *)(seeds + 16));
    uint64_t c0 = ctrl[0] & 1, c1 = ctrl[1] & 1;
    for (size_t l = 0; l < n; l++) {
        __m128i x[4];
        x[0] = sigma(s0);
        x[1] = _mm_xor_si128(x[0], one);
        x[2] = sigma(s1);
        x[3] = _mm_xor_si128(x[2], one);
        hash_lanes4(ke, x);
        uint64_t t00 = (uint64_t)_mm_cvtsi128_si64(x[0]) & 1;
        uint64_t t01 = (uint64_t)_mm_cvtsi128_si64(x[1]) & 1;
        uint64_t t10 = (uint64_t)_mm_cvtsi128_si64(x[2]) & 1;
        uint64_t t11 = (uint64_t)_mm_cvtsi128_si64(x[3]) & 1;
        for (int j = 0; j < 4; j++)
            x[j] = _mm_and_si128(x[j], clear_lsb);

        uint64_t b = alpha[l] & 1, mb = -b;
        __m128i vb = _mm_set1_epi64x((long long)mb);
        /* lose = 1 - b: party j's s[lose] is s0 when b is set. */
        __m128i cw = _mm_xor_si128(sel128(vb, x[0], x[1]), sel128(vb, x[2], x[3]));
        uint64_t cw_left = t00 ^ t10 ^ b ^ 1, cw_right = t01 ^ t11 ^ b;
        uint64_t cw_keep = cw_right ^ ((cw_left ^ cw_right) & ~mb);
        __m128i xs0 = _mm_xor_si128(sel128(vb, x[1], x[0]),
                                    _mm_and_si128(cw, _mm_set1_epi64x(-(long long)c0)));
        __m128i xs1 = _mm_xor_si128(sel128(vb, x[3], x[2]),
                                    _mm_and_si128(cw, _mm_set1_epi64x(-(long long)c1)));
        uint64_t tk0 = t00 ^ ((t00 ^ t01) & mb), tk1 = t10 ^ ((t10 ^ t11) & mb);
        c0 = tk0 ^ (c0 & cw_keep);
        c1 = tk1 ^ (c1 & cw_keep);

        _mm_storeu_si128((__m128i *)(seed_cw + 16 * l), cw);
        ctrl_cw[2 * l] = (uint8_t)cw_left;
        ctrl_cw[2 * l + 1] = (uint8_t)cw_right;
        ctrl1[l] = (uint8_t)c1;
        uint8_t *kp = kept + 32 * l, *out = conv + 32 * nconv * l;
        _mm_storeu_si128((__m128i *)kp, xs0);
        _mm_storeu_si128((__m128i *)(kp + 16), xs1);
        if (nconv == 2) {
            /* Poplar1 (VALUE_LEN 2): both converts in registers. */
            x[0] = sigma(xs0);
            x[1] = _mm_xor_si128(x[0], one);
            x[2] = sigma(xs1);
            x[3] = _mm_xor_si128(x[2], one);
            hash_lanes4(kc, x);
            for (int j = 0; j < 4; j++)
                _mm_storeu_si128((__m128i *)(out + 16 * j), x[j]);
            s0 = x[0];
            s1 = x[2];
        } else {
            streams(kc, kp, 16, 2, 0, nconv, out);
            s0 = _mm_loadu_si128((const __m128i *)out);
            s1 = _mm_loadu_si128((const __m128i *)(out + 16 * nconv));
        }
    }
    _mm_storeu_si128((__m128i *)seeds, s0);
    _mm_storeu_si128((__m128i *)(seeds + 16), s1);
    ctrl[0] = (uint8_t)c0;
    ctrl[1] = (uint8_t)c1;
}
