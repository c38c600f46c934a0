/*
 * arm64 Keccak-p[1600] kernel "arm64sha3": times-1 on the ARMv8.2 SHA3
 * instructions (the round in KeccakP-1600-sha3_arm64.h, one lane per NEON
 * register, element 1 unused) and the kernel tables; the times-4 entry
 * points (two times-2 pairs) are in KeccakP-1600-times2-sha3_arm64.c.
 *
 * The state is the 25 plain FIPS 202 lanes (state_is_lanes): a lane is
 * loaded with one LDR Dn (which clears element 1) and stored with STR Dn.
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

#define S3_LOAD1(i) a##i = vcombine_u64(vld1_u64(s + (i)), vdup_n_u64(0));
#define S3_STORE1(i) vst1_u64(s + (i), vget_low_u64(a##i));
/* Lane i of block p into element 0 (unaligned p is fine for LD1). */
#define S3_XOR1(p, i)                                                          \
    a##i = veorq_u64(a##i, vcombine_u64(vreinterpret_u64_u8(vld1_u8((p) + 8 * (i))), \
                                        vdup_n_u64(0)));

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

S3_TARGET static void sha3_permute(void *state, unsigned nrounds)
{
    uint64_t *s = state;
    if (nrounds > 24)
        return; /* outside the contract: leave the state alone */
    S3_LANES(S3_DECLARE)
    S3_LANES(S3_LOAD1)
    S3_PERMUTE(nrounds);
    S3_LANES(S3_STORE1)
}

S3_TARGET static size_t sha3_fast_loop_absorb(void *state, unsigned lane_count,
                                              const uint8_t *data, size_t len,
                                              unsigned nrounds)
{
    uint64_t *s = state;
    size_t block = 8 * (size_t)lane_count, done = 0;
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    S3_LANES(S3_DECLARE)
    S3_LANES(S3_LOAD1)
    for (; len - done >= block; done += block) {
        const uint8_t *p = data + done;
        KP1600_XOR_BLOCK_WITH(S3_XOR1, p, lane_count);
        S3_PERMUTE(nrounds);
    }
    S3_LANES(S3_STORE1)
    return done;
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
