/*
 * insncount: a QEMU TCG plugin that counts executed guest instructions
 * between two marker functions, for exact, repeatable benchmark counts on
 * emulated CPUs (QEMU is not cycle accurate; instruction counts are).
 *
 *   qemu-system-arm ... -d plugin -D count.log \
 *       -plugin insncount.so,start=0xADDR,stop=0xADDR
 *   qemu-aarch64 -d plugin -plugin insncount.so,start=0xADDR,stop=0xADDR PROG
 *
 * start/stop are the entry addresses of the firmware's bench_start() and
 * bench_stop() (the Thumb bit is ignored). Each call of bench_stop() after a
 * bench_start() writes one line "insncount: region N: COUNT", N = 0, 1, ...
 * COUNT covers everything executed from bench_start's first instruction up
 * to, not including, bench_stop's first instruction: the measured code plus
 * a fixed marker overhead (bench_start's return and the call of
 * bench_stop), which an empty region measures. At exit one more line gives
 * the total.
 *
 * How: every translation block (TB) gets one execution callback whose user
 * data packs the TB's instruction count and whether it starts at a marker.
 * A call target always starts a TB, and a TB runs to its end unless an
 * exception interrupts it (benchmarked code raises none), so per-TB counting
 * is exact. Instructions skipped by an IT condition still count, as they do
 * on a Cortex-M4.
 *
 * The few plugin API declarations used are written out below (the Debian
 * packages ship no qemu-plugin.h); these functions kept the same signatures
 * from API version 1 (QEMU 4.2) on. QEMU 9 and later refuse version 1:
 * build with -DINSNCOUNT_API_VERSION=2 there (tools/qemu-insncount/build.sh
 * picks it from `qemu-system-arm --version`).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef INSNCOUNT_API_VERSION
#define INSNCOUNT_API_VERSION 1
#endif

/* ---- the subset of QEMU's plugin API this file uses ---- */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS,
    QEMU_PLUGIN_CB_R_REGS,
    QEMU_PLUGIN_CB_RW_REGS,
};
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

#define PLUGIN_EXPORT __attribute__((visibility("default")))
PLUGIN_EXPORT int qemu_plugin_version = INSNCOUNT_API_VERSION;
/* ---- end of the API subset ---- */

/* User data of a TB: instruction count << 2 | marker kind. */
enum { MARK_NONE = 0, MARK_START = 1, MARK_STOP = 2 };

static uint64_t marker[3] = {0, UINT64_MAX, UINT64_MAX}; /* indexed by kind */
/* Counts per vCPU: in user mode (qemu-aarch64 ...) every guest thread is
 * one, so a region counts only the thread that ran the markers, however
 * many threads the program has (a Go program has several). */
#define MAX_VCPUS 256
static struct {
    uint64_t executed; /* guest instructions so far on this vCPU */
    uint64_t region_base;
    int in_region;
} vcpus[MAX_VCPUS];
static unsigned regions;

static void on_tb_exec(unsigned int vcpu, void *udata)
{
    uintptr_t u = (uintptr_t)udata;
    if (vcpu >= MAX_VCPUS)
        vcpu = MAX_VCPUS - 1; /* shared by the surplus, which run no markers */
    /* Markers act before the TB's own instructions are added, so a region
     * starts with bench_start's first instruction and ends just before
     * bench_stop's. */
    if ((u & 3) == MARK_START) {
        vcpus[vcpu].region_base = vcpus[vcpu].executed;
        vcpus[vcpu].in_region = 1;
    } else if ((u & 3) == MARK_STOP && vcpus[vcpu].in_region) {
        char line[80];
        snprintf(line, sizeof line, "insncount: region %u: %" PRIu64 "\n", regions++,
                 vcpus[vcpu].executed - vcpus[vcpu].region_base);
        qemu_plugin_outs(line);
        vcpus[vcpu].in_region = 0;
    }
    vcpus[vcpu].executed += u >> 2;
}

static void on_tb_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    uint64_t pc = qemu_plugin_tb_vaddr(tb);
    uintptr_t kind = pc == marker[MARK_START] ? MARK_START
                     : pc == marker[MARK_STOP] ? MARK_STOP
                                               : MARK_NONE;
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb_exec, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(qemu_plugin_tb_n_insns(tb) << 2 | kind));
}

static void on_plugin_exit(qemu_plugin_id_t id, void *p)
{
    char line[64];
    uint64_t executed = 0;
    (void)id;
    (void)p;
    for (unsigned i = 0; i < MAX_VCPUS; i++)
        executed += vcpus[i].executed;
    snprintf(line, sizeof line, "insncount: total: %" PRIu64 "\n", executed);
    qemu_plugin_outs(line);
}

static int parse_addr(const char *arg, const char *key, uint64_t *out)
{
    size_t n = strlen(key);
    char *end;
    if (strncmp(arg, key, n) != 0 || arg[n] != '=')
        return 0;
    *out = strtoull(arg + n + 1, &end, 0) & ~(uint64_t)1; /* drop the Thumb bit */
    if (*end != '\0' || end == arg + n + 1) {
        fprintf(stderr, "insncount: bad address in %s\n", arg);
        exit(2);
    }
    return 1;
}

PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                      char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (!parse_addr(argv[i], "start", &marker[MARK_START]) &&
            !parse_addr(argv[i], "stop", &marker[MARK_STOP])) {
            fprintf(stderr, "insncount: unknown option %s (want start=ADDR,stop=ADDR)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_translate);
    qemu_plugin_register_atexit_cb(id, on_plugin_exit, NULL);
    return 0;
}
