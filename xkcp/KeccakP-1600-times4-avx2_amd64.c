/*
 * AVX2 times-4 Keccak-p[1600]: four states lane-interleaved, one __m256i
 * per lane (instance i in 64-bit element i), plus the K12 leaf routine
 * that feeds four 8 KiB chunks through it. Part of the "avx2" kernel.
 *
 * Every function here carries target("avx2"): the package is not built
 * with -mavx2, so no AVX2 reaches code that runs before the CPU check.
 *
 * The column parities are carried out of chi (measured faster than
 * summing them at the top of each round, though it costs two spills a
 * round: the gain is a shorter path into the next theta); the other
 * schedules tried were not faster. A round is about 186 vector operations,
 * a quarter of them shifts and shuffles on two pipes; what the pipes leave
 * idle is the theta barrier: every lane of the next round waits for all
 * 25 of this one. docs/MEASUREMENTS.md ("Choices in the code") has the runs.
 */
#include <immintrin.h>
#include <string.h>

#include "KeccakP-1600-times4-avx2_amd64.h"
#include "KeccakP-1600-times-n.h"
#include "KeccakP-1600-locals.h"
#include "kernel.h"

#define T4_TARGET __attribute__((target("avx2")))


#define T4_XOR(a, b) _mm256_xor_si256((a), (b))
/* The names KeccakP-1600-times-n.h's macros use. */
#define V_T __m256i
#define V_XOR(a, b) T4_XOR((a), (b))
#define V_SET1(x) _mm256_set1_epi64x(x)
/* Vector shifts run on fewer ports than logic ops, so rotations by 1 use
 * an add for the left shift, and rotations by whole bytes one shuffle. */
#define T4_ROL(v, n)                                                           \
    _mm256_or_si256(_mm256_slli_epi64((v), (n)), _mm256_srli_epi64((v), 64 - (n)))
#define T4_ROL1(v) _mm256_or_si256(_mm256_add_epi64((v), (v)), _mm256_srli_epi64((v), 63))
#define T4_ROL8(v) _mm256_shuffle_epi8((v), rol8)
#define T4_ROL56(v) _mm256_shuffle_epi8((v), rol56)

#define T4_CHI(E, i0, i1, i2, i3, i4)                                          \
    E##i0 = T4_XOR(b0, _mm256_andnot_si256(b1, b2));                           \
    E##i1 = T4_XOR(b1, _mm256_andnot_si256(b2, b3));                           \
    E##i2 = T4_XOR(b2, _mm256_andnot_si256(b3, b4));                           \
    E##i3 = T4_XOR(b3, _mm256_andnot_si256(b4, b0));                           \
    E##i4 = T4_XOR(b4, _mm256_andnot_si256(b0, b1))

/* Column parities c0..c4 of lanes A##0..A##24 (for the first round). */
#define T4_PARITY(A)                                                           \
    c0 = T4_XOR(T4_XOR(A##0, A##5), T4_XOR(T4_XOR(A##10, A##15), A##20));     \
    c1 = T4_XOR(T4_XOR(A##1, A##6), T4_XOR(T4_XOR(A##11, A##16), A##21));     \
    c2 = T4_XOR(T4_XOR(A##2, A##7), T4_XOR(T4_XOR(A##12, A##17), A##22));     \
    c3 = T4_XOR(T4_XOR(A##3, A##8), T4_XOR(T4_XOR(A##13, A##18), A##23));     \
    c4 = T4_XOR(T4_XOR(A##4, A##9), T4_XOR(T4_XOR(A##14, A##19), A##24))

/*
 * One round A -> E, with c0..c4 holding A's column parities on entry and
 * E's on exit; output plane y reads lanes (x + 3y) mod 5 + 5x. Carrying
 * the parities out of chi, instead of summing 25 lanes (most of them
 * spilled) at the top of the next round, shortens the path from the last
 * plane to the next theta (docs/MEASUREMENTS.md, "The avx2 times-4 kernel").
 */
#define T4_ROUND(A, E, rc)                                                     \
    do {                                                                       \
        __m256i d0 = T4_XOR(c4, T4_ROL1(c1));                                  \
        __m256i d1 = T4_XOR(c0, T4_ROL1(c2));                                  \
        __m256i d2 = T4_XOR(c1, T4_ROL1(c3));                                  \
        __m256i d3 = T4_XOR(c2, T4_ROL1(c4));                                  \
        __m256i d4 = T4_XOR(c3, T4_ROL1(c0));                                  \
        __m256i b0, b1, b2, b3, b4;                                            \
        b0 = T4_XOR(A##0, d0);                                                 \
        b1 = T4_ROL(T4_XOR(A##6, d1), 44);                                     \
        b2 = T4_ROL(T4_XOR(A##12, d2), 43);                                    \
        b3 = T4_ROL(T4_XOR(A##18, d3), 21);                                    \
        b4 = T4_ROL(T4_XOR(A##24, d4), 14);                                    \
        T4_CHI(E, 0, 1, 2, 3, 4);                                              \
        E##0 = T4_XOR(E##0, _mm256_set1_epi64x((long long)(rc)));              \
        KP1600_PARITY_SET(E, 0, 1, 2, 3, 4);                                   \
        b0 = T4_ROL(T4_XOR(A##3, d3), 28);                                     \
        b1 = T4_ROL(T4_XOR(A##9, d4), 20);                                     \
        b2 = T4_ROL(T4_XOR(A##10, d0), 3);                                     \
        b3 = T4_ROL(T4_XOR(A##16, d1), 45);                                    \
        b4 = T4_ROL(T4_XOR(A##22, d2), 61);                                    \
        T4_CHI(E, 5, 6, 7, 8, 9);                                              \
        KP1600_PARITY_ADD(T4_XOR, E, 5, 6, 7, 8, 9);                           \
        b0 = T4_ROL1(T4_XOR(A##1, d1));                                        \
        b1 = T4_ROL(T4_XOR(A##7, d2), 6);                                      \
        b2 = T4_ROL(T4_XOR(A##13, d3), 25);                                    \
        b3 = T4_ROL8(T4_XOR(A##19, d4));                                       \
        b4 = T4_ROL(T4_XOR(A##20, d0), 18);                                    \
        T4_CHI(E, 10, 11, 12, 13, 14);                                         \
        KP1600_PARITY_ADD(T4_XOR, E, 10, 11, 12, 13, 14);                      \
        b0 = T4_ROL(T4_XOR(A##4, d4), 27);                                     \
        b1 = T4_ROL(T4_XOR(A##5, d0), 36);                                     \
        b2 = T4_ROL(T4_XOR(A##11, d1), 10);                                    \
        b3 = T4_ROL(T4_XOR(A##17, d2), 15);                                    \
        b4 = T4_ROL56(T4_XOR(A##23, d3));                                      \
        T4_CHI(E, 15, 16, 17, 18, 19);                                         \
        KP1600_PARITY_ADD(T4_XOR, E, 15, 16, 17, 18, 19);                      \
        b0 = T4_ROL(T4_XOR(A##2, d2), 62);                                     \
        b1 = T4_ROL(T4_XOR(A##8, d3), 55);                                     \
        b2 = T4_ROL(T4_XOR(A##14, d4), 39);                                    \
        b3 = T4_ROL(T4_XOR(A##15, d0), 41);                                    \
        b4 = T4_ROL(T4_XOR(A##21, d1), 2);                                     \
        T4_CHI(E, 20, 21, 22, 23, 24);                                         \
        KP1600_PARITY_ADD(T4_XOR, E, 20, 21, 22, 23, 24);                      \
    } while (0)

#define T4_LANES(M)                                                            \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12)       \
    M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)

#define T4_DECLARE(i) __m256i a##i, e##i;
#define T4_DECLARE_A(i) __m256i a##i;
#define T4_LOAD(i) a##i = _mm256_load_si256(s + i);
#define T4_STORE(i) _mm256_store_si256(s + i, a##i);
#define T4_COPY_BACK(i) a##i = e##i;

/* Byte-rotation masks for T4_ROL8 / T4_ROL56, named as T4_ROUND expects. */
#define T4_ROTATION_MASKS                                                      \
    const __m256i rol8 = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, \
                                          11, 12, 13, 14, 7, 0, 1, 2, 3, 4, 5, \
                                          6, 15, 8, 9, 10, 11, 12, 13, 14);    \
    const __m256i rol56 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11,  \
                                           12, 13, 14, 15, 8, 1, 2, 3, 4, 5,   \
                                           6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8)

/*
 * The last nrounds (1..24) rounds on 25 aligned interleaved lanes. odd is
 * nrounds & 1 as a constant, so that the even case carries no code for a
 * lone round (in the absorb loop that code alone slowed K12 leaves;
 * docs/MEASUREMENTS.md, "The avx2 times-4 kernel").
 */
T4_TARGET static inline __attribute__((always_inline)) void
t4_permute_parity(__m256i *s, unsigned nrounds, int odd)
{
    T4_ROTATION_MASKS;
    const uint64_t *rc = kp1600_rc + 24 - nrounds, *rc_end = kp1600_rc + 24;
    T4_LANES(T4_DECLARE)
    T4_LANES(T4_LOAD)
    __m256i c0, c1, c2, c3, c4;
    T4_PARITY(a);
    if (odd) {
        T4_ROUND(a, e, rc[0]);
        T4_LANES(T4_COPY_BACK)
        rc++;
    }
    for (; rc < rc_end; rc += 2) {
        T4_ROUND(a, e, rc[0]);
        T4_ROUND(e, a, rc[1]);
    }
    T4_LANES(T4_STORE)
}

T4_TARGET static void t4_permute(__m256i *s, unsigned nrounds)
{
    if (nrounds & 1)
        t4_permute_parity(s, nrounds, 1);
    else
        t4_permute_parity(s, nrounds, 0);
}

/*
 * Loading one block of four instances means a transpose: lane j of the
 * state vector takes word j of each of the four inputs. Four lanes at a
 * time this is four 32-byte loads (one per instance) and a 4x4 transpose of
 * 64-bit words, unpack within 128-bit halves and then swap halves, instead
 * of sixteen scalar inserts. Leftover lanes are gathered with 8-byte loads
 * so that nothing past the block is read. (Building the halves with 16-byte
 * loads and vinserti128 instead of vperm2i128 was barely faster on K12
 * leaves, within noise: not worth the extra loads; docs/MEASUREMENTS.md.)
 */
#define T4_GROUP(A, j0, j1, j2, j3, p, o)                                      \
    do {                                                                       \
        __m256i r0 = _mm256_loadu_si256((const __m256i *)((p##0) + (o)));      \
        __m256i r1 = _mm256_loadu_si256((const __m256i *)((p##1) + (o)));      \
        __m256i r2 = _mm256_loadu_si256((const __m256i *)((p##2) + (o)));      \
        __m256i r3 = _mm256_loadu_si256((const __m256i *)((p##3) + (o)));      \
        __m256i t0 = _mm256_unpacklo_epi64(r0, r1); /* 0j 1j 0j+2 1j+2 */      \
        __m256i t1 = _mm256_unpackhi_epi64(r0, r1); /* 0j+1 1j+1 0j+3 1j+3 */  \
        __m256i t2 = _mm256_unpacklo_epi64(r2, r3);                            \
        __m256i t3 = _mm256_unpackhi_epi64(r2, r3);                            \
        A##j0 = T4_XOR(A##j0, _mm256_permute2x128_si256(t0, t2, 0x20));        \
        A##j1 = T4_XOR(A##j1, _mm256_permute2x128_si256(t1, t3, 0x20));        \
        A##j2 = T4_XOR(A##j2, _mm256_permute2x128_si256(t0, t2, 0x31));        \
        A##j3 = T4_XOR(A##j3, _mm256_permute2x128_si256(t1, t3, 0x31));        \
    } while (0)

#define T4_SINGLE(A, j, p, o)                                                  \
    do {                                                                       \
        long long w0, w1, w2, w3;                                              \
        memcpy(&w0, (p##0) + (o) + 8 * (j), 8);                                \
        memcpy(&w1, (p##1) + (o) + 8 * (j), 8);                                \
        memcpy(&w2, (p##2) + (o) + 8 * (j), 8);                                \
        memcpy(&w3, (p##3) + (o) + 8 * (j), 8);                                \
        A##j = T4_XOR(A##j, _mm256_setr_epi64x(w0, w1, w2, w3));              \
    } while (0)

/*
 * XOR lanes [0, lanes) of the block at byte offset o of each of p0..p3
 * (named by p) into A##0.. . With a constant lanes every test below folds away.
 */
#define T4_XOR_BLOCK(A, lanes, p, o)                                           \
    do {                                                                       \
        if ((lanes) >= 4)                                                      \
            T4_GROUP(A, 0, 1, 2, 3, p, (o));                                   \
        if ((lanes) >= 8)                                                      \
            T4_GROUP(A, 4, 5, 6, 7, p, (o) + 32);                              \
        if ((lanes) >= 12)                                                     \
            T4_GROUP(A, 8, 9, 10, 11, p, (o) + 64);                            \
        if ((lanes) >= 16)                                                     \
            T4_GROUP(A, 12, 13, 14, 15, p, (o) + 96);                          \
        if ((lanes) >= 20)                                                     \
            T4_GROUP(A, 16, 17, 18, 19, p, (o) + 128);                         \
        if ((lanes) >= 24)                                                     \
            T4_GROUP(A, 20, 21, 22, 23, p, (o) + 160);                         \
        /* The last lanes % 4 lanes; cases fall through downwards. */          \
        switch (lanes) {                                                       \
        case 25: T4_SINGLE(A, 24, p, (o)); break;                              \
        case 23: T4_SINGLE(A, 22, p, (o)); /* fall through */                  \
        case 22: T4_SINGLE(A, 21, p, (o)); /* fall through */                  \
        case 21: T4_SINGLE(A, 20, p, (o)); break;                              \
        case 19: T4_SINGLE(A, 18, p, (o)); /* fall through */                  \
        case 18: T4_SINGLE(A, 17, p, (o)); /* fall through */                  \
        case 17: T4_SINGLE(A, 16, p, (o)); break;                              \
        case 15: T4_SINGLE(A, 14, p, (o)); /* fall through */                  \
        case 14: T4_SINGLE(A, 13, p, (o)); /* fall through */                  \
        case 13: T4_SINGLE(A, 12, p, (o)); break;                              \
        case 11: T4_SINGLE(A, 10, p, (o)); /* fall through */                  \
        case 10: T4_SINGLE(A, 9, p, (o)); /* fall through */                   \
        case 9: T4_SINGLE(A, 8, p, (o)); break;                                \
        case 7: T4_SINGLE(A, 6, p, (o)); /* fall through */                    \
        case 6: T4_SINGLE(A, 5, p, (o)); /* fall through */                    \
        case 5: T4_SINGLE(A, 4, p, (o)); break;                                \
        case 3: T4_SINGLE(A, 2, p, (o)); /* fall through */                    \
        case 2: T4_SINGLE(A, 1, p, (o)); /* fall through */                    \
        case 1: T4_SINGLE(A, 0, p, (o)); break;                                \
        default: break;                                                        \
        }                                                                      \
    } while (0)

/*
 * nblocks blocks of `lanes` lanes from each p[i], starting at byte offset
 * off, each XORed in and permuted, with the lanes held in locals across
 * blocks: no store and reload of the state between the transpose and the
 * rounds (through the state in memory, K12 leaves took longer;
 * docs/MEASUREMENTS.md). odd is
 * nrounds & 1 as a constant (see t4_permute_parity).
 */
T4_TARGET static inline __attribute__((always_inline)) void
t4_absorb(__m256i *s, const uint8_t *const p[4], size_t off, size_t nblocks,
          unsigned lanes, unsigned nrounds, int odd)
{
    T4_ROTATION_MASKS;
    const uint8_t *p0 = p[0] + off, *p1 = p[1] + off, *p2 = p[2] + off, *p3 = p[3] + off;
    const uint64_t *rc_start = kp1600_rc + 24 - nrounds + odd, *rc_end = kp1600_rc + 24;
    T4_LANES(T4_DECLARE)
    T4_LANES(T4_LOAD)
    for (size_t b = 0; b < nblocks; b++) {
        __m256i c0, c1, c2, c3, c4;
        T4_XOR_BLOCK(a, lanes, p, 0);
        T4_PARITY(a);
        if (odd) {
            T4_ROUND(a, e, rc_start[-1]);
            T4_LANES(T4_COPY_BACK)
        }
        for (const uint64_t *rc = rc_start; rc < rc_end; rc += 2) {
            T4_ROUND(a, e, rc[0]);
            T4_ROUND(e, a, rc[1]);
        }
        p0 += 8 * lanes;
        p1 += 8 * lanes;
        p2 += 8 * lanes;
        p3 += 8 * lanes;
    }
    T4_LANES(T4_STORE)
}

/* XOR a partial block (the tail of a K12 chunk) into the state in memory. */
T4_TARGET static void t4_xor_lanes(__m256i *s, const uint8_t *const p[4], size_t off,
                                  unsigned lanes)
{
    const uint8_t *p0 = p[0] + off, *p1 = p[1] + off, *p2 = p[2] + off, *p3 = p[3] + off;
    T4_LANES(T4_DECLARE_A)
    T4_LANES(T4_LOAD)
    T4_XOR_BLOCK(a, lanes, p, 0);
    T4_LANES(T4_STORE)
}

KP1600_ABSORB_INSTANCES(T4_TARGET, t4, 4)

T4_TARGET void kp1600_avx2_initialize4(void *states)
{
    memset(states, 0, KP1600_STATE4_BYTES);
}

/* Byte o of instance i sits at 32*(o/8) + 8*i + o%8. */
void kp1600_avx2_add_bytes4(void *states, unsigned instance, const uint8_t *data,
                            unsigned offset, unsigned length)
{
    kp1600_interleaved_add_bytes(states, 4, instance, data, offset, length);
}

void kp1600_avx2_extract_bytes4(const void *states, unsigned instance, uint8_t *data,
                                unsigned offset, unsigned length)
{
    kp1600_interleaved_extract_bytes(states, 4, instance, data, offset, length);
}

/* The first lane_count lanes of every instance at once, data[i] being
 * instance i's bytes: whole groups of four lanes through 4x4 transposes. */
T4_TARGET void kp1600_avx2_add_lanes_all4(void *states, const uint8_t *const data[4],
                                          unsigned lane_count)
{
    if (lane_count > 25)
        return; /* outside the contract: leave the states alone */
    t4_xor_lanes(states, data, 0, lane_count);
}

T4_TARGET void kp1600_avx2_extract_lanes_all4(const void *states, uint8_t *const data[4],
                                              unsigned lane_count)
{
    const __m256i *s = states;
    unsigned j = 0;
    if (lane_count > 25)
        return; /* outside the contract: write nothing */
    for (; j + 4 <= lane_count; j += 4) {
        __m256i t0 = _mm256_unpacklo_epi64(s[j], s[j + 1]);     /* 0j 0j+1 2j 2j+1 */
        __m256i t1 = _mm256_unpackhi_epi64(s[j], s[j + 1]);     /* 1j 1j+1 3j 3j+1 */
        __m256i t2 = _mm256_unpacklo_epi64(s[j + 2], s[j + 3]); /* 0j+2 0j+3 2j+2 .. */
        __m256i t3 = _mm256_unpackhi_epi64(s[j + 2], s[j + 3]);
        _mm256_storeu_si256((__m256i *)(data[0] + 8 * j), _mm256_permute2x128_si256(t0, t2, 0x20));
        _mm256_storeu_si256((__m256i *)(data[1] + 8 * j), _mm256_permute2x128_si256(t1, t3, 0x20));
        _mm256_storeu_si256((__m256i *)(data[2] + 8 * j), _mm256_permute2x128_si256(t0, t2, 0x31));
        _mm256_storeu_si256((__m256i *)(data[3] + 8 * j), _mm256_permute2x128_si256(t1, t3, 0x31));
    }
    for (; j < lane_count; j++) {
        uint64_t w[4];
        _mm256_storeu_si256((__m256i *)w, s[j]);
        for (unsigned i = 0; i < 4; i++)
            memcpy(data[i] + 8 * j, &w[i], 8);
    }
}

T4_TARGET void kp1600_avx2_permute4(void *states, unsigned nrounds)
{
    KP1600_PERMUTE_N_BODY(t4)
}

T4_TARGET size_t kp1600_avx2_fast_loop_absorb4(void *states, unsigned lane_count,
                                               const uint8_t *const data[4], size_t len,
                                               unsigned nrounds)
{
    KP1600_FAST_LOOP_ABSORB_N_BODY(t4)
}

/* TurboSHAKE(D = 0x0B) with 12 rounds over four consecutive chunks at once
 * (the body shared with the avx512 kernel: KeccakP-1600-times-n.h). */
T4_TARGET void kp1600_avx2_k12_leaves4(const uint8_t *in, uint8_t *cv, unsigned rate,
                                       unsigned cv_len)
{
    KP1600_K12_LEAVES_BODY(4, t4, kp1600_avx2_extract_lanes_all4, kp1600_avx2_extract_bytes4)
}
