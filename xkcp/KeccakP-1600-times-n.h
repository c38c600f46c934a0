/*
 * What the lane-interleaved times-n kernels (avx2's times-4, avx512's
 * times-4 and times-8) write once, over their own vector type and rounds:
 * the absorb instances by rate, the permute and fast-loop absorb entry
 * points' bodies, and the K12 leaf body (kernel.h's k12_leaves4/8).
 */
#ifndef XKCP_KECCAKP_1600_TIMES_N_H
#define XKCP_KECCAKP_1600_TIMES_N_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

/*
 * PREFIX##_absorb_blocks(s, p, off, nblocks, lanes, nrounds) over the
 * inline PREFIX##_absorb(s, p, off, nblocks, lanes, nrounds, odd), odd
 * being nrounds & 1 as a constant: instances for the TurboSHAKE128/SHAKE128
 * and TurboSHAKE256/SHAKE256 rates with an even number of rounds (K12,
 * ParallelHash) and one for everything else. V_T is the vector type.
 */
#define KP1600_ABSORB_INSTANCES(TARGET, PREFIX, N)                                 \
    TARGET static void PREFIX##_absorb21(V_T *s, const uint8_t *const p[N], size_t off,   \
                                         size_t nblocks, unsigned nrounds)     \
    {                                                                          \
        PREFIX##_absorb(s, p, off, nblocks, 21, nrounds, 0);                   \
    }                                                                          \
    TARGET static void PREFIX##_absorb17(V_T *s, const uint8_t *const p[N], size_t off,   \
                                         size_t nblocks, unsigned nrounds)     \
    {                                                                          \
        PREFIX##_absorb(s, p, off, nblocks, 17, nrounds, 0);                   \
    }                                                                          \
    TARGET static void PREFIX##_absorb_any(V_T *s, const uint8_t *const p[N], size_t off, \
                                           size_t nblocks, unsigned lanes,     \
                                           unsigned nrounds)                   \
    {                                                                          \
        if (nrounds & 1)                                                       \
            PREFIX##_absorb(s, p, off, nblocks, lanes, nrounds, 1);            \
        else                                                                   \
            PREFIX##_absorb(s, p, off, nblocks, lanes, nrounds, 0);            \
    }                                                                          \
    TARGET static void PREFIX##_absorb_blocks(V_T *s, const uint8_t *const p[N],         \
                                              size_t off, size_t nblocks,      \
                                              unsigned lanes, unsigned nrounds) \
    {                                                                          \
        if (lanes == 21 && nrounds % 2 == 0)                                   \
            PREFIX##_absorb21(s, p, off, nblocks, nrounds);                    \
        else if (lanes == 17 && nrounds % 2 == 0)                              \
            PREFIX##_absorb17(s, p, off, nblocks, nrounds);                    \
        else                                                                   \
            PREFIX##_absorb_any(s, p, off, nblocks, lanes, nrounds);           \
    }

/*
 * The bodies of a times-n kernel's permute and fast_loop_absorb entry
 * points (arguments states, nrounds; states, lane_count, data, len,
 * nrounds) over PREFIX##_permute and PREFIX##_absorb_blocks. Calls outside
 * the contract change nothing and consume nothing.
 */
#define KP1600_PERMUTE_N_BODY(PREFIX)                                          \
    if (nrounds == 0 || nrounds > 24)                                          \
        return; /* nothing to do, or outside the contract */                   \
    PREFIX##_permute(states, nrounds);

#define KP1600_FAST_LOOP_ABSORB_N_BODY(PREFIX)                                 \
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)    \
        return 0; /* outside the contract: consume nothing */                  \
    size_t nblocks = len / (8 * (size_t)lane_count);                           \
    if (nblocks > 0)                                                           \
        PREFIX##_absorb_blocks(states, data, 0, nblocks, lane_count, nrounds); \
    return nblocks * 8 * lane_count;

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
