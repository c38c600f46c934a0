/*
 * The frame of the scalar 64-bit kernels (portable, avx2 times-1): the 25
 * lanes live in locals a0..a24, with e0..e24 as the other half of a
 * two-round ping-pong, so no round copies its output back. A kernel brings
 * its own ROUND(A, E, rc) macro (one round from lanes A## to lanes E##).
 * Both kernels use add_bytes, the lane declarations, loads, stores and
 * block XOR; the theta and round-driver macros below serve the portable
 * kernel (the avx2 one carries its column parities from round to round,
 * see its file). The parity-carrying macros serve the avx2 times-1 and
 * times-4 rounds alike.
 */
#ifndef XKCP_KECCAKP_1600_LOCALS_H
#define XKCP_KECCAKP_1600_LOCALS_H

#include "KeccakP-1600-rc.h"
#include "kernel.h"
#include <string.h>

/* A little-endian 64-bit load, on hosts of either byte order. */
static inline uint64_t kp1600_load64(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
#endif
}

/*
 * add_bytes on a state of 25 lanes (either kernel: XOR commutes with the
 * portable kernel's complemented lanes). A partial lane is gathered in a
 * register and XORed as a whole lane: a byte store into a lane that the
 * permutation then loads as 64 bits cannot be forwarded and stalls the load.
 */
static inline void kp1600_lanes_add_bytes(uint64_t *s, const uint8_t *data, unsigned offset,
                                          unsigned length)
{
    unsigned lane = offset / 8, pos = offset % 8;
    if (offset > KP1600_STATE_BYTES || length > KP1600_STATE_BYTES - offset)
        return; /* outside the contract: leave the state alone */
    while (length > 0) {
        if (pos == 0 && length >= 8) {
            s[lane] ^= kp1600_load64(data);
            data += 8;
            length -= 8;
        } else {
            uint64_t v = 0;
            for (; pos < 8 && length > 0; pos++, length--)
                v |= (uint64_t)*data++ << (8 * pos);
            s[lane] ^= v;
        }
        lane++;
        pos = 0;
    }
}

/*
 * add/extract bytes of one instance in a lane-interleaved times-n state
 * (the avx2 times-4 and avx512 times-8 kernels): lane j of instance i is
 * the 64-bit word at byte 8*(n*j + i). Calls outside the contract (an
 * instance >= n, bytes past the state) change and write nothing.
 */
static inline void kp1600_interleaved_add_bytes(void *states, unsigned n, unsigned instance,
                                                const uint8_t *data, unsigned offset,
                                                unsigned length)
{
    if (instance >= n || offset > KP1600_STATE_BYTES || length > KP1600_STATE_BYTES - offset)
        return;
    uint8_t *s = (uint8_t *)states + 8 * instance;
    while (length > 0) {
        unsigned lane = offset / 8, pos = offset % 8;
        uint8_t *w = s + 8 * n * lane;
        if (pos == 0 && length >= 8) {
            uint64_t x, y;
            memcpy(&x, w, 8);
            memcpy(&y, data, 8);
            x ^= y;
            memcpy(w, &x, 8);
            data += 8;
            offset += 8;
            length -= 8;
        } else {
            for (; pos < 8 && length > 0; pos++, length--, offset++)
                w[pos] ^= *data++;
        }
    }
}

static inline void kp1600_interleaved_extract_bytes(const void *states, unsigned n,
                                                    unsigned instance, uint8_t *data,
                                                    unsigned offset, unsigned length)
{
    if (instance >= n || offset > KP1600_STATE_BYTES || length > KP1600_STATE_BYTES - offset)
        return;
    const uint8_t *s = (const uint8_t *)states + 8 * instance;
    while (length > 0) {
        unsigned pos = offset % 8, k = 8 - pos;
        if (k > length)
            k = length;
        if (k == 8)
            memcpy(data, s + 8 * n * (offset / 8), 8); /* a constant size: one move */
        else
            memcpy(data, s + 8 * n * (offset / 8) + pos, k);
        data += k;
        offset += k;
        length -= k;
    }
}

/* extract_bytes of a kernel whose state is the plain lanes themselves
 * (state_is_lanes: little-endian hosts only), bounds checked. */
static inline void kp1600_lanes_extract_bytes(const void *state, uint8_t *data,
                                              unsigned offset, unsigned length)
{
    if (offset > KP1600_STATE_BYTES || length > KP1600_STATE_BYTES - offset)
        return; /* outside the contract: write nothing */
    memcpy(data, (const uint8_t *)state + offset, length);
}

/* Column parities carried out of chi (the avx2 times-1 and times-4 rounds):
 * once output plane E##i0..i4 is done, the first plane sets c0..c4 and the
 * others are folded in with XOR, a two-operand macro for the lane type. */
#define KP1600_PARITY_SET(E, i0, i1, i2, i3, i4)                               \
    c0 = E##i0;                                                                \
    c1 = E##i1;                                                                \
    c2 = E##i2;                                                                \
    c3 = E##i3;                                                                \
    c4 = E##i4
#define KP1600_PARITY_ADD(XOR, E, i0, i1, i2, i3, i4)                          \
    c0 = XOR(c0, E##i0);                                                       \
    c1 = XOR(c1, E##i1);                                                       \
    c2 = XOR(c2, E##i2);                                                       \
    c3 = XOR(c3, E##i3);                                                       \
    c4 = XOR(c4, E##i4)

/* XOR the first lane_count lanes of block p into a0..; the cases fall
 * through from lane lane_count - 1 down to lane 0. */
#define KP1600_XOR_BLOCK(p, lane_count)                                        \
    do {                                                                       \
        switch (lane_count) {                                                  \
        case 25: a24 ^= kp1600_load64((p) + 192); /* fall through */ \
        case 24: a23 ^= kp1600_load64((p) + 184); /* fall through */ \
        case 23: a22 ^= kp1600_load64((p) + 176); /* fall through */ \
        case 22: a21 ^= kp1600_load64((p) + 168); /* fall through */ \
        case 21: a20 ^= kp1600_load64((p) + 160); /* fall through */ \
        case 20: a19 ^= kp1600_load64((p) + 152); /* fall through */ \
        case 19: a18 ^= kp1600_load64((p) + 144); /* fall through */ \
        case 18: a17 ^= kp1600_load64((p) + 136); /* fall through */ \
        case 17: a16 ^= kp1600_load64((p) + 128); /* fall through */ \
        case 16: a15 ^= kp1600_load64((p) + 120); /* fall through */ \
        case 15: a14 ^= kp1600_load64((p) + 112); /* fall through */ \
        case 14: a13 ^= kp1600_load64((p) + 104); /* fall through */ \
        case 13: a12 ^= kp1600_load64((p) + 96); /* fall through */ \
        case 12: a11 ^= kp1600_load64((p) + 88); /* fall through */ \
        case 11: a10 ^= kp1600_load64((p) + 80); /* fall through */ \
        case 10: a9 ^= kp1600_load64((p) + 72); /* fall through */ \
        case 9: a8 ^= kp1600_load64((p) + 64); /* fall through */ \
        case 8: a7 ^= kp1600_load64((p) + 56); /* fall through */ \
        case 7: a6 ^= kp1600_load64((p) + 48); /* fall through */ \
        case 6: a5 ^= kp1600_load64((p) + 40); /* fall through */ \
        case 5: a4 ^= kp1600_load64((p) + 32); /* fall through */ \
        case 4: a3 ^= kp1600_load64((p) + 24); /* fall through */ \
        case 3: a2 ^= kp1600_load64((p) + 16); /* fall through */ \
        case 2: a1 ^= kp1600_load64((p) + 8); /* fall through */ \
        default: a0 ^= kp1600_load64(p);                                   \
        }                                                                      \
    } while (0)


#define KP1600_LANES(M)                                                        \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12)       \
    M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)

#define KP1600_DECLARE(i) uint64_t a##i, e##i;
#define KP1600_LOAD(i) a##i = s[i];
#define KP1600_STORE(i) s[i] = a##i;
#define KP1600_COPY_BACK(i) a##i = e##i;

/* Theta's column parities folded into d0..d4 (declared here), for a round
 * macro reading lanes A##0..A##24; ROL is the kernel's 64-bit rotate. */
#define KP1600_THETA(A, ROL)                                                   \
    uint64_t c0 = A##0 ^ A##5 ^ A##10 ^ A##15 ^ A##20;                         \
    uint64_t c1 = A##1 ^ A##6 ^ A##11 ^ A##16 ^ A##21;                         \
    uint64_t c2 = A##2 ^ A##7 ^ A##12 ^ A##17 ^ A##22;                         \
    uint64_t c3 = A##3 ^ A##8 ^ A##13 ^ A##18 ^ A##23;                         \
    uint64_t c4 = A##4 ^ A##9 ^ A##14 ^ A##19 ^ A##24;                         \
    uint64_t d0 = c4 ^ ROL(c1, 1);                                             \
    uint64_t d1 = c0 ^ ROL(c2, 1);                                             \
    uint64_t d2 = c1 ^ ROL(c3, 1);                                             \
    uint64_t d3 = c2 ^ ROL(c4, 1);                                             \
    uint64_t d4 = c3 ^ ROL(c0, 1)

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
