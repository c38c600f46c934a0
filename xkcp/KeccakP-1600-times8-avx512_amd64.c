/*
 * x86-64 Keccak-p[1600] kernel "avx512": the AVX-512 code and the kernel
 * table. Times-8 keeps eight states lane-interleaved, one __m512i per lane
 * (instance i in 64-bit element i); times-4 runs the same rounds on __m256i
 * (AVX-512 VL) over the avx2 kernel's times-4 layout, whose data movement
 * entry points it shares. Times-1 is the avx2 kernel's.
 *
 * AVX-512 does in one instruction what AVX2 needs two or three for:
 * vpternlogq computes a three-input XOR (theta's column parities) or chi's
 * a ^ (~b & c), and vprolq rotates. A round is 95 vector operations,
 * against ~186 with AVX2. On Zen 4, which splits 512-bit operations over
 * its 256-bit datapath, width buys little over VL on ymm; on a full
 * 512-bit datapath (Zen 5, Intel) a zmm operation costs what a ymm one
 * does. The schedules that help the AVX2 kernel (parities carried out of
 * chi) were slower here; docs/MEASUREMENTS.md ("Choices in the code") has
 * the runs.
 *
 * Every function with vector code carries target("avx512f") or
 * target("avx2,avx512f,avx512vl"); nothing outside this file is compiled
 * for AVX-512.
 */
#include <immintrin.h>
#include <string.h>

#include "KeccakP-1600-avx2_amd64.h"
#include "KeccakP-1600-locals.h"
#include "KeccakP-1600-times-n.h"
#include "KeccakP-1600-times4-avx2_amd64.h"
#include "kernel.h"

#define T8_TARGET __attribute__((target("avx512f")))
#define T4_TARGET __attribute__((target("avx2,avx512f,avx512vl")))
#define KX_INLINE static inline __attribute__((always_inline))

/*
 * The rounds, written once for either width: each section below defines
 * V_T (the vector type) and V_XOR, V_XOR3 (three-input XOR), V_CHI1
 * (a ^ (~b & c)), V_ROL, V_SET1, V_LOAD and V_STORE before using them.
 */
#define KX_CHI(E, i0, i1, i2, i3, i4)                                          \
    E##i0 = V_CHI1(b0, b1, b2);                                                \
    E##i1 = V_CHI1(b1, b2, b3);                                                \
    E##i2 = V_CHI1(b2, b3, b4);                                                \
    E##i3 = V_CHI1(b3, b4, b0);                                                \
    E##i4 = V_CHI1(b4, b0, b1)

/*
 * One round A -> E; output plane y reads lanes (x + 3y) mod 5 + 5x. The
 * column parities are two three-input XORs each at the top of the round.
 */
#define KX_ROUND(A, E, rc)                                                     \
    do {                                                                       \
        V_T c0 = V_XOR3(V_XOR3(A##0, A##5, A##10), A##15, A##20);              \
        V_T c1 = V_XOR3(V_XOR3(A##1, A##6, A##11), A##16, A##21);              \
        V_T c2 = V_XOR3(V_XOR3(A##2, A##7, A##12), A##17, A##22);              \
        V_T c3 = V_XOR3(V_XOR3(A##3, A##8, A##13), A##18, A##23);              \
        V_T c4 = V_XOR3(V_XOR3(A##4, A##9, A##14), A##19, A##24);              \
        V_T d0 = V_XOR(c4, V_ROL(c1, 1));                                      \
        V_T d1 = V_XOR(c0, V_ROL(c2, 1));                                      \
        V_T d2 = V_XOR(c1, V_ROL(c3, 1));                                      \
        V_T d3 = V_XOR(c2, V_ROL(c4, 1));                                      \
        V_T d4 = V_XOR(c3, V_ROL(c0, 1));                                      \
        V_T b0, b1, b2, b3, b4;                                                \
        b0 = V_XOR(A##0, d0);                                                  \
        b1 = V_ROL(V_XOR(A##6, d1), 44);                                       \
        b2 = V_ROL(V_XOR(A##12, d2), 43);                                      \
        b3 = V_ROL(V_XOR(A##18, d3), 21);                                      \
        b4 = V_ROL(V_XOR(A##24, d4), 14);                                      \
        KX_CHI(E, 0, 1, 2, 3, 4);                                              \
        E##0 = V_XOR(E##0, V_SET1((long long)(rc)));                           \
        b0 = V_ROL(V_XOR(A##3, d3), 28);                                       \
        b1 = V_ROL(V_XOR(A##9, d4), 20);                                       \
        b2 = V_ROL(V_XOR(A##10, d0), 3);                                       \
        b3 = V_ROL(V_XOR(A##16, d1), 45);                                      \
        b4 = V_ROL(V_XOR(A##22, d2), 61);                                      \
        KX_CHI(E, 5, 6, 7, 8, 9);                                              \
        b0 = V_ROL(V_XOR(A##1, d1), 1);                                        \
        b1 = V_ROL(V_XOR(A##7, d2), 6);                                        \
        b2 = V_ROL(V_XOR(A##13, d3), 25);                                      \
        b3 = V_ROL(V_XOR(A##19, d4), 8);                                       \
        b4 = V_ROL(V_XOR(A##20, d0), 18);                                      \
        KX_CHI(E, 10, 11, 12, 13, 14);                                         \
        b0 = V_ROL(V_XOR(A##4, d4), 27);                                       \
        b1 = V_ROL(V_XOR(A##5, d0), 36);                                       \
        b2 = V_ROL(V_XOR(A##11, d1), 10);                                      \
        b3 = V_ROL(V_XOR(A##17, d2), 15);                                      \
        b4 = V_ROL(V_XOR(A##23, d3), 56);                                      \
        KX_CHI(E, 15, 16, 17, 18, 19);                                         \
        b0 = V_ROL(V_XOR(A##2, d2), 62);                                       \
        b1 = V_ROL(V_XOR(A##8, d3), 55);                                       \
        b2 = V_ROL(V_XOR(A##14, d4), 39);                                      \
        b3 = V_ROL(V_XOR(A##15, d0), 41);                                      \
        b4 = V_ROL(V_XOR(A##21, d1), 2);                                       \
        KX_CHI(E, 20, 21, 22, 23, 24);                                         \
    } while (0)

#define KX_DECLARE(i) V_T a##i, e##i;
#define KX_LOAD(i) a##i = V_LOAD(s + i);
#define KX_STORE(i) V_STORE(s + i, a##i);
#define KX_COPY_BACK(i) a##i = e##i;
#define KX_XOR_LANE(i)                                                         \
    if ((lanes) > i)                                                           \
        a##i = V_XOR(a##i, blk[i]);

/*
 * The last nrounds rounds on a0..a24: odd is nrounds & 1 as a constant, so
 * that the even case carries no code for a lone round; rc_first points at
 * the first round's constant.
 */
#define KX_ROUNDS(rc_first, odd)                                               \
    do {                                                                       \
        const uint64_t *rc = (rc_first);                                       \
        if (odd) {                                                             \
            KX_ROUND(a, e, rc[0]);                                             \
            KP1600_LANES(KX_COPY_BACK)                                         \
            rc++;                                                              \
        }                                                                      \
        for (; rc < kp1600_rc + 24; rc += 2) {                                 \
            KX_ROUND(a, e, rc[0]);                                             \
            KX_ROUND(e, a, rc[1]);                                             \
        }                                                                      \
    } while (0)

/* The body of a permutation of the 25 vectors at s. */
#define KX_PERMUTE_BODY(nrounds, odd)                                          \
    KP1600_LANES(KX_DECLARE)                                                   \
    KP1600_LANES(KX_LOAD)                                                      \
    KX_ROUNDS(kp1600_rc + 24 - (nrounds), (odd));                              \
    KP1600_LANES(KX_STORE)

/*
 * The body of an absorb: nblocks blocks of `lanes` lanes from each p[i],
 * from byte offset off on, each transposed into blk by LOAD_BLOCK, XORed in
 * and permuted, with the lanes held in locals across blocks (no store and
 * reload of the state between the transpose and the rounds).
 */
#define KX_ABSORB_BODY(LOAD_BLOCK)                                             \
    KP1600_LANES(KX_DECLARE)                                                   \
    KP1600_LANES(KX_LOAD)                                                      \
    for (size_t b = 0; b < nblocks; b++, off += 8 * (size_t)lanes) {           \
        V_T blk[25];                                                           \
        LOAD_BLOCK(blk, p, off, lanes);                                        \
        KP1600_LANES(KX_XOR_LANE)                                              \
        KX_ROUNDS(kp1600_rc + 24 - nrounds, odd);                              \
    }                                                                          \
    KP1600_LANES(KX_STORE)

/* ---- Eight states in zmm ---- */

#define V_T __m512i
#define V_XOR(a, b) _mm512_xor_si512((a), (b))
#define V_XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define V_CHI1(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xD2)
#define V_ROL(v, n) _mm512_rol_epi64((v), (n))
#define V_SET1(x) _mm512_set1_epi64(x)
#define V_LOAD(p) _mm512_load_si512(p)
#define V_STORE(p, v) _mm512_store_si512((p), (v))

T8_TARGET KX_INLINE void t8_permute_parity(__m512i *s, unsigned nrounds, int odd)
{
    KX_PERMUTE_BODY(nrounds, odd)
}

T8_TARGET static void t8_permute(__m512i *s, unsigned nrounds)
{
    if (nrounds & 1)
        t8_permute_parity(s, nrounds, 1);
    else
        t8_permute_parity(s, nrounds, 0);
}

/*
 * An 8x8 transpose of 64-bit words: r[i] holds 8 consecutive words of
 * instance i, t[j] gets word j of every instance (and back: the transpose
 * is its own inverse). Three stages of 8 shuffles: pairs of words, pairs
 * of 128-bit blocks, then halves. Outputs nobody reads are dropped by the
 * compiler, so a group of fewer than 8 lanes costs fewer shuffles.
 */
T8_TARGET KX_INLINE void t8_transpose(const __m512i r[8], __m512i t[8])
{
    /* u0: r0[0] r1[0] r0[2] r1[2] r0[4] r1[4] r0[6] r1[6]; u1 likewise odd words. */
    __m512i u0 = _mm512_unpacklo_epi64(r[0], r[1]), u1 = _mm512_unpackhi_epi64(r[0], r[1]);
    __m512i u2 = _mm512_unpacklo_epi64(r[2], r[3]), u3 = _mm512_unpackhi_epi64(r[2], r[3]);
    __m512i u4 = _mm512_unpacklo_epi64(r[4], r[5]), u5 = _mm512_unpackhi_epi64(r[4], r[5]);
    __m512i u6 = _mm512_unpacklo_epi64(r[6], r[7]), u7 = _mm512_unpackhi_epi64(r[6], r[7]);
    /* v0: r0[0] r1[0] r0[4] r1[4] r2[0] r3[0] r2[4] r3[4] (0x88: blocks 0, 2
     * of each source; 0xDD: blocks 1, 3). */
    __m512i v0 = _mm512_shuffle_i64x2(u0, u2, 0x88), v1 = _mm512_shuffle_i64x2(u0, u2, 0xDD);
    __m512i v2 = _mm512_shuffle_i64x2(u1, u3, 0x88), v3 = _mm512_shuffle_i64x2(u1, u3, 0xDD);
    __m512i v4 = _mm512_shuffle_i64x2(u4, u6, 0x88), v5 = _mm512_shuffle_i64x2(u4, u6, 0xDD);
    __m512i v6 = _mm512_shuffle_i64x2(u5, u7, 0x88), v7 = _mm512_shuffle_i64x2(u5, u7, 0xDD);
    t[0] = _mm512_shuffle_i64x2(v0, v4, 0x88);
    t[4] = _mm512_shuffle_i64x2(v0, v4, 0xDD);
    t[2] = _mm512_shuffle_i64x2(v1, v5, 0x88);
    t[6] = _mm512_shuffle_i64x2(v1, v5, 0xDD);
    t[1] = _mm512_shuffle_i64x2(v2, v6, 0x88);
    t[5] = _mm512_shuffle_i64x2(v2, v6, 0xDD);
    t[3] = _mm512_shuffle_i64x2(v3, v7, 0x88);
    t[7] = _mm512_shuffle_i64x2(v3, v7, 0xDD);
}

/*
 * Lanes [0, lanes) of the block at byte offset off of each p[i], transposed
 * into blk[0..lanes): groups of 8 lanes, the last one read with a masked
 * load so that nothing past the block is touched. With a constant lanes
 * (inlined) the loops unroll and the masks fold; left rolled, gcc copied t
 * to blk with rep movsq, which was slower.
 */
T8_TARGET KX_INLINE void t8_load_block(__m512i blk[25], const uint8_t *const p[8], size_t off,
                                       unsigned lanes)
{
#pragma GCC unroll 4
    for (unsigned j = 0; j < lanes; j += 8) {
        unsigned n = lanes - j < 8 ? lanes - j : 8;
        __mmask8 m = (__mmask8)((1u << n) - 1);
        __m512i r[8], t[8];
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++)
            r[i] = _mm512_maskz_loadu_epi64(m, p[i] + off + 8 * j);
        t8_transpose(r, t);
#pragma GCC unroll 8
        for (unsigned k = 0; k < n; k++)
            blk[j + k] = t[k];
    }
}

/* The inverse: lanes [0, lanes) of s to data[i], 8 * lanes bytes each. */
T8_TARGET static void t8_store_lanes(const __m512i *s, uint8_t *const data[8], unsigned lanes)
{
    for (unsigned j = 0; j < lanes; j += 8) {
        unsigned n = lanes - j < 8 ? lanes - j : 8;
        __mmask8 m = (__mmask8)((1u << n) - 1);
        __m512i r[8], t[8];
        for (unsigned k = 0; k < 8; k++)
            r[k] = k < n ? s[j + k] : _mm512_setzero_si512();
        t8_transpose(r, t);
        for (unsigned i = 0; i < 8; i++)
            _mm512_mask_storeu_epi64(data[i] + 8 * j, m, t[i]);
    }
}

T8_TARGET KX_INLINE void t8_absorb(__m512i *s, const uint8_t *const p[8], size_t off,
                                   size_t nblocks, unsigned lanes, unsigned nrounds, int odd)
{
    KX_ABSORB_BODY(t8_load_block)
}

KP1600_ABSORB_INSTANCES(T8_TARGET, t8, 8)

/* XOR lanes [0, lanes) of the block at offset off of each p[i] into s. */
T8_TARGET static void t8_xor_lanes(__m512i *s, const uint8_t *const p[8], size_t off,
                                   unsigned lanes)
{
    __m512i blk[25];
    t8_load_block(blk, p, off, lanes);
    for (unsigned j = 0; j < lanes; j++)
        s[j] = V_XOR(s[j], blk[j]);
}

T8_TARGET static void avx512_initialize8(void *states)
{
    __m512i *s = states;
    for (unsigned j = 0; j < 25; j++)
        s[j] = _mm512_setzero_si512();
}

static void avx512_add_bytes8(void *states, unsigned instance, const uint8_t *data,
                              unsigned offset, unsigned length)
{
    kp1600_interleaved_add_bytes(states, 8, instance, data, offset, length);
}

static void avx512_extract_bytes8(const void *states, unsigned instance, uint8_t *data,
                                  unsigned offset, unsigned length)
{
    kp1600_interleaved_extract_bytes(states, 8, instance, data, offset, length);
}

T8_TARGET static void avx512_add_lanes_all8(void *states, const uint8_t *const data[8],
                                            unsigned lane_count)
{
    if (lane_count > 25)
        return; /* outside the contract: leave the states alone */
    t8_xor_lanes(states, data, 0, lane_count);
}

T8_TARGET static void avx512_extract_lanes_all8(const void *states, uint8_t *const data[8],
                                                unsigned lane_count)
{
    if (lane_count > 25)
        return; /* outside the contract: write nothing */
    t8_store_lanes(states, data, lane_count);
}

T8_TARGET static void avx512_permute8(void *states, unsigned nrounds)
{
    KP1600_PERMUTE_N_BODY(t8)
}

T8_TARGET static size_t avx512_fast_loop_absorb8(void *states, unsigned lane_count,
                                                 const uint8_t *const data[8], size_t len,
                                                 unsigned nrounds)
{
    KP1600_FAST_LOOP_ABSORB_N_BODY(t8)
}

T8_TARGET static void avx512_k12_leaves8(const uint8_t *in, uint8_t *cv, unsigned rate,
                                         unsigned cv_len)
{
    KP1600_K12_LEAVES_BODY(8, t8, t8_store_lanes, avx512_extract_bytes8)
}

#undef V_T
#undef V_XOR
#undef V_XOR3
#undef V_CHI1
#undef V_ROL
#undef V_SET1
#undef V_LOAD
#undef V_STORE

/* ---- Four states in ymm (AVX-512 VL), the avx2 times-4 layout ---- */

#define V_T __m256i
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_XOR3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)
#define V_CHI1(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xD2)
#define V_ROL(v, n) _mm256_rol_epi64((v), (n))
#define V_SET1(x) _mm256_set1_epi64x(x)
#define V_LOAD(p) _mm256_load_si256(p)
#define V_STORE(p, v) _mm256_store_si256((p), (v))

T4_TARGET KX_INLINE void t4v_permute_parity(__m256i *s, unsigned nrounds, int odd)
{
    KX_PERMUTE_BODY(nrounds, odd)
}

T4_TARGET static void t4v_permute(__m256i *s, unsigned nrounds)
{
    if (nrounds & 1)
        t4v_permute_parity(s, nrounds, 1);
    else
        t4v_permute_parity(s, nrounds, 0);
}

/*
 * t8_load_block for four instances: groups of 4 lanes through 4x4
 * transposes (unpack within 128-bit halves, then swap halves), the last
 * group read with a masked load.
 */
T4_TARGET KX_INLINE void t4v_load_block(__m256i blk[25], const uint8_t *const p[4], size_t off,
                                        unsigned lanes)
{
#pragma GCC unroll 7
    for (unsigned j = 0; j < lanes; j += 4) {
        unsigned n = lanes - j < 4 ? lanes - j : 4;
        __mmask8 m = (__mmask8)((1u << n) - 1);
        __m256i r0 = _mm256_maskz_loadu_epi64(m, p[0] + off + 8 * j);
        __m256i r1 = _mm256_maskz_loadu_epi64(m, p[1] + off + 8 * j);
        __m256i r2 = _mm256_maskz_loadu_epi64(m, p[2] + off + 8 * j);
        __m256i r3 = _mm256_maskz_loadu_epi64(m, p[3] + off + 8 * j);
        __m256i t0 = _mm256_unpacklo_epi64(r0, r1); /* 0j 1j 0j+2 1j+2 */
        __m256i t1 = _mm256_unpackhi_epi64(r0, r1); /* 0j+1 1j+1 0j+3 1j+3 */
        __m256i t2 = _mm256_unpacklo_epi64(r2, r3);
        __m256i t3 = _mm256_unpackhi_epi64(r2, r3);
        __m256i t[4] = {_mm256_permute2x128_si256(t0, t2, 0x20),
                        _mm256_permute2x128_si256(t1, t3, 0x20),
                        _mm256_permute2x128_si256(t0, t2, 0x31),
                        _mm256_permute2x128_si256(t1, t3, 0x31)};
#pragma GCC unroll 4
        for (unsigned k = 0; k < n; k++)
            blk[j + k] = t[k];
    }
}

T4_TARGET KX_INLINE void t4v_absorb(__m256i *s, const uint8_t *const p[4], size_t off,
                                    size_t nblocks, unsigned lanes, unsigned nrounds, int odd)
{
    KX_ABSORB_BODY(t4v_load_block)
}

KP1600_ABSORB_INSTANCES(T4_TARGET, t4v, 4)

T4_TARGET static void t4v_xor_lanes(__m256i *s, const uint8_t *const p[4], size_t off,
                                    unsigned lanes)
{
    __m256i blk[25];
    t4v_load_block(blk, p, off, lanes);
    for (unsigned j = 0; j < lanes; j++)
        s[j] = V_XOR(s[j], blk[j]);
}

T4_TARGET static void avx512_permute4(void *states, unsigned nrounds)
{
    KP1600_PERMUTE_N_BODY(t4v)
}

T4_TARGET static size_t avx512_fast_loop_absorb4(void *states, unsigned lane_count,
                                                 const uint8_t *const data[4], size_t len,
                                                 unsigned nrounds)
{
    KP1600_FAST_LOOP_ABSORB_N_BODY(t4v)
}

T4_TARGET static void avx512_k12_leaves4(const uint8_t *in, uint8_t *cv, unsigned rate,
                                         unsigned cv_len)
{
    KP1600_K12_LEAVES_BODY(4, t4v, kp1600_avx2_extract_lanes_all4, kp1600_avx2_extract_bytes4)
}

const kp1600_kernel kp1600_avx512 = {
    .name = "avx512",
    .features = KP1600_FEATURE_AVX2 | KP1600_FEATURE_BMI2 | KP1600_FEATURE_AVX512,
    .state_is_lanes = 1,
    .initialize = kp1600_avx2_initialize,
    .add_bytes = kp1600_avx2_add_bytes,
    .extract_bytes = kp1600_avx2_extract_bytes,
    .permute = kp1600_avx2_permute,
    .fast_loop_absorb = kp1600_avx2_fast_loop_absorb,
    .initialize4 = kp1600_avx2_initialize4,
    .add_bytes4 = kp1600_avx2_add_bytes4,
    .extract_bytes4 = kp1600_avx2_extract_bytes4,
    .add_lanes_all4 = kp1600_avx2_add_lanes_all4,
    .extract_lanes_all4 = kp1600_avx2_extract_lanes_all4,
    .permute4 = avx512_permute4,
    .fast_loop_absorb4 = avx512_fast_loop_absorb4,
    .k12_leaves4 = avx512_k12_leaves4,
    .initialize8 = avx512_initialize8,
    .add_bytes8 = avx512_add_bytes8,
    .extract_bytes8 = avx512_extract_bytes8,
    .add_lanes_all8 = avx512_add_lanes_all8,
    .extract_lanes_all8 = avx512_extract_lanes_all8,
    .permute8 = avx512_permute8,
    .fast_loop_absorb8 = avx512_fast_loop_absorb8,
    .k12_leaves8 = avx512_k12_leaves8,
};
