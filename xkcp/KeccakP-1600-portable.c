/*
 * Portable 64-bit Keccak-p[1600] times-1 kernel ("portable").
 *
 * The state is 25 uint64_t lanes in FIPS 202 order, kept in native byte
 * order, with the lanes of KP_COMPLEMENTED stored complemented. Lane
 * complementing (Keccak implementation overview, section 2.2) turns most
 * of chi's and-not operations into plain and/or, saving one NOT per lane
 * and round on machines without an and-not instruction. XOR commutes with
 * complementing, so add_bytes needs no conversion; initialize and
 * extract_bytes do.
 *
 * The permutation keeps all lanes in local variables and computes two
 * rounds per loop iteration, one from a* into e* and one back.
 *
 * Only C11 and explicit little-endian loads/stores: it builds for 32-bit
 * ARM and for big-endian hosts too.
 */
#include <string.h>

#include "KeccakP-1600-locals.h"
#include "KeccakP-1600-portable.h"
#include "kernel.h"

/* Lanes 1, 2, 8, 12, 17 and 20 are stored complemented. */
#define KP_COMPLEMENTED                                                        \
    ((1u << 1) | (1u << 2) | (1u << 8) | (1u << 12) | (1u << 17) | (1u << 20))


static inline void kp_store64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
#endif
}

/* n is always a constant in 1..63 here. */
#define ROL(v, n) (((v) << (n)) | ((v) >> (64 - (n))))

/*
 * One round from lanes A##0..A##24 into E##0..E##24. Output plane y takes
 * its five inputs (after theta and rho) from lanes (x + 3y) mod 5 + 5x; the
 * chi expressions differ per plane because they absorb the complement
 * pattern of their inputs and produce the pattern KP_COMPLEMENTED again.
 */
#define KP_ROUND(A, E, rc)                                                     \
    do {                                                                       \
        KP1600_THETA(A, ROL);                                                  \
        uint64_t b0, b1, b2, b3, b4;                                           \
        b0 = A##0 ^ d0;                                                        \
        b1 = ROL(A##6 ^ d1, 44);                                               \
        b2 = ROL(A##12 ^ d2, 43);                                              \
        b3 = ROL(A##18 ^ d3, 21);                                              \
        b4 = ROL(A##24 ^ d4, 14);                                              \
        E##0 = b0 ^ (b1 | b2) ^ (rc);                                          \
        E##1 = b1 ^ (~b2 | b3);                                                \
        E##2 = b2 ^ (b3 & b4);                                                 \
        E##3 = b3 ^ (b4 | b0);                                                 \
        E##4 = b4 ^ (b0 & b1);                                                 \
        b0 = ROL(A##3 ^ d3, 28);                                               \
        b1 = ROL(A##9 ^ d4, 20);                                               \
        b2 = ROL(A##10 ^ d0, 3);                                               \
        b3 = ROL(A##16 ^ d1, 45);                                              \
        b4 = ROL(A##22 ^ d2, 61);                                              \
        E##5 = b0 ^ (b1 | b2);                                                 \
        E##6 = b1 ^ (b2 & b3);                                                 \
        E##7 = b2 ^ (b3 | ~b4);                                                \
        E##8 = b3 ^ (b4 | b0);                                                 \
        E##9 = b4 ^ (b0 & b1);                                                 \
        b0 = ROL(A##1 ^ d1, 1);                                                \
        b1 = ROL(A##7 ^ d2, 6);                                                \
        b2 = ROL(A##13 ^ d3, 25);                                              \
        b3 = ROL(A##19 ^ d4, 8);                                               \
        b4 = ROL(A##20 ^ d0, 18);                                              \
        E##10 = b0 ^ (b1 | b2);                                                \
        E##11 = b1 ^ (b2 & b3);                                                \
        E##12 = b2 ^ (~b3 & b4);                                               \
        E##13 = ~b3 ^ (b4 | b0);                                               \
        E##14 = b4 ^ (b0 & b1);                                                \
        b0 = ROL(A##4 ^ d4, 27);                                               \
        b1 = ROL(A##5 ^ d0, 36);                                               \
        b2 = ROL(A##11 ^ d1, 10);                                              \
        b3 = ROL(A##17 ^ d2, 15);                                              \
        b4 = ROL(A##23 ^ d3, 56);                                              \
        E##15 = b0 ^ (b1 & b2);                                                \
        E##16 = b1 ^ (b2 | b3);                                                \
        E##17 = b2 ^ (~b3 | b4);                                               \
        E##18 = ~b3 ^ (b4 & b0);                                               \
        E##19 = b4 ^ (b0 | b1);                                                \
        b0 = ROL(A##2 ^ d2, 62);                                               \
        b1 = ROL(A##8 ^ d3, 55);                                               \
        b2 = ROL(A##14 ^ d4, 39);                                              \
        b3 = ROL(A##15 ^ d0, 41);                                              \
        b4 = ROL(A##21 ^ d1, 2);                                               \
        E##20 = b0 ^ (~b1 & b2);                                               \
        E##21 = ~b1 ^ (b2 | b3);                                               \
        E##22 = b2 ^ (b3 & b4);                                                \
        E##23 = b3 ^ (b4 | b0);                                                \
        E##24 = b4 ^ (b0 & b1);                                                \
    } while (0)


void kp1600_portable_initialize(void *state)
{
    uint64_t *s = state;
    for (int i = 0; i < 25; i++)
        s[i] = (KP_COMPLEMENTED >> i & 1) ? ~(uint64_t)0 : 0;
}

/* XOR commutes with the complement: no conversion needed. */
void kp1600_portable_add_bytes(void *state, const uint8_t *data, unsigned offset,
                               unsigned length)
{
    kp1600_lanes_add_bytes(state, data, offset, length);
}

void kp1600_portable_extract_bytes(const void *state, uint8_t *data, unsigned offset,
                                   unsigned length)
{
    const uint64_t *s = state;
    unsigned lane = offset / 8, pos = offset % 8;
    if (offset > KP1600_STATE_BYTES || length > KP1600_STATE_BYTES - offset)
        return; /* outside the contract: write nothing */
    while (length > 0) {
        uint64_t v = s[lane];
        if (KP_COMPLEMENTED >> lane & 1)
            v = ~v;
        if (pos == 0 && length >= 8) {
            kp_store64(data, v);
            data += 8;
            length -= 8;
        } else {
            for (; pos < 8 && length > 0; pos++, length--)
                *data++ = (uint8_t)(v >> (8 * pos));
        }
        lane++;
        pos = 0;
    }
}

void kp1600_portable_permute(void *state, unsigned nrounds)
{
    uint64_t *s = state;
    if (nrounds > 24)
        return; /* outside the contract: leave the state alone */
    KP1600_LANES(KP1600_DECLARE)
    KP1600_LANES(KP1600_LOAD)
    KP1600_PERMUTE_LOCALS(KP_ROUND, nrounds);
    KP1600_LANES(KP1600_STORE)
}

size_t kp1600_portable_fast_loop_absorb(void *state, unsigned lane_count,
                                        const uint8_t *data, size_t len,
                                        unsigned nrounds)
{
    uint64_t *s = state;
    size_t block = 8 * (size_t)lane_count, done = 0;
    if (lane_count == 0 || lane_count > 25 || nrounds == 0 || nrounds > 24)
        return 0; /* outside the contract: consume nothing */
    KP1600_LANES(KP1600_DECLARE)
    KP1600_LANES(KP1600_LOAD)
    for (; len - done >= block; done += block) {
        const uint8_t *p = data + done;
        KP1600_XOR_BLOCK(p, lane_count);
        KP1600_PERMUTE_LOCALS(KP_ROUND, nrounds);
    }
    KP1600_LANES(KP1600_STORE)
    return done;
}

const kp1600_kernel kp1600_portable = {
    .name = "portable",
    .features = 0,
    .state_is_lanes = 0,
    .initialize = kp1600_portable_initialize,
    .add_bytes = kp1600_portable_add_bytes,
    .extract_bytes = kp1600_portable_extract_bytes,
    .permute = kp1600_portable_permute,
    .fast_loop_absorb = kp1600_portable_fast_loop_absorb,
    /* No times-4 or K12 leaf entry points: csrc falls back to times-1. */
    .initialize4 = NULL,
    .add_bytes4 = NULL,
    .extract_bytes4 = NULL,
    .add_lanes_all4 = NULL,
    .extract_lanes_all4 = NULL,
    .permute4 = NULL,
    .fast_loop_absorb4 = NULL,
    .k12_leaves4 = NULL,
};
