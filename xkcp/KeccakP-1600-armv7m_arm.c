/*
 * The "armv7m" kernel: Keccak-p[1600] times-1 for ARMv7-M Thumb-2
 * (KeccakP-1600-armv7m_arm.S), also used on ARMv7-A Linux in Thumb state.
 *
 * The assembly keeps the state bit-interleaved: 50 32-bit words, word
 * h*25 + i being the even (h = 0) or odd (h = 1) bits of lane i. It has
 * entry points for the permutation and for XORing in / reading out whole
 * lanes (interleaving on the way); this file adds the byte-granular SnP
 * functions on top and fills the kernel table.
 */
#include <string.h>

#include "kernel.h"

void kp1600_armv7m_permute(uint32_t *state, unsigned nrounds);
void kp1600_armv7m_add_lanes(uint32_t *even, const uint8_t *data, unsigned lanes);
void kp1600_armv7m_extract_lanes(const uint32_t *even, uint8_t *data, unsigned lanes);

static void armv7m_initialize(void *state)
{
    memset(state, 0, KP1600_STATE_BYTES);
}

/* Partial lanes go through an 8-byte buffer, zero-padded, so the assembly
 * only ever sees whole lanes. */
static void armv7m_add_bytes(void *state, const uint8_t *data, unsigned offset,
                             unsigned length)
{
    uint32_t *s = state;
    unsigned lane = offset / 8, pos = offset % 8;
    if (pos != 0 && length > 0) {
        uint8_t buf[8] = {0};
        unsigned n = 8 - pos < length ? 8 - pos : length;
        memcpy(buf + pos, data, n);
        kp1600_armv7m_add_lanes(s + lane, buf, 1);
        data += n;
        length -= n;
        lane++;
    }
    if (length >= 8) {
        kp1600_armv7m_add_lanes(s + lane, data, length / 8);
        lane += length / 8;
        data += length / 8 * 8;
        length %= 8;
    }
    if (length > 0) {
        uint8_t buf[8] = {0};
        memcpy(buf, data, length);
        kp1600_armv7m_add_lanes(s + lane, buf, 1);
    }
}

static void armv7m_extract_bytes(const void *state, uint8_t *data, unsigned offset,
                                 unsigned length)
{
    const uint32_t *s = state;
    unsigned lane = offset / 8, pos = offset % 8;
    if (pos != 0 && length > 0) {
        uint8_t buf[8];
        unsigned n = 8 - pos < length ? 8 - pos : length;
        kp1600_armv7m_extract_lanes(s + lane, buf, 1);
        memcpy(data, buf + pos, n);
        data += n;
        length -= n;
        lane++;
    }
    if (length >= 8) {
        kp1600_armv7m_extract_lanes(s + lane, data, length / 8);
        lane += length / 8;
        data += length / 8 * 8;
        length %= 8;
    }
    if (length > 0) {
        uint8_t buf[8];
        kp1600_armv7m_extract_lanes(s + lane, buf, 1);
        memcpy(data, buf, length);
    }
}

static void armv7m_permute(void *state, unsigned nrounds)
{
    /* The assembly itself ignores 0 and counts above 24. */
    kp1600_armv7m_permute(state, nrounds);
}

static size_t armv7m_fast_loop_absorb(void *state, unsigned lane_count, const uint8_t *data,
                                      size_t len, unsigned nrounds)
{
    size_t block = 8 * (size_t)lane_count, done = 0;
    if (lane_count == 0 || lane_count > 25 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    for (; len - done >= block; done += block) {
        kp1600_armv7m_add_lanes(state, data + done, lane_count);
        kp1600_armv7m_permute(state, nrounds);
    }
    return done;
}

const kp1600_kernel kp1600_armv7m = {
    .name = "armv7m",
    .features = 0,
    .state_is_lanes = 0,
    .initialize = armv7m_initialize,
    .add_bytes = armv7m_add_bytes,
    .extract_bytes = armv7m_extract_bytes,
    .permute = armv7m_permute,
    .fast_loop_absorb = armv7m_fast_loop_absorb,
    /* times-1 only: csrc runs four times-1 states for the 4-way paths. */
    .initialize4 = NULL,
    .add_bytes4 = NULL,
    .extract_bytes4 = NULL,
    .add_lanes_all4 = NULL,
    .extract_lanes_all4 = NULL,
    .permute4 = NULL,
    .fast_loop_absorb4 = NULL,
    .k12_leaves4 = NULL,
};
