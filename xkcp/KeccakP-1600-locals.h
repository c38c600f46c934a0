/*
 * The frame of the scalar 64-bit kernels (portable, avx2 times-1): the 25
 * lanes live in locals a0..a24, with e0..e24 as the other half of a
 * two-round ping-pong, so no round copies its output back. A kernel brings
 * its own ROUND(A, E, rc) macro (one round from lanes A## to lanes E##).
 */
#ifndef XKCP_KECCAKP_1600_LOCALS_H
#define XKCP_KECCAKP_1600_LOCALS_H

#include "KeccakP-1600-rc.h"

#define KP1600_LANES(M)                                                        \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12)       \
    M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)

#define KP1600_DECLARE(i) uint64_t a##i, e##i;
#define KP1600_LOAD(i) a##i = s[i];
#define KP1600_STORE(i) s[i] = a##i;
#define KP1600_COPY_BACK(i) a##i = e##i;

/* The last nrounds rounds on a0..a24: an odd first round copies back, then
 * two rounds per iteration. */
#define KP1600_PERMUTE_LOCALS(ROUND, nrounds)                                  \
    do {                                                                       \
        const uint64_t *rc = kp1600_rc + 24 - (nrounds);                       \
        const uint64_t *rc_end = kp1600_rc + 24;                               \
        if ((nrounds) & 1) {                                                   \
            ROUND(a, e, rc[0]);                                                \
            KP1600_LANES(KP1600_COPY_BACK)                                     \
            rc++;                                                              \
        }                                                                      \
        for (; rc < rc_end; rc += 2) {                                         \
            ROUND(a, e, rc[0]);                                                \
            ROUND(e, a, rc[1]);                                                \
        }                                                                      \
    } while (0)

#endif
