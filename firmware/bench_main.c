/*
 * Bench firmware (make bench-m4): each case runs once between
 * bench_start() and bench_stop(); tools/qemu-insncount counts the
 * instructions executed in between. The kernel is picked by name at build
 * time (-DBENCH_KERNEL="armv7m" or "portable") so both builds run the same
 * C code around it.
 *
 * The cases are the hashing calls ML-KEM makes (FIPS 203: G = SHA3-512,
 * H = SHA3-256, PRF and J = SHAKE256, XOF = SHAKE128) plus the bare
 * permutation. SHA3/SHAKE one-shots are what keccak.h's one-shot functions
 * do: init, update, final or squeeze, wipe.
 */
#include <string.h>

#include "bench_markers.h"
#include "keccak.h"
#include "semihost.h"

#ifndef BENCH_KERNEL
#define BENCH_KERNEL "armv7m"
#endif

static const kp1600_kernel *kernel;
static uint8_t in[1600];
static uint8_t out[3 * 168];
static keccak_ctx xof;
static _Alignas(KP1600_ALIGN) uint8_t state[KP1600_STATE_BYTES];

static void oneshot(keccak_alg alg, size_t in_len, size_t out_len)
{
    keccak_ctx c;
    keccak_init_kernel(&c, alg, 0, kernel);
    keccak_update(&c, in, in_len);
    if (keccak_digest_size(&c) != 0)
        keccak_final(&c, out, out_len);
    else
        keccak_squeeze(&c, out, out_len);
    keccak_wipe(&c);
}

/* Prints the case name (outside the region), then measures stmt. */
#define MEASURE(name, stmt)                                                    \
    do {                                                                       \
        sh_write("bench: " name "\n");                                         \
        bench_start();                                                         \
        stmt;                                                                  \
        bench_stop();                                                          \
    } while (0)

int main(void)
{
    for (unsigned i = 0; i < kp1600_kernel_count; i++)
        if (strcmp(kp1600_kernels[i]->name, BENCH_KERNEL) == 0)
            kernel = kp1600_kernels[i];
    if (kernel == NULL) {
        sh_write("bench: no kernel named " BENCH_KERNEL "\n");
        return 1;
    }
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 7 + 1);
    kernel->initialize(state);

    MEASURE("(empty)", (void)0);
    MEASURE("keccakf1600", kernel->permute(state, 24));
    MEASURE("keccakp1600_12", kernel->permute(state, 12));
    MEASURE("sha3_512_g_32", oneshot(KECCAK_SHA3_512, 32, 64));
    MEASURE("sha3_512_g_64", oneshot(KECCAK_SHA3_512, 64, 64));
    MEASURE("sha3_256_h_32", oneshot(KECCAK_SHA3_256, 32, 32));
    MEASURE("sha3_256_h_800", oneshot(KECCAK_SHA3_256, 800, 32));
    MEASURE("sha3_256_h_1184", oneshot(KECCAK_SHA3_256, 1184, 32));
    MEASURE("sha3_256_h_1568", oneshot(KECCAK_SHA3_256, 1568, 32));
    MEASURE("sha3_256_h_768", oneshot(KECCAK_SHA3_256, 768, 32));
    MEASURE("sha3_256_h_1088", oneshot(KECCAK_SHA3_256, 1088, 32));
    MEASURE("shake256_prf_33_128", oneshot(KECCAK_SHAKE256, 33, 128));
    MEASURE("shake256_prf_33_192", oneshot(KECCAK_SHAKE256, 33, 192));
    MEASURE("shake256_j_800", oneshot(KECCAK_SHAKE256, 800, 32));
    MEASURE("shake256_j_1120", oneshot(KECCAK_SHAKE256, 1120, 32));
    MEASURE("shake256_j_1600", oneshot(KECCAK_SHAKE256, 1600, 32));
    /* The XOF the way ML-KEM's matrix expansion drives it. keccak.h permutes
     * when absorbing ends (in the first squeeze call, here with length 0),
     * so absorb_final includes one permutation; the squeeze cases start
     * after one block was read, so each block costs a permutation plus
     * its extraction, like pqm4's shake128_squeezeblocks. */
    MEASURE("shake128_init", keccak_init_kernel(&xof, KECCAK_SHAKE128, 0, kernel));
    MEASURE("shake128_absorb_final_34",
            (keccak_update(&xof, in, 34), keccak_squeeze(&xof, out, 0)));
    keccak_squeeze(&xof, out, 168);
    MEASURE("shake128_squeeze_1", keccak_squeeze(&xof, out, 168));
    MEASURE("shake128_squeeze_3", keccak_squeeze(&xof, out, 3 * 168));

    sh_write("all cases run, kernel " BENCH_KERNEL "\n");
    return 0;
}
