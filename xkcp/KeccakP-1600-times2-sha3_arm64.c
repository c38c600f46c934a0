/*
 * times-2 Keccak-p[1600] on the ARMv8.2 SHA3 instructions: two states in
 * the two 64-bit elements of each lane's NEON register, the same rounds as
 * times-1 (KeccakP-1600-sha3_arm64.S), so two permutations cost what one
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
    kp1600_sha3_permute_x2(s, kp1600_rc + 24 - nrounds, kp1600_rc + 24);
    kp1600_sha3_permute_x2(s + 50, kp1600_rc + 24 - nrounds, kp1600_rc + 24);
}

size_t kp1600_arm64sha3_fast_loop_absorb4(void *states, unsigned lane_count,
                                          const uint8_t *const data[4], size_t len,
                                          unsigned nrounds)
{
    uint64_t *s = states;
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    size_t nblocks = len / (8 * (size_t)lane_count);
    if (nblocks == 0)
        return 0;
    for (unsigned p = 0; p < 2; p++)
        kp1600_sha3_absorb_x2(s + 50 * p, data[2 * p], data[2 * p + 1], lane_count,
                              kp1600_rc + 24 - nrounds, kp1600_rc + 24, nblocks);
    return nblocks * 8 * lane_count;
}
