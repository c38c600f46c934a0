/*
 * Fixed-key AES-128 for the VDAF's XofFixedKeyAes128 with AES-NI.
 *
 * The hash of a 16-byte block x is AES(k, s(x)) ^ s(x), where s(x) puts the
 * high half first: s(lo || hi) = hi || (hi ^ lo). A stream for seed S is the
 * hash of S ^ LE128(i) for i = 0, 1, 2, ...; since the counter only touches
 * lo, s(S ^ i) = s(S) ^ (0 || i), so each block costs one XOR to set up.
 *
 * Up to FK_LANES blocks are encrypted side by side so that the AESENC
 * latency of one block hides behind the others.
 */
#include <stddef.h>
#include <stdint.h>
#include <immintrin.h>

#define FK_TARGET __attribute__((target("aes,sse2")))
#define FK_LANES 8

int fkaes_available(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("aes") ? 1 : 0;
}

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

/* x[j] = AES(k, x[j]) ^ x[j] for j < n (x already holds s(input)). */
FK_TARGET static inline void hash_lanes(const __m128i k[11], __m128i *x, size_t n)
{
    __m128i in[FK_LANES];
    for (size_t j = 0; j < n; j++) {
        in[j] = x[j];
        x[j] = _mm_xor_si128(x[j], k[0]);
    }
    for (int r = 1; r < 10; r++)
        for (size_t j = 0; j < n; j++)
            x[j] = _mm_aesenc_si128(x[j], k[r]);
    for (size_t j = 0; j < n; j++)
        x[j] = _mm_xor_si128(_mm_aesenclast_si128(x[j], k[10]), in[j]);
}

/* out[i] = hash(in[i]) for n 16-byte blocks; in and out may be equal. */
FK_TARGET void fkaes_hash(const uint8_t *rk, const uint8_t *in, uint8_t *out, size_t n)
{
    __m128i k[11], x[FK_LANES];
    load_keys(rk, k);
    while (n > 0) {
        size_t m = n < FK_LANES ? n : FK_LANES;
        for (size_t j = 0; j < m; j++)
            x[j] = sigma(_mm_loadu_si128((const __m128i *)(in + 16 * j)));
        hash_lanes(k, x, m);
        for (size_t j = 0; j < m; j++)
            _mm_storeu_si128((__m128i *)(out + 16 * j), x[j]);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/*
 * For each of nseeds 16-byte seeds, blocks first .. first+nblocks-1 of its
 * stream, written seed after seed: out holds nseeds*nblocks*16 bytes.
 */
FK_TARGET void fkaes_streams(const uint8_t *rk, const uint8_t *seeds, size_t nseeds,
                             uint64_t first, size_t nblocks, uint8_t *out)
{
    __m128i k[11], x[FK_LANES];
    load_keys(rk, k);
    size_t total = nseeds * nblocks, done = 0, seed = 0, blk = 0;
    __m128i base = nseeds ? sigma(_mm_loadu_si128((const __m128i *)seeds)) : _mm_setzero_si128();
    while (done < total) {
        size_t m = total - done < FK_LANES ? total - done : FK_LANES;
        for (size_t j = 0; j < m; j++) {
            x[j] = _mm_xor_si128(base, _mm_set_epi64x((long long)(first + blk), 0));
            if (++blk == nblocks) {
                blk = 0;
                if (++seed < nseeds)
                    base = sigma(_mm_loadu_si128((const __m128i *)(seeds + 16 * seed)));
            }
        }
        hash_lanes(k, x, m);
        for (size_t j = 0; j < m; j++)
            _mm_storeu_si128((__m128i *)(out + 16 * (done + j)), x[j]);
        done += m;
    }
}
