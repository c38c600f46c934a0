/*
 * arm64 Keccak-p[1600] kernel "arm64sha3": times-1 on the ARMv8.2 SHA3
 * instructions (the rounds are in KeccakP-1600-sha3_arm64.S, one lane per
 * NEON register, element 1 unused), the byte-level entry points, and the
 * kernel tables; the times-4 entry points (two times-2 pairs) are in
 * KeccakP-1600-times2-sha3_arm64.c.
 *
 * The state is the 25 plain FIPS 202 lanes (state_is_lanes): the assembly
 * loads a lane with LDR Dn (which clears element 1) and stores it with STR.
 *
 * Two tables: "arm64sha3" (times-1 and times-2 on the SHA3 instructions)
 * and "arm64sha3x2" (the portable times-1 with the SHA3 times-2), for CPUs
 * whose SHA3 instructions lose to scalar code on one state but not on two.
 * registry_arm64.c orders them per OS; docs/ARM.md says why.
 */
#include "KeccakP-1600-locals.h"
#include "KeccakP-1600-portable.h"
#include "KeccakP-1600-sha3_arm64.h"
#include "kernel.h"

static void sha3_initialize(void *state)
{
    uint64_t *s = state;
    for (int i = 0; i < 25; i++)
        s[i] = 0;
}

static void sha3_add_bytes(void *state, const uint8_t *data, unsigned offset, unsigned length)
{
    kp1600_lanes_add_bytes(state, data, offset, length);
}

static void sha3_permute(void *state, unsigned nrounds)
{
    if (nrounds == 0 || nrounds > 24)
        return; /* no rounds, or outside the contract: leave the state alone */
    kp1600_sha3_permute_x1(state, kp1600_rc + 24 - nrounds, kp1600_rc + 24);
}

static size_t sha3_fast_loop_absorb(void *state, unsigned lane_count, const uint8_t *data,
                                    size_t len, unsigned nrounds)
{
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    size_t nblocks = len / (8 * (size_t)lane_count);
    if (nblocks > 0)
        kp1600_sha3_absorb_x1(state, data, NULL, lane_count, kp1600_rc + 24 - nrounds,
                              kp1600_rc + 24, nblocks);
    return nblocks * 8 * lane_count;
}

const kp1600_kernel kp1600_arm64sha3 = {
    .name = "arm64sha3",
    .features = KP1600_FEATURE_ARM64_SHA3,
    .state_is_lanes = 1,
    .initialize = sha3_initialize,
    .add_bytes = sha3_add_bytes,
    .extract_bytes = kp1600_lanes_extract_bytes,
    .permute = sha3_permute,
    .fast_loop_absorb = sha3_fast_loop_absorb,
    S3_TIMES4_ENTRIES,
};

const kp1600_kernel kp1600_arm64sha3x2 = {
    .name = "arm64sha3x2",
    .features = KP1600_FEATURE_ARM64_SHA3,
    .state_is_lanes = 0,
    .initialize = kp1600_portable_initialize,
    .add_bytes = kp1600_portable_add_bytes,
    .extract_bytes = kp1600_portable_extract_bytes,
    .permute = kp1600_portable_permute,
    .fast_loop_absorb = kp1600_portable_fast_loop_absorb,
    S3_TIMES4_ENTRIES,
};
