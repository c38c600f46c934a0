/*
 * Time per call of every runnable kernel in kp1600_kernels: permute and
 * permute4 and permute8 at 24 and 12 rounds, fast_loop_absorb (rate 168,
 * 12 rounds), k12_leaves4 and k12_leaves8. Each figure is the median over many timed batches
 * (clock_gettime, CLOCK_MONOTONIC).
 *
 * For instruction counts, callgrind-kernels in mk/kernels.mk runs each
 * entry point under callgrind via --run (see main).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel.h"
#include "keccak.h" /* keccak_kernel_supported */

#define KB_RUNS 101

static _Alignas(KP1600_ALIGN) uint8_t st1[KP1600_STATE_BYTES];
static _Alignas(KP1600_ALIGN) uint8_t st4[KP1600_STATE4_BYTES];
static _Alignas(KP1600_ALIGN8) uint8_t st8[KP1600_STATE8_BYTES];
static uint8_t msg[8 * KP1600_K12_CHUNK];
static uint8_t cvs[8 * 64];

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum op { OP_PERMUTE, OP_PERMUTE4, OP_PERMUTE8, OP_ABSORB, OP_K12, OP_K12_8 };

static void run(const kp1600_kernel *k, enum op op, unsigned nr, unsigned calls)
{
    switch (op) {
    case OP_PERMUTE:
        for (unsigned i = 0; i < calls; i++)
            k->permute(st1, nr);
        break;
    case OP_PERMUTE4:
        for (unsigned i = 0; i < calls; i++)
            k->permute4(st4, nr);
        break;
    case OP_PERMUTE8:
        for (unsigned i = 0; i < calls; i++)
            k->permute8(st8, nr);
        break;
    case OP_ABSORB:
        /* 8 blocks of 168 bytes per call. */
        for (unsigned i = 0; i < calls; i++)
            k->fast_loop_absorb(st1, 21, msg, 8 * 168, nr);
        break;
    case OP_K12:
        for (unsigned i = 0; i < calls; i++)
            k->k12_leaves4(msg, cvs, 168, 32);
        break;
    case OP_K12_8:
        for (unsigned i = 0; i < calls; i++)
            k->k12_leaves8(msg, cvs, 168, 32);
        break;
    }
}

/*
 * Median ns per call over KB_RUNS batches of `calls` calls; *fastest gets
 * the fastest batch, which other processes on a shared machine disturb
 * least.
 */
static double bench(const kp1600_kernel *k, enum op op, unsigned nr, unsigned calls,
                    double *fastest)
{
    double t[KB_RUNS];
    run(k, op, nr, calls); /* warm up */
    for (int r = 0; r < KB_RUNS; r++) {
        double t0 = now_ns();
        run(k, op, nr, calls);
        t[r] = (now_ns() - t0) / calls;
    }
    qsort(t, KB_RUNS, sizeof t[0], cmp_double);
    *fastest = t[0];
    return t[KB_RUNS / 2];
}

static const struct {
    enum op op;
    unsigned nr;
    const char *what;
    double perms; /* permutations per call */
} ops[] = {
    {OP_PERMUTE, 24, "permute 24 rounds", 1},
    {OP_PERMUTE, 12, "permute 12 rounds", 1},
    {OP_ABSORB, 12, "absorb 8x168 B 12 rounds", 8},
    {OP_PERMUTE4, 24, "permute4 24 rounds", 4},
    {OP_PERMUTE4, 12, "permute4 12 rounds", 4},
    {OP_K12, 12, "k12_leaves4 4x8 KiB", 4 * 49},
    {OP_PERMUTE8, 24, "permute8 24 rounds", 8},
    {OP_PERMUTE8, 12, "permute8 12 rounds", 8},
    {OP_K12_8, 12, "k12_leaves8 8x8 KiB", 8 * 49},
};
#define NOPS (sizeof ops / sizeof ops[0])

static int runnable(const kp1600_kernel *k, size_t j)
{
    return keccak_kernel_supported(k) && !(ops[j].op == OP_PERMUTE4 && !k->permute4) &&
           !(ops[j].op == OP_K12 && !k->k12_leaves4) &&
           !(ops[j].op == OP_PERMUTE8 && !k->permute8) &&
           !(ops[j].op == OP_K12_8 && !k->k12_leaves8);
}

static void setup(const kp1600_kernel *k)
{
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    k->initialize(st1);
    if (k->initialize4)
        k->initialize4(st4);
    if (k->initialize8)
        k->initialize8(st8);
}

/*
 *   kernels_bench                  timing table
 *   kernels_bench --list           "kernel op perms name: what" per runnable pair
 *   kernels_bench --run K OP CALLS run one pair CALLS times (for callgrind,
 *                                  which then counts instructions per call)
 */
int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (unsigned i = 0; i < kp1600_kernel_count; i++)
            for (size_t j = 0; j < NOPS; j++)
                if (runnable(kp1600_kernels[i], j))
                    printf("%u %zu %g %s: %s\n", i, j, ops[j].perms, kp1600_kernels[i]->name,
                           ops[j].what);
        return 0;
    }
    if (argc == 5 && !strcmp(argv[1], "--run")) {
        unsigned i = (unsigned)atoi(argv[2]), j = (unsigned)atoi(argv[3]);
        if (i >= kp1600_kernel_count || j >= NOPS || !runnable(kp1600_kernels[i], j))
            return 2;
        setup(kp1600_kernels[i]);
        run(kp1600_kernels[i], ops[j].op, ops[j].nr, (unsigned)atoi(argv[4]));
        return 0;
    }
    printf("%-10s %-26s %12s %12s %12s\n", "kernel", "operation", "median ns", "median/perm",
           "fastest/perm");
    for (unsigned i = 0; i < kp1600_kernel_count; i++) {
        const kp1600_kernel *k = kp1600_kernels[i];
        if (!keccak_kernel_supported(k)) {
            printf("%-10s skipped: CPU lacks its features\n", k->name);
            continue;
        }
        setup(k);
        for (size_t j = 0; j < NOPS; j++) {
            if (!runnable(k, j))
                continue;
            unsigned calls = ops[j].op == OP_K12 || ops[j].op == OP_K12_8 ? 20 : ops[j].op == OP_ABSORB ? 100 : 400;
            double fastest, ns = bench(k, ops[j].op, ops[j].nr, calls, &fastest);
            printf("%-10s %-26s %12.1f %12.1f %12.1f\n", k->name, ops[j].what, ns,
                   ns / ops[j].perms, fastest / ops[j].perms);
        }
    }
    return 0;
}
