/*
 * Error paths and API contracts of keccak.h that known answers do not
 * reach: bad domain bytes, calls in the wrong phase or mode, NULL
 * arguments, unsupported kernels, alignment, cloning. Each numbered case
 * is one pass/fail. Bare-metal safe like api_checks.c.
 */
#include <stdio.h>
#include <string.h>

#include "api_vectors.h"

typedef struct err_run {
    const kp1600_kernel *k;
    api_tally *t;
    const char *name; /* current case */
    int ok;
} err_run;

static void expect_code(err_run *e, const char *what, int got, int want)
{
    if (got == want || !e->ok)
        return;
    char line[200];
    snprintf(line, sizeof line, "FAIL errors kernel=%s %s: %s returned %d, want %d",
             e->k->name, e->name, what, got, want);
    api_print(line);
    e->ok = 0;
}

static void expect_true(err_run *e, const char *what, int cond)
{
    if (cond || !e->ok)
        return;
    char line[200];
    snprintf(line, sizeof line, "FAIL errors kernel=%s %s: %s", e->k->name, e->name, what);
    api_print(line);
    e->ok = 0;
}

static void begin(err_run *e, const char *name)
{
    e->name = name;
    e->ok = 1;
}

static void end(err_run *e)
{
    if (e->ok)
        e->t->passed++;
    else
        e->t->failed++;
}

static const uint8_t msg[300] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}; /* rest zero */

/* TurboSHAKE domain bytes outside 0x01..0x7F, and any D for SHA3/SHAKE. */
static void check_domains(err_run *e)
{
    static const uint8_t bad[] = {0x00, 0x80, 0x81, 0xFF};
    static const keccak_alg ts[] = {KECCAK_TURBOSHAKE128, KECCAK_TURBOSHAKE256};
    keccak_ctx c;
    uint8_t out[16];

    begin(e, "bad-turboshake-domain");
    for (unsigned a = 0; a < 2; a++) {
        for (unsigned i = 0; i < sizeof bad; i++) {
            expect_code(e, "init_kernel", keccak_init_kernel(&c, ts[a], bad[i], e->k),
                        KECCAK_ERR_DOMAIN);
            /* The failed init leaves a context every call refuses. */
            expect_code(e, "update after failed init", keccak_update(&c, msg, 1),
                        KECCAK_ERR_PHASE);
            expect_code(e, "squeeze after failed init", keccak_squeeze(&c, out, 1),
                        KECCAK_ERR_PHASE);
            expect_code(e, "init_turboshake", keccak_init_turboshake(&c, ts[a], bad[i]),
                        KECCAK_ERR_DOMAIN);
        }
    }
    end(e);

    begin(e, "bad-domain-one-shot-leaves-output");
    for (unsigned i = 0; i < sizeof bad; i++) {
        memset(out, 0xA5, sizeof out);
        expect_code(e, "turboshake128", keccak_turboshake128(out, sizeof out, msg, 3, bad[i]),
                    KECCAK_ERR_DOMAIN);
        expect_code(e, "turboshake256", keccak_turboshake256(out, sizeof out, msg, 3, bad[i]),
                    KECCAK_ERR_DOMAIN);
        for (unsigned j = 0; j < sizeof out; j++)
            expect_true(e, "output written despite the error", out[j] == 0xA5);
    }
    end(e);

    begin(e, "domain-range-ends-accepted");
    expect_code(e, "D=0x01", keccak_init_kernel(&c, KECCAK_TURBOSHAKE128, 0x01, e->k), KECCAK_OK);
    expect_code(e, "D=0x7F", keccak_init_kernel(&c, KECCAK_TURBOSHAKE256, 0x7F, e->k), KECCAK_OK);
    expect_code(e, "squeeze", keccak_squeeze(&c, out, sizeof out), KECCAK_OK);
    end(e);

    begin(e, "domain-given-for-sha3-shake");
    expect_code(e, "SHA3-256 D=0x06", keccak_init_kernel(&c, KECCAK_SHA3_256, 0x06, e->k),
                KECCAK_ERR_DOMAIN);
    expect_code(e, "SHAKE128 D=0x1F", keccak_init_kernel(&c, KECCAK_SHAKE128, 0x1F, e->k),
                KECCAK_ERR_DOMAIN);
    expect_code(e, "keccak_init TurboSHAKE (no D)", keccak_init(&c, KECCAK_TURBOSHAKE128),
                KECCAK_ERR_DOMAIN);
    expect_code(e, "init_turboshake SHA3", keccak_init_turboshake(&c, KECCAK_SHA3_256, 0x1F),
                KECCAK_ERR_ARG);
    expect_code(e, "update after refused init", keccak_update(&c, msg, 1), KECCAK_ERR_PHASE);
    end(e);
}

/* Update after squeeze is refused and leaves the output stream intact;
 * so does a refused update after a zero-length first squeeze. */
static void check_phases_xof(err_run *e)
{
    keccak_ctx c, ref;
    uint8_t want[400], got[400];

    begin(e, "update-after-squeeze");
    expect_code(e, "init", keccak_init_kernel(&ref, KECCAK_SHAKE256, 0, e->k), KECCAK_OK);
    expect_code(e, "update", keccak_update(&ref, msg, sizeof msg), KECCAK_OK);
    expect_code(e, "squeeze", keccak_squeeze(&ref, want, sizeof want), KECCAK_OK);

    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_SHAKE256, 0, e->k), KECCAK_OK);
    expect_code(e, "update", keccak_update(&c, msg, sizeof msg), KECCAK_OK);
    expect_code(e, "squeeze", keccak_squeeze(&c, got, 150), KECCAK_OK);
    expect_code(e, "update after squeeze", keccak_update(&c, msg, 5), KECCAK_ERR_PHASE);
    expect_code(e, "empty update after squeeze", keccak_update(&c, NULL, 0), KECCAK_ERR_PHASE);
    expect_code(e, "squeeze", keccak_squeeze(&c, got + 150, sizeof got - 150), KECCAK_OK);
    expect_true(e, "output changed by the refused update", memcmp(got, want, sizeof got) == 0);
    end(e);

    begin(e, "zero-length-squeeze-ends-absorbing");
    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_SHAKE256, 0, e->k), KECCAK_OK);
    expect_code(e, "update", keccak_update(&c, msg, sizeof msg), KECCAK_OK);
    expect_code(e, "squeeze 0", keccak_squeeze(&c, NULL, 0), KECCAK_OK);
    expect_code(e, "update", keccak_update(&c, msg, 1), KECCAK_ERR_PHASE);
    expect_code(e, "squeeze", keccak_squeeze(&c, got, sizeof got), KECCAK_OK);
    expect_true(e, "output differs", memcmp(got, want, sizeof got) == 0);
    end(e);

    begin(e, "final-on-xof");
    uint8_t d[64];
    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_TURBOSHAKE128, 0x1F, e->k), KECCAK_OK);
    expect_code(e, "final before squeeze", keccak_final(&c, d, sizeof d), KECCAK_ERR_MODE);
    expect_code(e, "update still allowed", keccak_update(&c, msg, 3), KECCAK_OK);
    expect_code(e, "squeeze", keccak_squeeze(&c, d, sizeof d), KECCAK_OK);
    expect_code(e, "final after squeeze", keccak_final(&c, d, sizeof d), KECCAK_ERR_MODE);
    expect_code(e, "digest size", (int)keccak_digest_size(&c), 0);
    end(e);

    begin(e, "null-output");
    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_SHAKE128, 0, e->k), KECCAK_OK);
    expect_code(e, "squeeze NULL", keccak_squeeze(&c, NULL, 1), KECCAK_ERR_ARG);
    /* The refused squeeze must not have ended absorbing. */
    expect_code(e, "update", keccak_update(&c, msg, 1), KECCAK_OK);
    expect_code(e, "update NULL", keccak_update(&c, NULL, 1), KECCAK_ERR_ARG);
    expect_code(e, "squeeze", keccak_squeeze(&c, got, 32), KECCAK_OK);
    uint8_t one[32];
    expect_code(e, "one-shot", keccak_shake128(one, sizeof one, msg, 1), KECCAK_OK);
    expect_true(e, "refused calls changed the state", memcmp(got, one, sizeof one) == 0);
    end(e);
}

/* SHA3: final's rules, and final leaves a spent context. */
static void check_phases_sha3(err_run *e)
{
    keccak_ctx c;
    uint8_t d[64], want[64];

    begin(e, "sha3-final-rules");
    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_SHA3_256, 0, e->k), KECCAK_OK);
    expect_code(e, "digest size", (int)keccak_digest_size(&c), 32);
    expect_code(e, "update", keccak_update(&c, msg, 200), KECCAK_OK);
    expect_code(e, "squeeze on SHA3", keccak_squeeze(&c, d, 32), KECCAK_ERR_MODE);
    expect_code(e, "final short buffer", keccak_final(&c, d, 31), KECCAK_ERR_LENGTH);
    expect_code(e, "final NULL", keccak_final(&c, NULL, 32), KECCAK_ERR_ARG);
    /* None of the refused calls may have touched the context. */
    expect_code(e, "update", keccak_update(&c, msg + 200, 100), KECCAK_OK);
    memset(d, 0xEE, sizeof d);
    expect_code(e, "final, roomy buffer", keccak_final(&c, d, sizeof d), KECCAK_OK);
    expect_code(e, "one-shot", keccak_sha3_256(want, msg, sizeof msg), KECCAK_OK);
    expect_true(e, "digest differs from one-shot", memcmp(d, want, 32) == 0);
    expect_true(e, "final wrote past the digest", d[32] == 0xEE && d[63] == 0xEE);
    expect_code(e, "second final", keccak_final(&c, d, sizeof d), KECCAK_ERR_PHASE);
    expect_code(e, "update after final", keccak_update(&c, msg, 1), KECCAK_ERR_PHASE);
    end(e);
}

static void check_misc(err_run *e)
{
    keccak_ctx c;
    uint8_t out[32];

    begin(e, "null-and-unknown-arguments");
    expect_code(e, "init NULL ctx", keccak_init_kernel(NULL, KECCAK_SHA3_256, 0, e->k),
                KECCAK_ERR_ARG);
    expect_code(e, "init NULL kernel", keccak_init_kernel(&c, KECCAK_SHA3_256, 0, NULL),
                KECCAK_ERR_ARG);
    expect_code(e, "init unknown alg", keccak_init_kernel(&c, (keccak_alg)99, 0, e->k),
                KECCAK_ERR_ARG);
    expect_code(e, "update NULL ctx", keccak_update(NULL, msg, 1), KECCAK_ERR_ARG);
    expect_code(e, "squeeze NULL ctx", keccak_squeeze(NULL, out, 1), KECCAK_ERR_ARG);
    expect_code(e, "final NULL ctx", keccak_final(NULL, out, 32), KECCAK_ERR_ARG);
    expect_code(e, "one-shot NULL input", keccak_sha3_256(out, NULL, 1), KECCAK_ERR_ARG);
    expect_code(e, "one-shot NULL empty input", keccak_sha3_256(out, NULL, 0), KECCAK_OK);
    keccak_wipe(NULL);
    end(e);

    begin(e, "wiped-context-refused");
    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_SHAKE128, 0, e->k), KECCAK_OK);
    expect_code(e, "update", keccak_update(&c, msg, 10), KECCAK_OK);
    keccak_wipe(&c);
    expect_code(e, "update", keccak_update(&c, msg, 1), KECCAK_ERR_PHASE);
    expect_code(e, "squeeze", keccak_squeeze(&c, out, 1), KECCAK_ERR_PHASE);
    expect_code(e, "final", keccak_final(&c, out, 32), KECCAK_ERR_PHASE);
    const uint8_t *raw = (const uint8_t *)c.state;
    for (unsigned i = 0; i < KP1600_STATE_BYTES; i++)
        expect_true(e, "state not zeroed", raw[i] == 0);
    end(e);

    begin(e, "unsupported-kernel-refused");
    /* A kernel that claims a feature bit no CPU reports. */
    kp1600_kernel fake = *e->k;
    fake.name = "needs-bit-31";
    fake.features = 1u << 31;
    expect_true(e, "keccak_kernel_supported", !keccak_kernel_supported(&fake));
    expect_code(e, "init", keccak_init_kernel(&c, KECCAK_SHA3_256, 0, &fake), KECCAK_ERR_KERNEL);
    expect_code(e, "update", keccak_update(&c, msg, 1), KECCAK_ERR_PHASE);
    end(e);

    begin(e, "alignment");
    keccak_ctx many[3];
    expect_true(e, "stack ctx", ((uintptr_t)c.state % KP1600_ALIGN) == 0);
    for (unsigned i = 0; i < 3; i++)
        expect_true(e, "array ctx", ((uintptr_t)many[i].state % KP1600_ALIGN) == 0);
    expect_true(e, "state size", sizeof c.state == KP1600_STATE_BYTES);
    end(e);

    begin(e, "clone-is-independent");
    keccak_ctx a, b;
    uint8_t x[64], y[64], z[64];
    expect_code(e, "init", keccak_init_kernel(&a, KECCAK_TURBOSHAKE256, 0x0B, e->k), KECCAK_OK);
    expect_code(e, "update", keccak_update(&a, msg, 100), KECCAK_OK);
    b = a;
    expect_code(e, "update a", keccak_update(&a, msg, 1), KECCAK_OK);
    expect_code(e, "squeeze a", keccak_squeeze(&a, x, sizeof x), KECCAK_OK);
    expect_code(e, "squeeze b", keccak_squeeze(&b, y, sizeof y), KECCAK_OK);
    expect_code(e, "one-shot", keccak_turboshake256(z, sizeof z, msg, 100, 0x0B), KECCAK_OK);
    expect_true(e, "clone follows the original", memcmp(y, z, sizeof z) == 0);
    expect_true(e, "original follows the clone", memcmp(x, y, sizeof y) != 0);
    end(e);

    begin(e, "strerror");
    static const int codes[] = {KECCAK_OK, KECCAK_ERR_ARG, KECCAK_ERR_DOMAIN, KECCAK_ERR_PHASE,
                                KECCAK_ERR_MODE, KECCAK_ERR_LENGTH, KECCAK_ERR_KERNEL};
    const char *unknown = keccak_strerror(12345);
    for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *s = keccak_strerror(codes[i]);
        expect_true(e, "empty message", s != NULL && s[0] != 0);
        expect_true(e, "code without its own message", s != unknown);
        for (unsigned j = 0; j < i; j++)
            expect_true(e, "two codes share a message", s != keccak_strerror(codes[j]));
    }
    end(e);

    begin(e, "best-kernel");
    const kp1600_kernel *best = keccak_best_kernel();
    expect_true(e, "best kernel not supported", keccak_kernel_supported(best));
    expect_true(e, "kernels[0] needs features", kp1600_kernels[0]->features == 0);
    for (unsigned i = kp1600_kernel_count; i-- > 0;) {
        if (keccak_kernel_supported(kp1600_kernels[i])) {
            expect_true(e, "best is not the last supported kernel", kp1600_kernels[i] == best);
            break;
        }
    }
    end(e);
}

void api_check_errors(const kp1600_kernel *k, api_tally *t)
{
    err_run e = {k, t, "", 1};
    check_domains(&e);
    check_phases_xof(&e);
    check_phases_sha3(&e);
    check_misc(&e);
}
