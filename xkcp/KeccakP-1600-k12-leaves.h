/*
 * The K12 leaf routine's body, written once for the lane-interleaved
 * times-4 and times-8 kernels (avx2, avx512); see kernel.h's k12_leaves4.
 */
#ifndef XKCP_KECCAKP_1600_K12_LEAVES_H
#define XKCP_KECCAKP_1600_K12_LEAVES_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

/*
 * The body of a K12 leaf routine for N consecutive chunks at in:
 * TurboSHAKE(D = 0x0B) with 12 rounds, then cv_len bytes squeezed per
 * instance (STORE_LANES for whole lanes, EXTRACT_BYTES otherwise). rate
 * must be a multiple of 8 in 8..200 (K12 uses 168 and 136); other values
 * leave cv untouched.
 *
 * The function it is the body of takes (in, cv, rate, cv_len). In scope
 * must be V_T (the vector type, one lane of every instance), V_SET1 and
 * V_XOR, and PREFIX##_absorb_blocks(s, p, off, nblocks, lanes, nrounds),
 * PREFIX##_xor_lanes(s, p, off, lanes) and PREFIX##_permute(s, nrounds)
 * over V_T s[25].
 */
#define KP1600_K12_LEAVES_BODY(N, PREFIX, STORE_LANES, EXTRACT_BYTES)          \
    V_T s[25];                                                                 \
    const uint8_t *p[N];                                                       \
    if (rate == 0 || rate > 200 || rate % 8 != 0)                              \
        return;                                                                \
    for (unsigned i = 0; i < N; i++)                                           \
        p[i] = in + i * KP1600_K12_CHUNK;                                      \
    unsigned lanes = rate / 8;                                                 \
    size_t nblocks = KP1600_K12_CHUNK / rate, whole = nblocks * rate;          \
    unsigned tail = KP1600_K12_CHUNK - (unsigned)whole; /* a multiple of 8 */  \
    for (unsigned j = 0; j < 25; j++)                                          \
        s[j] = V_SET1(0);                                                      \
    PREFIX##_absorb_blocks(s, p, 0, nblocks, lanes, 12);                       \
    PREFIX##_xor_lanes(s, p, whole, tail / 8);                                 \
    /* D right after the message, the final 1 bit at the block's last byte. */ \
    s[tail / 8] = V_XOR(s[tail / 8], V_SET1(0x0B));                            \
    s[lanes - 1] = V_XOR(s[lanes - 1], V_SET1((long long)0x8000000000000000ull)); \
    PREFIX##_permute(s, 12);                                                   \
    for (unsigned done = 0;;) {                                                \
        unsigned n = cv_len - done < rate ? cv_len - done : rate;              \
        uint8_t *out[N];                                                       \
        for (unsigned i = 0; i < N; i++)                                       \
            out[i] = cv + i * cv_len + done;                                   \
        if (n % 8 == 0)                                                        \
            STORE_LANES(s, out, n / 8);                                        \
        else                                                                   \
            for (unsigned i = 0; i < N; i++)                                   \
                EXTRACT_BYTES(s, i, out[i], 0, n);                             \
        done += n;                                                             \
        if (done == cv_len)                                                    \
            break;                                                             \
        PREFIX##_permute(s, 12);                                               \
    }


#endif
