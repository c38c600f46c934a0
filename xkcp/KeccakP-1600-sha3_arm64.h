/*
 * The Keccak-p[1600] round on the ARMv8.2 SHA3 instructions (EOR3, RAX1,
 * XAR, BCAX), shared by the "arm64sha3" times-1 code and the times-2 code:
 * each lane is one 128-bit NEON register, two instances side by side (lane
 * of instance i in 64-bit element i). times-1 runs the same round with
 * element 1 unused, so one permutation costs the same either way.
 *
 * A round is 67 instructions: theta's parities in 10 EOR3 and its D values
 * in 5 RAX1; theta + rho in 24 XAR (lane 0 needs only an EOR); chi in 25
 * BCAX; iota one broadcast load and one EOR. pi is only the choice of
 * registers: lanes live in locals a0..a24 and e0..e24 and two rounds run
 * per loop iteration (a -> e -> a), as in the scalar kernels.
 *
 * Every function using these carries S3_TARGET: the package is not built
 * for ARMv8.2, so no SHA3 instruction runs before the CPU check.
 */
#ifndef XKCP_KECCAKP_1600_SHA3_ARM64_H
#define XKCP_KECCAKP_1600_SHA3_ARM64_H

#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#include "KeccakP-1600-rc.h"

#if defined(__ARM_FEATURE_SHA3)
#define S3_TARGET /* the whole build targets ARMv8.2+SHA3 (e.g. Apple) */
#else
#define S3_TARGET __attribute__((target("arch=armv8.2-a+sha3")))
#endif

/* The 25 lane names of one half of the ping-pong. */
#define S3_LANES(M)                                                            \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12)       \
    M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define S3_DECLARE(i) uint64x2_t a##i, e##i;
#define S3_COPY_BACK(i) a##i = e##i;

/* b = rotl(A ^ d, n) in one XAR (which rotates right). */
#define S3_RHO(A, d, n) vxarq_u64((A), (d), 64 - (n))

/* Chi on b0..b4 into plane E##i0..i4: E = b ^ (~b[x+1] & b[x+2]). */
#define S3_CHI(E, i0, i1, i2, i3, i4)                                          \
    E##i0 = vbcaxq_u64(b0, b2, b1);                                            \
    E##i1 = vbcaxq_u64(b1, b3, b2);                                            \
    E##i2 = vbcaxq_u64(b2, b4, b3);                                            \
    E##i3 = vbcaxq_u64(b3, b0, b4);                                            \
    E##i4 = vbcaxq_u64(b4, b1, b0)

/*
 * One round from lanes A##0..24 into E##0..24 with round constant *rcp.
 * Output plane y takes its inputs from lanes (x + 3y) mod 5 + 5x.
 */
#define S3_ROUND(A, E, rcp)                                                    \
    do {                                                                       \
        uint64x2_t c0 = veor3q_u64(veor3q_u64(A##0, A##5, A##10), A##15, A##20); \
        uint64x2_t c1 = veor3q_u64(veor3q_u64(A##1, A##6, A##11), A##16, A##21); \
        uint64x2_t c2 = veor3q_u64(veor3q_u64(A##2, A##7, A##12), A##17, A##22); \
        uint64x2_t c3 = veor3q_u64(veor3q_u64(A##3, A##8, A##13), A##18, A##23); \
        uint64x2_t c4 = veor3q_u64(veor3q_u64(A##4, A##9, A##14), A##19, A##24); \
        uint64x2_t d0 = vrax1q_u64(c4, c1);                                    \
        uint64x2_t d1 = vrax1q_u64(c0, c2);                                    \
        uint64x2_t d2 = vrax1q_u64(c1, c3);                                    \
        uint64x2_t d3 = vrax1q_u64(c2, c4);                                    \
        uint64x2_t d4 = vrax1q_u64(c3, c0);                                    \
        uint64x2_t b0, b1, b2, b3, b4;                                         \
        b0 = veorq_u64(A##0, d0);                                              \
        b1 = S3_RHO(A##6, d1, 44);                                             \
        b2 = S3_RHO(A##12, d2, 43);                                            \
        b3 = S3_RHO(A##18, d3, 21);                                            \
        b4 = S3_RHO(A##24, d4, 14);                                            \
        S3_CHI(E, 0, 1, 2, 3, 4);                                              \
        E##0 = veorq_u64(E##0, vld1q_dup_u64(rcp));                            \
        b0 = S3_RHO(A##3, d3, 28);                                             \
        b1 = S3_RHO(A##9, d4, 20);                                             \
        b2 = S3_RHO(A##10, d0, 3);                                             \
        b3 = S3_RHO(A##16, d1, 45);                                            \
        b4 = S3_RHO(A##22, d2, 61);                                            \
        S3_CHI(E, 5, 6, 7, 8, 9);                                              \
        b0 = S3_RHO(A##1, d1, 1);                                              \
        b1 = S3_RHO(A##7, d2, 6);                                              \
        b2 = S3_RHO(A##13, d3, 25);                                            \
        b3 = S3_RHO(A##19, d4, 8);                                             \
        b4 = S3_RHO(A##20, d0, 18);                                            \
        S3_CHI(E, 10, 11, 12, 13, 14);                                         \
        b0 = S3_RHO(A##4, d4, 27);                                             \
        b1 = S3_RHO(A##5, d0, 36);                                             \
        b2 = S3_RHO(A##11, d1, 10);                                            \
        b3 = S3_RHO(A##17, d2, 15);                                            \
        b4 = S3_RHO(A##23, d3, 56);                                            \
        S3_CHI(E, 15, 16, 17, 18, 19);                                         \
        b0 = S3_RHO(A##2, d2, 62);                                             \
        b1 = S3_RHO(A##8, d3, 55);                                             \
        b2 = S3_RHO(A##14, d4, 39);                                            \
        b3 = S3_RHO(A##15, d0, 41);                                            \
        b4 = S3_RHO(A##21, d1, 2);                                             \
        S3_CHI(E, 20, 21, 22, 23, 24);                                         \
    } while (0)

/* The last nrounds rounds on a0..a24 (e0..e24 scratch): an odd first round
 * copies back, then two rounds per iteration. */
#define S3_PERMUTE(nrounds)                                                    \
    do {                                                                       \
        const uint64_t *rc = kp1600_rc + 24 - (nrounds);                       \
        const uint64_t *rc_end = kp1600_rc + 24;                               \
        if ((nrounds) & 1) {                                                   \
            S3_ROUND(a, e, rc);                                                \
            S3_LANES(S3_COPY_BACK)                                             \
            rc++;                                                              \
        }                                                                      \
        for (; rc < rc_end; rc += 2) {                                         \
            S3_ROUND(a, e, rc);                                                \
            S3_ROUND(e, a, rc + 1);                                            \
        }                                                                      \
    } while (0)

/* The times-4 entry points (two times-2 pairs), in
 * KeccakP-1600-times2-sha3_arm64.c. */
void kp1600_arm64sha3_initialize4(void *states);
void kp1600_arm64sha3_add_bytes4(void *states, unsigned instance, const uint8_t *data,
                                 unsigned offset, unsigned length);
void kp1600_arm64sha3_extract_bytes4(const void *states, unsigned instance, uint8_t *data,
                                     unsigned offset, unsigned length);
void kp1600_arm64sha3_add_lanes_all4(void *states, const uint8_t *const data[4],
                                     unsigned lane_count);
void kp1600_arm64sha3_extract_lanes_all4(const void *states, uint8_t *const data[4],
                                         unsigned lane_count);
void kp1600_arm64sha3_permute4(void *states, unsigned nrounds);
size_t kp1600_arm64sha3_fast_loop_absorb4(void *states, unsigned lane_count,
                                          const uint8_t *const data[4], size_t len,
                                          unsigned nrounds);

/* The kernel table's times-4 fields, for both arm64 SHA3 tables. */
#define S3_TIMES4_ENTRIES                                                      \
    .initialize4 = kp1600_arm64sha3_initialize4,                               \
    .add_bytes4 = kp1600_arm64sha3_add_bytes4,                                 \
    .extract_bytes4 = kp1600_arm64sha3_extract_bytes4,                         \
    .add_lanes_all4 = kp1600_arm64sha3_add_lanes_all4,                         \
    .extract_lanes_all4 = kp1600_arm64sha3_extract_lanes_all4,                 \
    .permute4 = kp1600_arm64sha3_permute4,                                     \
    .fast_loop_absorb4 = kp1600_arm64sha3_fast_loop_absorb4

#endif
