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

/*
 * x[j] = AES(k, x[j]) ^ x[j] for all FK_LANES lanes, unused ones included:
 * with the lane count fixed the compiler keeps every lane in a register,
 * and on AES-NI with two pipes, eight independent blocks take about as
 * long as one (the latency of the ten rounds), so padding costs nothing.
 */
FK_TARGET static inline __attribute__((always_inline)) void hash_lanes(const __m128i k[11],
                                                                       __m128i x[FK_LANES])
{
    __m128i in[FK_LANES];
    for (int j = 0; j < FK_LANES; j++) {
        in[j] = x[j];
        x[j] = _mm_xor_si128(x[j], k[0]);
    }
    for (int r = 1; r < 10; r++)
        for (int j = 0; j < FK_LANES; j++)
            x[j] = _mm_aesenc_si128(x[j], k[r]);
    for (int j = 0; j < FK_LANES; j++)
        x[j] = _mm_xor_si128(_mm_aesenclast_si128(x[j], k[10]), in[j]);
}

/* out[i] = hash(in[i]) for n 16-byte blocks; in and out may be equal. */
FK_TARGET void fkaes_hash(const uint8_t *rk, const uint8_t *in, uint8_t *out, size_t n)
{
    __m128i k[11], x[FK_LANES];
    load_keys(rk, k);
    while (n > 0) {
        size_t m = n < FK_LANES ? n : FK_LANES;
        for (size_t j = 0; j < FK_LANES; j++)
            x[j] = j < m ? sigma(_mm_loadu_si128((const __m128i *)(in + 16 * j)))
                         : _mm_setzero_si128();
        hash_lanes(k, x);
        for (size_t j = 0; j < m; j++)
            _mm_storeu_si128((__m128i *)(out + 16 * j), x[j]);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/*
 * For each of nseeds seeds, stride bytes apart, blocks first ..
 * first+nblocks-1 of its stream, written seed after seed (nblocks*16
 * bytes per seed).
 */
FK_TARGET static void streams(const __m128i k[11], const uint8_t *seeds, size_t stride,
                              size_t nseeds, uint64_t first, size_t nblocks, uint8_t *out)
{
    __m128i x[FK_LANES];
    size_t total = nseeds * nblocks, done = 0, seed = 0, blk = 0;
    if (total == 0)
        return;
    __m128i base = sigma(_mm_loadu_si128((const __m128i *)seeds));
    while (done < total) {
        size_t m = total - done < FK_LANES ? total - done : FK_LANES;
        for (size_t j = 0; j < FK_LANES; j++) {
            x[j] = _mm_setzero_si128();
            if (j >= m)
                continue;
            x[j] = _mm_xor_si128(base, _mm_set_epi64x((long long)(first + blk), 0));
            if (++blk == nblocks) {
                blk = 0;
                if (++seed < nseeds)
                    base = sigma(_mm_loadu_si128((const __m128i *)(seeds + stride * seed)));
            }
        }
        hash_lanes(k, x);
        for (size_t j = 0; j < m; j++)
            _mm_storeu_si128((__m128i *)(out + 16 * (done + j)), x[j]);
        done += m;
    }
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
