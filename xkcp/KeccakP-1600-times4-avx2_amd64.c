/*
 * AVX2 times-4 Keccak-p[1600]: four states lane-interleaved, one __m256i
 * per lane (instance i in 64-bit element i), plus the K12 leaf routine
 * that feeds four 8 KiB chunks through it. Part of the "avx2" kernel.
 *
 * Every function here carries target("avx2"): the package is not built
 * with -mavx2, so no AVX2 reaches code that runs before the CPU check.
 */
#include <immintrin.h>
#include <string.h>

#include "KeccakP-1600-times4-avx2_amd64.h"
#include "kernel.h"

#define T4_TARGET __attribute__((target("avx2")))

static const uint64_t t4_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull,
    0x8000000080008000ull, 0x000000000000808Bull, 0x0000000080000001ull,
    0x8000000080008081ull, 0x8000000000008009ull, 0x000000000000008Aull,
    0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull,
    0x8000000000008003ull, 0x8000000000008002ull, 0x8000000000000080ull,
    0x000000000000800Aull, 0x800000008000000Aull, 0x8000000080008081ull,
    0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

#define T4_XOR(a, b) _mm256_xor_si256((a), (b))
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

/* One round A -> E; output plane y reads lanes (x + 3y) mod 5 + 5x. */
#define T4_ROUND(A, E, rc)                                                     \
    do {                                                                       \
        __m256i c0 = T4_XOR(T4_XOR(A##0, A##5), T4_XOR(T4_XOR(A##10, A##15), A##20)); \
        __m256i c1 = T4_XOR(T4_XOR(A##1, A##6), T4_XOR(T4_XOR(A##11, A##16), A##21)); \
        __m256i c2 = T4_XOR(T4_XOR(A##2, A##7), T4_XOR(T4_XOR(A##12, A##17), A##22)); \
        __m256i c3 = T4_XOR(T4_XOR(A##3, A##8), T4_XOR(T4_XOR(A##13, A##18), A##23)); \
        __m256i c4 = T4_XOR(T4_XOR(A##4, A##9), T4_XOR(T4_XOR(A##14, A##19), A##24)); \
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
        b0 = T4_ROL(T4_XOR(A##3, d3), 28);                                     \
        b1 = T4_ROL(T4_XOR(A##9, d4), 20);                                     \
        b2 = T4_ROL(T4_XOR(A##10, d0), 3);                                     \
        b3 = T4_ROL(T4_XOR(A##16, d1), 45);                                    \
        b4 = T4_ROL(T4_XOR(A##22, d2), 61);                                    \
        T4_CHI(E, 5, 6, 7, 8, 9);                                              \
        b0 = T4_ROL1(T4_XOR(A##1, d1));                                        \
        b1 = T4_ROL(T4_XOR(A##7, d2), 6);                                      \
        b2 = T4_ROL(T4_XOR(A##13, d3), 25);                                    \
        b3 = T4_ROL8(T4_XOR(A##19, d4));                                       \
        b4 = T4_ROL(T4_XOR(A##20, d0), 18);                                    \
        T4_CHI(E, 10, 11, 12, 13, 14);                                         \
        b0 = T4_ROL(T4_XOR(A##4, d4), 27);                                     \
        b1 = T4_ROL(T4_XOR(A##5, d0), 36);                                     \
        b2 = T4_ROL(T4_XOR(A##11, d1), 10);                                    \
        b3 = T4_ROL(T4_XOR(A##17, d2), 15);                                    \
        b4 = T4_ROL56(T4_XOR(A##23, d3));                                      \
        T4_CHI(E, 15, 16, 17, 18, 19);                                         \
        b0 = T4_ROL(T4_XOR(A##2, d2), 62);                                     \
        b1 = T4_ROL(T4_XOR(A##8, d3), 55);                                     \
        b2 = T4_ROL(T4_XOR(A##14, d4), 39);                                    \
        b3 = T4_ROL(T4_XOR(A##15, d0), 41);                                    \
        b4 = T4_ROL(T4_XOR(A##21, d1), 2);                                     \
        T4_CHI(E, 20, 21, 22, 23, 24);                                         \
    } while (0)

#define T4_LANES(M)                                                            \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12)       \
    M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)

#define T4_DECLARE(i) __m256i a##i, e##i;
#define T4_LOAD(i) a##i = _mm256_load_si256(s + i);
#define T4_STORE(i) _mm256_store_si256(s + i, a##i);
#define T4_COPY_BACK(i) a##i = e##i;

/* The last nrounds (1..24) rounds on 25 aligned interleaved lanes. */
T4_TARGET static void t4_permute(__m256i *s, unsigned nrounds)
{
    const __m256i rol8 = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12,
                                          13, 14, 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10,
                                          11, 12, 13, 14);
    const __m256i rol56 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14,
                                           15, 8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12,
                                           13, 14, 15, 8);
    const uint64_t *rc = t4_rc + 24 - nrounds, *rc_end = t4_rc + 24;
    T4_LANES(T4_DECLARE)
    T4_LANES(T4_LOAD)
    if (nrounds & 1) {
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

/*
 * XOR lanes [0, lane_count) of one block from each of p[0..3] into s.
 * Four lanes at a time: four 32-byte loads (one per instance) and a 4x4
 * transpose of 64-bit words, unpack within 128-bit halves and then swap
 * halves, instead of sixteen scalar inserts. Leftover lanes are gathered
 * with 8-byte loads so that nothing past the block is read.
 */
T4_TARGET static inline void t4_xor_block(__m256i *s, const uint8_t *const p[4],
                                          size_t off, unsigned lane_count)
{
    unsigned j = 0;
    for (; j + 4 <= lane_count; j += 4) {
        size_t o = off + 8 * (size_t)j;
        __m256i r0 = _mm256_loadu_si256((const __m256i *)(p[0] + o));
        __m256i r1 = _mm256_loadu_si256((const __m256i *)(p[1] + o));
        __m256i r2 = _mm256_loadu_si256((const __m256i *)(p[2] + o));
        __m256i r3 = _mm256_loadu_si256((const __m256i *)(p[3] + o));
        __m256i t0 = _mm256_unpacklo_epi64(r0, r1); /* 0j 1j 0j+2 1j+2 */
        __m256i t1 = _mm256_unpackhi_epi64(r0, r1); /* 0j+1 1j+1 0j+3 1j+3 */
        __m256i t2 = _mm256_unpacklo_epi64(r2, r3);
        __m256i t3 = _mm256_unpackhi_epi64(r2, r3);
        s[j] = T4_XOR(s[j], _mm256_permute2x128_si256(t0, t2, 0x20));
        s[j + 1] = T4_XOR(s[j + 1], _mm256_permute2x128_si256(t1, t3, 0x20));
        s[j + 2] = T4_XOR(s[j + 2], _mm256_permute2x128_si256(t0, t2, 0x31));
        s[j + 3] = T4_XOR(s[j + 3], _mm256_permute2x128_si256(t1, t3, 0x31));
    }
    for (; j < lane_count; j++) {
        size_t o = off + 8 * (size_t)j;
        long long w[4];
        for (int i = 0; i < 4; i++)
            memcpy(&w[i], p[i] + o, 8);
        s[j] = T4_XOR(s[j], _mm256_setr_epi64x(w[0], w[1], w[2], w[3]));
    }
}

T4_TARGET void kp1600_avx2_initialize4(void *states)
{
    memset(states, 0, KP1600_STATE4_BYTES);
}

/* Byte o of instance i sits at 32*(o/8) + 8*i + o%8. */
void kp1600_avx2_add_bytes4(void *states, unsigned instance, const uint8_t *data,
                            unsigned offset, unsigned length)
{
    uint8_t *s = (uint8_t *)states + 8 * instance;
    while (length > 0) {
        unsigned lane = offset / 8, pos = offset % 8;
        uint8_t *w = s + 32 * lane;
        if (pos == 0 && length >= 8) {
            uint64_t x, y;
            memcpy(&x, w, 8);
            memcpy(&y, data, 8);
            x ^= y;
            memcpy(w, &x, 8);
            data += 8;
            offset += 8;
            length -= 8;
        } else {
            for (; pos < 8 && length > 0; pos++, length--, offset++)
                w[pos] ^= *data++;
        }
    }
}

void kp1600_avx2_extract_bytes4(const void *states, unsigned instance, uint8_t *data,
                                unsigned offset, unsigned length)
{
    const uint8_t *s = (const uint8_t *)states + 8 * instance;
    while (length > 0) {
        unsigned pos = offset % 8, n = 8 - pos;
        if (n > length)
            n = length;
        memcpy(data, s + 32 * (offset / 8) + pos, n);
        data += n;
        offset += n;
        length -= n;
    }
}

T4_TARGET void kp1600_avx2_permute4(void *states, unsigned nrounds)
{
    if (nrounds == 0 || nrounds > 24)
        return; /* nothing to do, or outside the contract */
    t4_permute(states, nrounds);
}

T4_TARGET size_t kp1600_avx2_fast_loop_absorb4(void *states, unsigned lane_count,
                                               const uint8_t *const data[4], size_t len,
                                               unsigned nrounds)
{
    size_t block = 8 * (size_t)lane_count, done = 0;
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    for (; len - done >= block; done += block) {
        t4_xor_block(states, data, done, lane_count);
        t4_permute(states, nrounds);
    }
    return done;
}

/*
 * TurboSHAKE(D = 0x0B) with 12 rounds over four consecutive chunks at once:
 * whole blocks, then the tail with its padding, then cv_len bytes squeezed
 * per instance. rate must be a multiple of 8 in 8..200 (K12 uses 168 and
 * 136); other values leave cv untouched.
 */
T4_TARGET void kp1600_avx2_k12_leaves4(const uint8_t *in, uint8_t *cv, unsigned rate,
                                       unsigned cv_len)
{
    __m256i s[25] __attribute__((aligned(32)));
    const uint8_t *const p[4] = {in, in + KP1600_K12_CHUNK, in + 2 * KP1600_K12_CHUNK,
                                 in + 3 * KP1600_K12_CHUNK};
    if (rate == 0 || rate > 200 || rate % 8 != 0)
        return;
    unsigned lanes = rate / 8;
    size_t whole = KP1600_K12_CHUNK / rate * rate;
    unsigned tail = KP1600_K12_CHUNK - (unsigned)whole; /* a multiple of 8 */

    for (int j = 0; j < 25; j++)
        s[j] = _mm256_setzero_si256();
    for (size_t off = 0; off < whole; off += rate) {
        t4_xor_block(s, p, off, lanes);
        t4_permute(s, 12);
    }
    t4_xor_block(s, p, whole, tail / 8);
    /* D right after the message, the final 1 bit at the block's last byte. */
    s[tail / 8] = T4_XOR(s[tail / 8], _mm256_set1_epi64x(0x0B));
    s[lanes - 1] = T4_XOR(s[lanes - 1], _mm256_set1_epi64x((long long)0x8000000000000000ull));
    t4_permute(s, 12);

    for (unsigned done = 0;;) {
        unsigned n = cv_len - done < rate ? cv_len - done : rate;
        for (unsigned i = 0; i < 4; i++)
            kp1600_avx2_extract_bytes4(s, i, cv + (size_t)i * cv_len + done, 0, n);
        done += n;
        if (done == cv_len)
            break;
        t4_permute(s, 12);
    }
}
