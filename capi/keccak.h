/*
 * keccak.h: a small C API for SHA3, SHAKE and TurboSHAKE on top of the
 * Keccak-p[1600] kernels of xkcp/ (see xkcp/kernel.h).
 *
 * For C programs and bare-metal firmware: no heap, no I/O, no global state.
 * A context lives wherever the caller puts it (stack, static, struct member)
 * and can be cloned by plain struct assignment, e.g. to fork a sponge after
 * absorbing a common prefix. It is over-aligned (KP1600_ALIGN), so heap
 * copies need aligned_alloc or similar.
 *
 * Usage:
 *
 *     keccak_ctx c;
 *     keccak_init(&c, KECCAK_SHAKE128);
 *     keccak_update(&c, part1, len1);
 *     keccak_update(&c, part2, len2);
 *     keccak_squeeze(&c, out, 64);        // and again, as often as wanted
 *     keccak_wipe(&c);
 *
 * SHA3-* contexts end with keccak_final instead of keccak_squeeze.
 *
 * Every function that can fail returns KECCAK_OK (0) or a negative
 * KECCAK_ERR_* code; on failure nothing is written to the output and the
 * context is left as it was (or, for a failed init, marked unusable, so
 * later calls on it fail too rather than hash with garbage).
 */
#ifndef CSRC_KECCAK_H
#define CSRC_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#include "../xkcp/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    KECCAK_OK = 0,
    KECCAK_ERR_ARG = -1,    /* NULL pointer with non-zero length, unknown algorithm */
    KECCAK_ERR_DOMAIN = -2, /* TurboSHAKE D outside 0x01..0x7F, or D given for SHA3/SHAKE */
    KECCAK_ERR_PHASE = -3,  /* call not allowed now: update after squeeze, final twice, ... */
    KECCAK_ERR_MODE = -4,   /* final on an XOF, squeeze on a SHA3 context */
    KECCAK_ERR_LENGTH = -5, /* output buffer shorter than the digest */
    KECCAK_ERR_KERNEL = -6  /* kernel needs CPU features this CPU lacks */
};

typedef enum keccak_alg {
    KECCAK_SHA3_224,
    KECCAK_SHA3_256,
    KECCAK_SHA3_384,
    KECCAK_SHA3_512,
    KECCAK_SHAKE128,
    KECCAK_SHAKE256,
    KECCAK_TURBOSHAKE128,
    KECCAK_TURBOSHAKE256
} keccak_alg;

/* Largest digest (SHA3-512) and largest rate (SHAKE128/TurboSHAKE128), in bytes. */
#define KECCAK_MAX_DIGEST 64
#define KECCAK_MAX_RATE 168

#ifdef __cplusplus
#define KECCAK_ALIGNAS(n) alignas(n)
#else
#define KECCAK_ALIGNAS(n) _Alignas(n)
#endif

/* Fields are private: use the functions. */
typedef struct keccak_ctx {
    /* The kernel's own state layout; only the kernel reads it. */
    KECCAK_ALIGNAS(KP1600_ALIGN) uint64_t state[KP1600_STATE_BYTES / 8];
    const kp1600_kernel *kernel;
    unsigned rate;       /* block size in bytes, a multiple of 8 */
    unsigned pos;        /* absorbing: bytes in the current block; squeezing: bytes used */
    uint8_t domain;      /* padding's first byte: 0x06 SHA3, 0x1F SHAKE, D TurboSHAKE */
    uint8_t rounds;      /* 24, or 12 for TurboSHAKE */
    uint8_t digest_len;  /* SHA3 digest size; 0 for XOFs */
    uint8_t phase;       /* private keccak_phase value */
} keccak_ctx;

/* --- kernels ------------------------------------------------------------ */

/* KP1600_FEATURE_* bits the running CPU has (0 on targets without any). */
unsigned keccak_cpu_features(void);

/* Non-zero if the running CPU can execute kernel k. */
int keccak_kernel_supported(const kp1600_kernel *k);

/* The best kernel of kp1600_kernels[] this CPU supports; never NULL. */
const kp1600_kernel *keccak_best_kernel(void);

/* --- incremental API ---------------------------------------------------- */

/* Starts SHA3-* or SHAKE* with the best kernel. TurboSHAKE needs a
 * domain byte: use keccak_init_turboshake (here it gives KECCAK_ERR_DOMAIN). */
int keccak_init(keccak_ctx *ctx, keccak_alg alg);

/* Starts TurboSHAKE128/256 with domain separation byte D, 0x01..0x7F
 * (RFC 9861; 0x1F for plain use), with the best kernel. Other algorithms
 * give KECCAK_ERR_ARG. */
int keccak_init_turboshake(keccak_ctx *ctx, keccak_alg alg, uint8_t domain);

/* Like the two above with an explicit kernel (tests, benchmarks). domain
 * must be 0 for SHA3/SHAKE (their padding is fixed) and 0x01..0x7F for
 * TurboSHAKE. Fails with KECCAK_ERR_KERNEL if this CPU cannot run it. */
int keccak_init_kernel(keccak_ctx *ctx, keccak_alg alg, uint8_t domain,
                       const kp1600_kernel *kernel);

/* Absorbs len bytes (in may be NULL when len is 0). Only before the first
 * final/squeeze. Whole blocks go straight from in to the kernel. */
int keccak_update(keccak_ctx *ctx, const uint8_t *in, size_t len);

/* SHA3 only: writes the digest (keccak_digest_size bytes; out_len must be
 * at least that) and wipes the state. The context is then spent. */
int keccak_final(keccak_ctx *ctx, uint8_t *out, size_t out_len);

/* SHAKE/TurboSHAKE only: writes the next len bytes of output. The first
 * call (even with len 0) ends absorbing; call again for more, with any
 * lengths: the output stream does not depend on how it is split. */
int keccak_squeeze(keccak_ctx *ctx, uint8_t *out, size_t len);

/* Digest size in bytes of a SHA3 context, 0 for an XOF context. */
size_t keccak_digest_size(const keccak_ctx *ctx);

/* Erases the context (state and parameters) in a way the compiler keeps;
 * it must be initialized again before use. */
void keccak_wipe(keccak_ctx *ctx);

/* A short English description of a KECCAK_* return code. */
const char *keccak_strerror(int code);

/* --- one-shot API: best kernel, context wiped before returning ---------- */

int keccak_sha3_224(uint8_t out[28], const uint8_t *in, size_t len);
int keccak_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
int keccak_sha3_384(uint8_t out[48], const uint8_t *in, size_t len);
int keccak_sha3_512(uint8_t out[64], const uint8_t *in, size_t len);
int keccak_shake128(uint8_t *out, size_t out_len, const uint8_t *in, size_t len);
int keccak_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t len);
int keccak_turboshake128(uint8_t *out, size_t out_len, const uint8_t *in, size_t len,
                         uint8_t domain);
int keccak_turboshake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t len,
                         uint8_t domain);

#ifdef __cplusplus
}
#endif

#endif
