/*
 * x86-64 Keccak-p[1600] kernel "avx2" (needs AVX2 and BMI1/BMI2): the
 * times-1 entry points and the kernel table. The times-4 and K12 leaf
 * entry points live in KeccakP-1600-times4-avx2_amd64.c.
 *
 * times-1 is scalar C compiled for BMI1/BMI2: with ANDN chi costs the same
 * without lane complementing, and RORX rotates without clobbering its
 * source, so the state is plain FIPS 202 lanes and add/extract are plain
 * XOR/copies. Lanes live in locals, two rounds per loop iteration
 * (a -> e -> a).
 *
 * The round's shape (column parities carried out of chi, GCC's
 * post-allocation scheduler off, two rounds per loop iteration) won against
 * the alternatives tried: portable lane-complemented C, lanes in memory,
 * hand-written BMI2 inline asm, parities accumulated during chi, odd/even
 * specialisation, more unrolling (it falls out of the op cache) and other
 * compiler options. The round is close to what the integer ALUs allow, so
 * no C variant can gain much more; a single-state AVX2 layout was not
 * built, as the cross-lane permutes of pi and chi bound it. The figures and
 * that bound: docs/MEASUREMENTS.md, "The avx2 kernel's scalar round".
 *
 * Every function carries a target attribute; nothing here is built with a
 * package-wide -mavx2, so generic code never gets VEX instructions.
 */
#include <string.h>

#include "KeccakP-1600-avx2_amd64.h"
#include "KeccakP-1600-times4-avx2_amd64.h"
#include "KeccakP-1600-locals.h"
#include "kernel.h"

#define AX_TARGET __attribute__((target("avx2,bmi,bmi2")))
/* GCC's post-allocation scheduler (sched2) interleaves the round worse for
 * Zen 3 than the source order below does (docs/MEASUREMENTS.md). */
#define AX_KEEP_ORDER __attribute__((optimize("no-schedule-insns2")))


#define AX_ROL(v, n) (((v) << (n)) | ((v) >> (64 - (n))))

/* Column parities c0..c4 of lanes A##0..A##24 (for the first round). */
#define AX_PARITY(A)                                                           \
    c0 = A##0 ^ A##5 ^ A##10 ^ A##15 ^ A##20;                                  \
    c1 = A##1 ^ A##6 ^ A##11 ^ A##16 ^ A##21;                                  \
    c2 = A##2 ^ A##7 ^ A##12 ^ A##17 ^ A##22;                                  \
    c3 = A##3 ^ A##8 ^ A##13 ^ A##18 ^ A##23;                                  \
    c4 = A##4 ^ A##9 ^ A##14 ^ A##19 ^ A##24

/* theta's d_x into the five lanes of row y (lanes y..y+4). */
#define AX_ADD_D(A, i0, i1, i2, i3, i4)                                        \
    A##i0 ^= d0;                                                               \
    A##i1 ^= d1;                                                               \
    A##i2 ^= d2;                                                               \
    A##i3 ^= d3;                                                               \
    A##i4 ^= d4

/* chi on the five rotated lanes b0..b4 of one output plane. */
#define AX_CHI(E, i0, i1, i2, i3, i4)                                          \
    E##i0 = b0 ^ (~b1 & b2);                                                   \
    E##i1 = b1 ^ (~b2 & b3);                                                   \
    E##i2 = b2 ^ (~b3 & b4);                                                   \
    E##i3 = b3 ^ (~b4 & b0);                                                   \
    E##i4 = b4 ^ (~b0 & b1)

#define AX_XOR(x, y) ((x) ^ (y))

/*
 * One round A -> E, with c0..c4 holding A's column parities on entry and
 * E's on exit; plane y reads lanes (x + 3y) mod 5 + 5x. Carrying the
 * parities out of chi (rather than summing the 25 lanes at the top of the
 * next round) lets the next theta start as soon as the last plane is done.
 */
#define AX_ROUND(A, E, rc)                                                     \
    do {                                                                       \
        uint64_t d0 = c4 ^ AX_ROL(c1, 1);                                      \
        uint64_t d1 = c0 ^ AX_ROL(c2, 1);                                      \
        uint64_t d2 = c1 ^ AX_ROL(c3, 1);                                      \
        uint64_t d3 = c2 ^ AX_ROL(c4, 1);                                      \
        uint64_t d4 = c3 ^ AX_ROL(c0, 1);                                      \
        AX_ADD_D(A, 0, 1, 2, 3, 4);                                            \
        AX_ADD_D(A, 5, 6, 7, 8, 9);                                            \
        AX_ADD_D(A, 10, 11, 12, 13, 14);                                       \
        AX_ADD_D(A, 15, 16, 17, 18, 19);                                       \
        AX_ADD_D(A, 20, 21, 22, 23, 24);                                       \
        uint64_t b0, b1, b2, b3, b4;                                           \
        b0 = A##0;                                                             \
        b1 = AX_ROL(A##6, 44);                                                 \
        b2 = AX_ROL(A##12, 43);                                                \
        b3 = AX_ROL(A##18, 21);                                                \
        b4 = AX_ROL(A##24, 14);                                                \
        AX_CHI(E, 0, 1, 2, 3, 4);                                              \
        E##0 ^= (rc);                                                          \
        KP1600_PARITY_SET(E, 0, 1, 2, 3, 4);                                   \
        b0 = AX_ROL(A##3, 28);                                                 \
        b1 = AX_ROL(A##9, 20);                                                 \
        b2 = AX_ROL(A##10, 3);                                                 \
        b3 = AX_ROL(A##16, 45);                                                \
        b4 = AX_ROL(A##22, 61);                                                \
        AX_CHI(E, 5, 6, 7, 8, 9);                                              \
        KP1600_PARITY_ADD(AX_XOR, E, 5, 6, 7, 8, 9);                           \
        b0 = AX_ROL(A##1, 1);                                                  \
        b1 = AX_ROL(A##7, 6);                                                  \
        b2 = AX_ROL(A##13, 25);                                                \
        b3 = AX_ROL(A##19, 8);                                                 \
        b4 = AX_ROL(A##20, 18);                                                \
        AX_CHI(E, 10, 11, 12, 13, 14);                                         \
        KP1600_PARITY_ADD(AX_XOR, E, 10, 11, 12, 13, 14);                      \
        b0 = AX_ROL(A##4, 27);                                                 \
        b1 = AX_ROL(A##5, 36);                                                 \
        b2 = AX_ROL(A##11, 10);                                                \
        b3 = AX_ROL(A##17, 15);                                                \
        b4 = AX_ROL(A##23, 56);                                                \
        AX_CHI(E, 15, 16, 17, 18, 19);                                         \
        KP1600_PARITY_ADD(AX_XOR, E, 15, 16, 17, 18, 19);                      \
        b0 = AX_ROL(A##2, 62);                                                 \
        b1 = AX_ROL(A##8, 55);                                                 \
        b2 = AX_ROL(A##14, 39);                                                \
        b3 = AX_ROL(A##15, 41);                                                \
        b4 = AX_ROL(A##21, 2);                                                 \
        AX_CHI(E, 20, 21, 22, 23, 24);                                         \
        KP1600_PARITY_ADD(AX_XOR, E, 20, 21, 22, 23, 24);                      \
    } while (0)

/* The last nrounds rounds on a0..a24 (c0..c4 declared by the caller): an
 * odd first round copies back, then two rounds per iteration. */
#define AX_PERMUTE(nrounds)                                                    \
    do {                                                                       \
        const uint64_t *rc = kp1600_rc + 24 - (nrounds);                       \
        const uint64_t *rc_end = kp1600_rc + 24;                               \
        AX_PARITY(a);                                                          \
        if ((nrounds) & 1) {                                                   \
            AX_ROUND(a, e, rc[0]);                                             \
            KP1600_LANES(KP1600_COPY_BACK)                                     \
            rc++;                                                              \
        }                                                                      \
        for (; rc < rc_end; rc += 2) {                                         \
            AX_ROUND(a, e, rc[0]);                                             \
            AX_ROUND(e, a, rc[1]);                                             \
        }                                                                      \
    } while (0)


/* Lane by lane: memset becomes rep stos, whose start-up and string stores
 * the permutation's first lane loads then wait for. */
#define AX_ZERO(i) s[i] = 0;
__attribute__((optimize("no-tree-loop-distribute-patterns", "no-tree-slp-vectorize")))
void kp1600_avx2_initialize(void *state)
{
    uint64_t *s = state;
    KP1600_LANES(AX_ZERO)
}

/* The state is the FIPS 202 byte view itself (x86-64 is little endian). */
void kp1600_avx2_add_bytes(void *state, const uint8_t *data, unsigned offset,
                           unsigned length)
{
    kp1600_lanes_add_bytes(state, data, offset, length);
}

void kp1600_avx2_extract_bytes(const void *state, uint8_t *data, unsigned offset,
                               unsigned length)
{
    kp1600_lanes_extract_bytes(state, data, offset, length);
}

AX_TARGET AX_KEEP_ORDER void kp1600_avx2_permute(void *state, unsigned nrounds)
{
    uint64_t *s = state;
    if (nrounds > 24)
        return; /* outside the contract: leave the state alone */
    KP1600_LANES(KP1600_DECLARE)
    KP1600_LANES(KP1600_LOAD)
    uint64_t c0, c1, c2, c3, c4;
    AX_PERMUTE(nrounds);
    KP1600_LANES(KP1600_STORE)
}

AX_TARGET AX_KEEP_ORDER size_t kp1600_avx2_fast_loop_absorb(void *state,
                                                            unsigned lane_count,
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
        uint64_t c0, c1, c2, c3, c4;
        KP1600_XOR_BLOCK(p, lane_count);
        AX_PERMUTE(nrounds);
    }
    KP1600_LANES(KP1600_STORE)
    return done;
}

const kp1600_kernel kp1600_avx2 = {
    .name = "avx2",
    .features = KP1600_FEATURE_AVX2 | KP1600_FEATURE_BMI2,
    .state_is_lanes = 1,
    .initialize = kp1600_avx2_initialize,
    .add_bytes = kp1600_avx2_add_bytes,
    .extract_bytes = kp1600_avx2_extract_bytes,
    .permute = kp1600_avx2_permute,
    .fast_loop_absorb = kp1600_avx2_fast_loop_absorb,
    .initialize4 = kp1600_avx2_initialize4,
    .add_bytes4 = kp1600_avx2_add_bytes4,
    .extract_bytes4 = kp1600_avx2_extract_bytes4,
    .add_lanes_all4 = kp1600_avx2_add_lanes_all4,
    .extract_lanes_all4 = kp1600_avx2_extract_lanes_all4,
    .permute4 = kp1600_avx2_permute4,
    .fast_loop_absorb4 = kp1600_avx2_fast_loop_absorb4,
    .k12_leaves4 = kp1600_avx2_k12_leaves4,
};
