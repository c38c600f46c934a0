/*
 * The kernel contract: every Keccak-p[1600] kernel in xkcp/ fills one
 * kp1600_kernel table with SnP-style (times-1) and PlSnP-style (times-4,
 * times-8) entry points, and optionally K12 leaf routines. Kernels know
 * nothing of modes (padding, sponges, trees); csrc/ builds those on top of
 * this table.
 *
 * States are opaque: 200 bytes (times-1), 800 (times-4) or 1600 (times-8)
 * in whatever layout the kernel likes (lane complementing, bit
 * interleaving, lane interleaving across the instances), 32-byte aligned
 * (times-8: KP1600_ALIGN8). The only way in or out
 * is initialize + add_bytes / extract_bytes, whose byte view is the FIPS 202
 * one: byte i of the state is byte i%8 of lane i/8, little endian.
 *
 * nrounds is 1..24 and means the last nrounds rounds of Keccak-f[1600]
 * (round constants RC[24-nrounds .. 23]).
 */
#ifndef XKCP_KERNEL_H
#define XKCP_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* CPU features a kernel needs; the Go side checks them with cpuid, the C
 * API (capi/keccak.h) with keccak_best_kernel(). */
#define KP1600_FEATURE_AVX2 1u
#define KP1600_FEATURE_BMI2 2u
/* AVX-512 F, VL, BW and DQ, with the OS saving ZMM state. The avx512
 * kernel needs F (times-8) and VL (times-4 on ymm); the bit asks for the
 * set every AVX-512 CPU since Skylake-SP has, so other code may use all four. */
#define KP1600_FEATURE_AVX512 4u
/* arm64: the ARMv8.2 SHA3 instructions EOR3, RAX1, XAR and BCAX (FEAT_SHA3). */
#define KP1600_FEATURE_ARM64_SHA3 8u

#define KP1600_STATE_BYTES 200
#define KP1600_STATE4_BYTES 800
#define KP1600_ALIGN 32
/* times-8 states: 25 lanes x 8 instances, one 64-byte vector per lane. */
#define KP1600_STATE8_BYTES 1600
#define KP1600_ALIGN8 64

/* Bytes of one KangarooTwelve chunk (a leaf's input). */
#define KP1600_K12_CHUNK 8192

typedef struct kp1600_kernel {
    const char *name;  /* e.g. "portable", "avx2", "armv7m" */
    unsigned features; /* KP1600_FEATURE_* bits this kernel requires */
    /* Nonzero when the times-1 state is the 25 FIPS 202 lanes themselves (no
     * complementing or interleaving; little-endian host): callers may then
     * run the times-1 entry points in place on a plain lane array, for which
     * 8-byte alignment suffices, and skip the copy in and out. */
    int state_is_lanes;

    /* times-1 (SnP) */
    void (*initialize)(void *state);
    void (*add_bytes)(void *state, const uint8_t *data, unsigned offset, unsigned length);
    void (*extract_bytes)(const void *state, uint8_t *data, unsigned offset, unsigned length);
    void (*permute)(void *state, unsigned nrounds);
    /* XOR lane_count lanes of data into the state and permute, for as many
     * whole blocks of 8*lane_count bytes as len holds; returns bytes used. */
    size_t (*fast_loop_absorb)(void *state, unsigned lane_count, const uint8_t *data,
                               size_t len, unsigned nrounds);

    /* times-4 (PlSnP). May be NULL: csrc then runs four times-1 states. */
    void (*initialize4)(void *states);
    void (*add_bytes4)(void *states, unsigned instance, const uint8_t *data,
                       unsigned offset, unsigned length);
    void (*extract_bytes4)(const void *states, unsigned instance, uint8_t *data,
                           unsigned offset, unsigned length);
    /* Whole lanes of all four instances in one call (data[i] is instance
     * i's bytes): XOR lane_count lanes in, or copy them out. Required when
     * permute4 is set; the bulk paths load, store and squeeze with them. */
    void (*add_lanes_all4)(void *states, const uint8_t *const data[4], unsigned lane_count);
    void (*extract_lanes_all4)(const void *states, uint8_t *const data[4],
                               unsigned lane_count);
    void (*permute4)(void *states, unsigned nrounds);
    /* Like fast_loop_absorb on four states at once, instance i reading from
     * data[i]; all four advance by the same number of bytes, which is returned. */
    size_t (*fast_loop_absorb4)(void *states, unsigned lane_count,
                                const uint8_t *const data[4], size_t len, unsigned nrounds);

    /* KangarooTwelve leaves, 12 rounds: the 4 consecutive KP1600_K12_CHUNK-byte
     * chunks at in become 4 chaining values of cv_len bytes at cv (cv_len
     * apart): TurboSHAKE with the given rate (168 or 136), D = 0x0B.
     * May be NULL: csrc then uses the times-4 or times-1 entry points. */
    void (*k12_leaves4)(const uint8_t *in, uint8_t *cv, unsigned rate, unsigned cv_len);

    /* times-8: the times-4 contract for eight instances (instance 0..7,
     * data[8]), states KP1600_STATE8_BYTES long and KP1600_ALIGN8-aligned.
     * All NULL, or all set with permute8. */
    void (*initialize8)(void *states);
    void (*add_bytes8)(void *states, unsigned instance, const uint8_t *data,
                       unsigned offset, unsigned length);
    void (*extract_bytes8)(const void *states, unsigned instance, uint8_t *data,
                           unsigned offset, unsigned length);
    void (*add_lanes_all8)(void *states, const uint8_t *const data[8], unsigned lane_count);
    void (*extract_lanes_all8)(const void *states, uint8_t *const data[8],
                               unsigned lane_count);
    void (*permute8)(void *states, unsigned nrounds);
    size_t (*fast_loop_absorb8)(void *states, unsigned lane_count,
                                const uint8_t *const data[8], size_t len, unsigned nrounds);
    /* k12_leaves4 for 8 consecutive chunks. May be NULL. */
    void (*k12_leaves8)(const uint8_t *in, uint8_t *cv, unsigned rate, unsigned cv_len);
} kp1600_kernel;

/* The kernels compiled for this target, best last. kp1600_kernels[0] is
 * always the portable one. Defined by the target's registry file. */
extern const kp1600_kernel *const kp1600_kernels[];
extern const unsigned kp1600_kernel_count;

#endif
