/*
 * Test firmware (make test-m4), run on QEMU's emulated Cortex-M4:
 *   1. Keccak-p[1600] known answers, 12 and 24 rounds, on every kernel;
 *   2. every kernel against the portable one: each round count 1..24 on
 *      pseudo-random states, add/extract at every offset and length,
 *      fast_loop_absorb against add_bytes + permute;
 *   3. the C API's SHA3/SHAKE/TurboSHAKE vectors through ctest/api_checks.c,
 *      fed from the generated header (no filesystem here).
 * Output goes through semihosting; main's return value is QEMU's exit
 * status: 0 only if every check passed.
 */
#include <string.h>

#include "api_vectors.h"
#include "api_vectors_data.h"
#include "kp_vectors.h"
#include "semihost.h"

/* Messages up to this long are generated whole; longer pattern messages
 * (RFC 9861's ptn(17^k)) are fed in pieces of this size. */
#define MSG_CAP (64 * 1024)
#define OUT_CAP (16 * 1024)
/* Vectors with longer messages are skipped (counted as such); 0: none. */
#ifndef MAX_MSG_LEN
#define MAX_MSG_LEN 0
#endif

static unsigned long passed, failed;

static void check(int ok, const char *what, const char *kernel, unsigned n)
{
    if (ok) {
        passed++;
        return;
    }
    if (failed++ < 20) {
        sh_write("FAIL: ");
        sh_write(what);
        sh_write(" kernel=");
        sh_write(kernel);
        sh_write(" n=");
        sh_write_u32(n);
        sh_write("\n");
    }
}

void api_print(const char *line)
{
    sh_write(line);
    sh_write("\n");
}

/* xorshift32: reproducible test data. */
static uint32_t rng = 0x2545F491u;

static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        p[i] = (uint8_t)(rng >> 24);
    }
}

typedef struct {
    _Alignas(KP1600_ALIGN) uint8_t s[KP1600_STATE_BYTES];
} kstate;

static void known_answers(const kp1600_kernel *k)
{
    for (size_t i = 0; i < sizeof kp_vectors / sizeof kp_vectors[0]; i++) {
        const struct kp_vector *v = &kp_vectors[i];
        kstate st;
        uint8_t out[200];
        k->initialize(st.s);
        k->add_bytes(st.s, v->input, 0, 200);
        k->permute(st.s, v->rounds);
        k->extract_bytes(st.s, out, 0, 200);
        check(memcmp(out, v->expected, 200) == 0, v->src, k->name, v->rounds);
    }
}

/* k against the portable kernel p, from the same random state. */
static void against_portable(const kp1600_kernel *k, const kp1600_kernel *p)
{
    uint8_t in[200], a[200], b[200];
    kstate sk, sp;
    for (unsigned nr = 1; nr <= 24; nr++) {
        fill(in, sizeof in);
        k->initialize(sk.s);
        p->initialize(sp.s);
        k->add_bytes(sk.s, in, 0, 200);
        p->add_bytes(sp.s, in, 0, 200);
        k->permute(sk.s, nr);
        p->permute(sp.s, nr);
        k->extract_bytes(sk.s, a, 0, 200);
        p->extract_bytes(sp.s, b, 0, 200);
        check(memcmp(a, b, 200) == 0, "permute vs portable", k->name, nr);
    }
    /* Every offset and length: add, permute once, extract the same range
     * and the whole state. */
    for (unsigned off = 0; off < 200; off += 1) {
        for (unsigned len = 0; off + len <= 200; len += (len < 17 ? 1 : 23)) {
            fill(in, len);
            k->initialize(sk.s);
            p->initialize(sp.s);
            k->add_bytes(sk.s, in, off, len);
            p->add_bytes(sp.s, in, off, len);
            k->extract_bytes(sk.s, a, off, len);
            check(memcmp(a, in, len) == 0, "add then extract", k->name, off * 1000 + len);
            k->permute(sk.s, 12);
            p->permute(sp.s, 12);
            k->extract_bytes(sk.s, a, off, len);
            p->extract_bytes(sp.s, b, off, len);
            check(memcmp(a, b, len) == 0, "extract range vs portable", k->name, off * 1000 + len);
        }
    }
    /* fast_loop_absorb against add_bytes + permute, unaligned input. */
    static uint8_t msg[1 + 3 * 200 + 5];
    fill(msg, sizeof msg);
    for (unsigned lanes = 1; lanes <= 25; lanes++) {
        size_t block = 8 * lanes, len = 3 * block + 5; /* three blocks and a rest */
        k->initialize(sk.s);
        p->initialize(sp.s);
        size_t used = k->fast_loop_absorb(sk.s, lanes, msg + 1, len, 24);
        size_t done = 0;
        for (; len - done >= block; done += block) {
            p->add_bytes(sp.s, msg + 1 + done, 0, (unsigned)block);
            p->permute(sp.s, 24);
        }
        k->extract_bytes(sk.s, a, 0, 200);
        p->extract_bytes(sp.s, b, 0, 200);
        check(used == done && memcmp(a, b, 200) == 0, "fast_loop_absorb", k->name, lanes);
    }
}

static uint8_t msg_buf[MSG_CAP + 1], out_buf[OUT_CAP + 1], ref_buf[OUT_CAP + 1];

int main(void)
{
    sh_write("test-m4: kernels:");
    for (unsigned i = 0; i < kp1600_kernel_count; i++) {
        sh_write(" ");
        sh_write(kp1600_kernels[i]->name);
    }
    sh_write("; best: ");
    sh_write(keccak_best_kernel()->name);
    sh_write("\n");

    for (unsigned i = 0; i < kp1600_kernel_count; i++) {
        known_answers(kp1600_kernels[i]);
        if (i > 0)
            against_portable(kp1600_kernels[i], kp1600_kernels[0]);
    }
    sh_write("kernel checks: ");
    sh_write_u32(passed);
    sh_write(" passed, ");
    sh_write_u32(failed);
    sh_write(" failed\n");

    api_buffers buf = {
        .msg = msg_buf,
        .msg_cap = MSG_CAP,
        .out = out_buf,
        .ref = ref_buf,
        .out_cap = OUT_CAP,
        .max_msg_len = MAX_MSG_LEN,
    };
    for (size_t i = 0; i < API_EMBEDDED_VECTOR_COUNT; i++) {
        if (api_embedded_vectors[i].out_len > OUT_CAP) {
            sh_write("FAIL: output buffer too small for a vector\n");
            return 1;
        }
    }
    api_tally t = {0, 0, 0};
    api_run_suite(api_embedded_vectors, API_EMBEDDED_VECTOR_COUNT, &buf, &t);
    sh_write("api checks: ");
    sh_write_u32(t.passed);
    sh_write(" passed, ");
    sh_write_u32(t.failed);
    sh_write(" failed, ");
    sh_write_u32(t.skipped);
    sh_write(" skipped (one-shots of messages longer than the buffer, or vectors over MAX_MSG_LEN)\n");

    int bad = failed != 0 || t.failed != 0 || t.passed == 0 || passed == 0;
    sh_write(bad ? "test-m4: FAILED\n" : "test-m4: all passed\n");
    return bad;
}
