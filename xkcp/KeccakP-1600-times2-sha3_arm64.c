/*
 * times-2 Keccak-p[1600] on the ARMv8.2 SHA3 instructions: two states in
 * the two 64-bit elements of each lane's NEON register, the same round as
 * times-1 (KeccakP-1600-sha3_arm64.h), so two permutations cost what one
 * does. The kernel contract's times-4 entry points are two times-2 pairs:
 * instances 0 and 1 in the first 400 bytes, 2 and 3 in the next 400; in a
 * pair, lane j of instance i is the 64-bit word at byte 16*j + 8*i. csrc's
 * four-way paths (4-way SHAKE, batches, K12 leaves) then run on it as they
 * are, with no arm64 case in csrc.
 */
#include <string.h>

#include "KeccakP-1600-locals.h"
#include "KeccakP-1600-sha3_arm64.h"
#include "kernel.h"

#define T2_PAIR_BYTES (2 * KP1600_STATE_BYTES)

#define T2_LOAD(i) a##i = vld1q_u64(s + 2 * (i));
#define T2_STORE(i) vst1q_u64(s + 2 * (i), a##i);
/* Lane i of block p0 into element 0, of block p1 into element 1. */
#define T2_XOR(p, i)                                                           \
    a##i = veorq_u64(a##i, vcombine_u64(vreinterpret_u64_u8(vld1_u8(p##0 + 8 * (i))), \
                                        vreinterpret_u64_u8(vld1_u8(p##1 + 8 * (i)))));

S3_TARGET static void t2_permute(uint64_t *s, unsigned nrounds)
{
    S3_LANES(S3_DECLARE)
    S3_LANES(T2_LOAD)
    S3_PERMUTE(nrounds);
    S3_LANES(T2_STORE)
}

/* fast_loop_absorb on one pair, instance i reading from in[i]. */
S3_TARGET static size_t t2_fast_loop_absorb(uint64_t *s, unsigned lane_count,
                                            const uint8_t *in0, const uint8_t *in1, size_t len,
                                            unsigned nrounds)
{
    size_t block = 8 * (size_t)lane_count, done = 0;
    S3_LANES(S3_DECLARE)
    S3_LANES(T2_LOAD)
    for (; len - done >= block; done += block) {
        const uint8_t *p0 = in0 + done, *p1 = in1 + done;
        KP1600_XOR_BLOCK_WITH(T2_XOR, p, lane_count);
        S3_PERMUTE(nrounds);
    }
    S3_LANES(T2_STORE)
    return done;
}

void kp1600_arm64sha3_initialize4(void *states)
{
    memset(states, 0, KP1600_STATE4_BYTES);
}

void kp1600_arm64sha3_add_bytes4(void *states, unsigned instance, const uint8_t *data,
                                 unsigned offset, unsigned length)
{
    if (instance < 4)
        kp1600_interleaved_add_bytes((uint8_t *)states + T2_PAIR_BYTES * (instance / 2), 2,
                                     instance % 2, data, offset, length);
}

void kp1600_arm64sha3_extract_bytes4(const void *states, unsigned instance, uint8_t *data,
                                     unsigned offset, unsigned length)
{
    if (instance < 4)
        kp1600_interleaved_extract_bytes((const uint8_t *)states +
                                             T2_PAIR_BYTES * (instance / 2),
                                         2, instance % 2, data, offset, length);
}

void kp1600_arm64sha3_add_lanes_all4(void *states, const uint8_t *const data[4],
                                     unsigned lane_count)
{
    uint64_t *s = states;
    if (lane_count > 25)
        return; /* outside the contract: leave the states alone */
    for (unsigned i = 0; i < 4; i++) {
        uint64_t *w = s + 50 * (i / 2) + i % 2;
        for (unsigned j = 0; j < lane_count; j++)
            w[2 * j] ^= kp1600_load64(data[i] + 8 * j);
    }
}

void kp1600_arm64sha3_extract_lanes_all4(const void *states, uint8_t *const data[4],
                                         unsigned lane_count)
{
    const uint64_t *s = states;
    if (lane_count > 25)
        return; /* outside the contract: write nothing */
    for (unsigned i = 0; i < 4; i++) {
        const uint64_t *w = s + 50 * (i / 2) + i % 2;
        for (unsigned j = 0; j < lane_count; j++)
            memcpy(data[i] + 8 * j, &w[2 * j], 8);
    }
}

void kp1600_arm64sha3_permute4(void *states, unsigned nrounds)
{
    uint64_t *s = states;
    if (nrounds == 0 || nrounds > 24)
        return; /* outside the contract: leave the states alone */
    t2_permute(s, nrounds);
    t2_permute(s + 50, nrounds);
}

size_t kp1600_arm64sha3_fast_loop_absorb4(void *states, unsigned lane_count,
                                          const uint8_t *const data[4], size_t len,
                                          unsigned nrounds)
{
    uint64_t *s = states;
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    t2_fast_loop_absorb(s, lane_count, data[0], data[1], len, nrounds);
    return t2_fast_loop_absorb(s + 50, lane_count, data[2], data[3], len, nrounds);
}
