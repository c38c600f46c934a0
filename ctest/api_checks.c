/*
 * The known-answer and split-pattern checks of the keccak.h API (see
 * api_vectors.h for how they are fed). Portable to bare metal: no heap, no
 * files, no global state; output only through api_print().
 */
#include <stdio.h> /* snprintf */
#include <string.h>

#include "api_vectors.h"

/* Messages longer than this skip the one-byte-per-update pattern: it would
 * cost one call per byte of a 24 MB message, and every block position is
 * already covered by the shorter messages. */
#define API_BYTEWISE_MAX_MSG 65536

/* Failures printed in full; later ones are only counted. */
#define API_MAX_PRINTED_FAILURES 40

/* --- what the test knows about each algorithm (independently of csrc) --- */

static const char *alg_name(keccak_alg a)
{
    switch (a) {
    case KECCAK_SHA3_224: return "SHA3-224";
    case KECCAK_SHA3_256: return "SHA3-256";
    case KECCAK_SHA3_384: return "SHA3-384";
    case KECCAK_SHA3_512: return "SHA3-512";
    case KECCAK_SHAKE128: return "SHAKE128";
    case KECCAK_SHAKE256: return "SHAKE256";
    case KECCAK_TURBOSHAKE128: return "TurboSHAKE128";
    case KECCAK_TURBOSHAKE256: return "TurboSHAKE256";
    }
    return "?";
}

static unsigned rate_of(keccak_alg a)
{
    switch (a) {
    case KECCAK_SHA3_224: return 144;
    case KECCAK_SHA3_256: return 136;
    case KECCAK_SHA3_384: return 104;
    case KECCAK_SHA3_512: return 72;
    case KECCAK_SHAKE128: return 168;
    case KECCAK_TURBOSHAKE128: return 168;
    case KECCAK_SHAKE256: return 136;
    case KECCAK_TURBOSHAKE256: return 136;
    }
    return 0;
}

static size_t digest_of(keccak_alg a)
{
    switch (a) {
    case KECCAK_SHA3_224: return 28;
    case KECCAK_SHA3_256: return 32;
    case KECCAK_SHA3_384: return 48;
    case KECCAK_SHA3_512: return 64;
    default: return 0;
    }
}

/* --- reporting --- */

static void report(api_tally *t, int ok, const api_vector *v, const kp1600_kernel *k,
                   const char *path, const char *why)
{
    if (ok) {
        t->passed++;
        return;
    }
    t->failed++;
    if (t->failed > API_MAX_PRINTED_FAILURES) {
        if (t->failed == API_MAX_PRINTED_FAILURES + 1)
            api_print("(further failures are counted, not shown)");
        return;
    }
    char line[256];
    snprintf(line, sizeof line, "FAIL %s %s kernel=%s %s: %s", v ? v->src : "-",
             v ? alg_name(v->alg) : "-", k ? k->name : "-", path, why);
    api_print(line);
}

/* Compares got with want; on mismatch writes where into why. */
static int same(const uint8_t *got, const uint8_t *want, size_t n, char *why, size_t why_len)
{
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            snprintf(why, why_len, "byte %lu is %02x, want %02x", (unsigned long)i, got[i],
                     want[i]);
            return 0;
        }
    }
    return 1;
}

/* --- the message: stored bytes, or generated from its pattern --- */

typedef struct msg_src {
    const api_vector *v;
    const uint8_t *whole; /* the message in one piece, when one_piece */
    int one_piece;
    uint8_t *scratch;
    size_t cap;
} msg_src;

static void gen_bytes(const api_vector *v, size_t off, uint8_t *dst, size_t n)
{
    switch (v->msg_kind) {
    case API_MSG_PTN: {
        unsigned b = (unsigned)(off % 251);
        for (size_t i = 0; i < n; i++) {
            dst[i] = (uint8_t)b;
            b = b == 250 ? 0 : b + 1;
        }
        break;
    }
    case API_MSG_REPEAT:
        memset(dst, v->msg_byte, n);
        break;
    default:
        memcpy(dst, v->msg + off, n);
        break;
    }
}

/* Returns 0 if the message cannot be produced at all (no scratch memory)
 * or is beyond the driver's max_msg_len. */
static int msg_open(msg_src *s, const api_vector *v, const api_buffers *b)
{
    if (b->max_msg_len != 0 && v->msg_len > b->max_msg_len)
        return 0;
    s->v = v;
    s->scratch = b->msg;
    s->cap = b->msg_cap;
    s->one_piece = 1;
    if (v->msg_kind == API_MSG_BYTES || v->msg_len == 0) {
        s->whole = v->msg;
    } else if (v->msg_len <= b->msg_cap) {
        gen_bytes(v, 0, b->msg, v->msg_len);
        s->whole = b->msg;
    } else {
        s->whole = NULL;
        s->one_piece = 0;
    }
    return s->one_piece || s->cap != 0;
}

/* Bytes [off, off + *len) of the message. Generated piecewise, a piece is
 * at most the scratch size, so *len may come back smaller. */
static const uint8_t *msg_piece(msg_src *s, size_t off, size_t *len)
{
    if (s->one_piece)
        return s->whole + off;
    if (*len > s->cap)
        *len = s->cap;
    gen_bytes(s->v, off, s->scratch, *len);
    return s->scratch;
}

/* --- split patterns --- */

static uint32_t lcg_next(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return *x >> 8;
}

enum { UP_WHOLE, UP_BYTES, UP_MIXED, UP_RATE_EDGE, UP_RANDOM, UP_COUNT };
static const char *const up_names[UP_COUNT] = {"update=whole", "update=bytes",
                                               "update=mixed", "update=rate-edge",
                                               "update=random"};

/* Length of the i-th update (zero-length updates included on purpose). */
static size_t update_len(int pat, unsigned i, unsigned rate, uint32_t *rng)
{
    static const uint8_t mixed[] = {3, 0, 7, 1, 13, 31, 64, 200};
    switch (pat) {
    case UP_BYTES:
        return 1;
    case UP_MIXED:
        return mixed[i % sizeof mixed];
    case UP_RATE_EDGE: {
        /* Partial blocks that end exactly at, just before and just after a
         * block boundary, and whole blocks arriving mid-block. */
        const size_t s[] = {rate - 1, 1, rate, rate + 1, 2 * (size_t)rate - 1, 3 * (size_t)rate};
        return s[i % (sizeof s / sizeof s[0])];
    }
    case UP_RANDOM:
        return lcg_next(rng) % (3 * rate + 1);
    default:
        return (size_t)-1;
    }
}

static int absorb(keccak_ctx *c, msg_src *s, int pat, unsigned rate)
{
    uint32_t rng = 0x5eed0000u + (uint32_t)pat;
    size_t off = 0;
    for (unsigned i = 0; off < s->v->msg_len; i++) {
        size_t n = update_len(pat, i, rate, &rng);
        if (n > s->v->msg_len - off)
            n = s->v->msg_len - off;
        /* NULL with length 0 is allowed by the API; use it. */
        const uint8_t *p = n != 0 ? msg_piece(s, off, &n) : NULL;
        int r = keccak_update(c, p, n);
        if (r != KECCAK_OK)
            return r;
        off += n;
    }
    return KECCAK_OK;
}

enum { SQ_WHOLE, SQ_BYTES, SQ_RATE_EDGE, SQ_RANDOM, SQ_INTERRUPTED, SQ_COUNT };
static const char *const sq_names[SQ_COUNT] = {"squeeze=whole", "squeeze=bytes",
                                               "squeeze=rate-edge", "squeeze=random",
                                               "squeeze=interrupted"};

static size_t squeeze_len(int pat, unsigned i, unsigned rate, uint32_t *rng)
{
    switch (pat) {
    case SQ_BYTES:
        return 1;
    case SQ_RATE_EDGE: {
        const size_t s[] = {rate - 1, 1, rate + 1, 0, 2 * (size_t)rate, 7};
        return s[i % (sizeof s / sizeof s[0])];
    }
    case SQ_RANDOM:
        return lcg_next(rng) % (2 * rate + 1);
    default:
        return (size_t)-1;
    }
}

/* Squeezes n bytes into out in the pattern's pieces. SQ_INTERRUPTED
 * squeezes two halves with a refused update and a refused final between
 * them, which must leave the output stream untouched. */
static int squeeze(keccak_ctx *c, uint8_t *out, size_t n, int pat, unsigned rate,
                   char *why, size_t why_len)
{
    uint32_t rng = 0xfeed0000u + (uint32_t)pat;
    if (pat == SQ_INTERRUPTED) {
        static const uint8_t one = 0x42;
        uint8_t dummy[KECCAK_MAX_DIGEST];
        size_t half = n / 2;
        int r = keccak_squeeze(c, out, half);
        if (r != KECCAK_OK)
            return r;
        if ((r = keccak_update(c, &one, 1)) != KECCAK_ERR_PHASE) {
            snprintf(why, why_len, "update after squeeze returned %d, want %d", r,
                     KECCAK_ERR_PHASE);
            return r == KECCAK_OK ? -100 : r;
        }
        if ((r = keccak_final(c, dummy, sizeof dummy)) != KECCAK_ERR_MODE) {
            snprintf(why, why_len, "final on an XOF returned %d, want %d", r, KECCAK_ERR_MODE);
            return r == KECCAK_OK ? -100 : r;
        }
        return keccak_squeeze(c, out + half, n - half);
    }
    size_t off = 0;
    for (unsigned i = 0; off < n; i++) {
        size_t k = squeeze_len(pat, i, rate, &rng);
        if (k > n - off)
            k = n - off;
        int r = keccak_squeeze(c, out + off, k);
        if (r != KECCAK_OK)
            return r;
        off += k;
    }
    return KECCAK_OK;
}

/* --- per-vector checks --- */

static int vector_shape_ok(const api_vector *v, const api_buffers *buf, char *why, size_t n)
{
    if (v->expected_offset > v->out_len) {
        snprintf(why, n, "expected_offset beyond out_len");
        return 0;
    }
    if (v->out_len > buf->out_cap) {
        snprintf(why, n, "out_len %lu exceeds the output buffer", (unsigned long)v->out_len);
        return 0;
    }
    if (digest_of(v->alg) != 0 && (v->out_len != digest_of(v->alg) || v->expected_offset != 0)) {
        snprintf(why, n, "SHA3 vector with out_len %lu", (unsigned long)v->out_len);
        return 0;
    }
    return 1;
}

static int matches_expected(const api_vector *v, const uint8_t *out, char *why, size_t n)
{
    return same(out + v->expected_offset, v->expected, v->out_len - v->expected_offset, why, n);
}

/* SHA3: final on a clone; afterwards the spent context refuses more. */
static void check_sha3_final(const api_vector *v, const kp1600_kernel *k, const keccak_ctx *absorbed,
                             const api_buffers *buf, const char *path, api_tally *t)
{
    char why[160] = "";
    keccak_ctx c = *absorbed;
    uint8_t tmp[KECCAK_MAX_DIGEST];
    int r, ok = 0;
    memset(buf->out, 0, v->out_len);
    if ((r = keccak_final(&c, buf->out, v->out_len)) != KECCAK_OK)
        snprintf(why, sizeof why, "final: %s", keccak_strerror(r));
    else if (!matches_expected(v, buf->out, why, sizeof why))
        ;
    else if ((r = keccak_final(&c, tmp, sizeof tmp)) != KECCAK_ERR_PHASE)
        snprintf(why, sizeof why, "second final returned %d", r);
    else if ((r = keccak_update(&c, NULL, 0)) != KECCAK_ERR_PHASE)
        snprintf(why, sizeof why, "update after final returned %d", r);
    else if ((r = keccak_squeeze(&c, tmp, 1)) != KECCAK_ERR_MODE && r != KECCAK_ERR_PHASE)
        snprintf(why, sizeof why, "squeeze after final returned %d", r);
    else
        ok = 1;
    report(t, ok, v, k, path, why);
}

void api_check_vector(const api_vector *v, const kp1600_kernel *k, const api_buffers *buf,
                      api_tally *t)
{
    char why[160] = "";
    if (!vector_shape_ok(v, buf, why, sizeof why)) {
        report(t, 0, v, k, "setup", why);
        return;
    }
    msg_src s;
    if (!msg_open(&s, v, buf)) {
        t->skipped++;
        return;
    }
    const unsigned rate = rate_of(v->alg);
    const int xof = digest_of(v->alg) == 0;
    int have_ref = 0;

    for (int up = 0; up < UP_COUNT; up++) {
        if (up == UP_BYTES && v->msg_len > API_BYTEWISE_MAX_MSG)
            continue;
        keccak_ctx c;
        int r = keccak_init_kernel(&c, v->alg, v->domain, k);
        if (r == KECCAK_OK)
            r = absorb(&c, &s, up, rate);
        if (r != KECCAK_OK) {
            snprintf(why, sizeof why, "init/update: %s", keccak_strerror(r));
            report(t, 0, v, k, up_names[up], why);
            continue;
        }
        if (!xof) {
            check_sha3_final(v, k, &c, buf, up_names[up], t);
            continue;
        }
        for (int sq = 0; sq < SQ_COUNT; sq++) {
            char path[64];
            snprintf(path, sizeof path, "%s %s", up_names[up], sq_names[sq]);
            keccak_ctx d = c; /* a clone: plain struct copy */
            memset(buf->out, 0, v->out_len);
            why[0] = 0;
            r = squeeze(&d, buf->out, v->out_len, sq, rate, why, sizeof why);
            int ok = 0;
            if (r != KECCAK_OK) {
                if (!why[0])
                    snprintf(why, sizeof why, "squeeze: %s", keccak_strerror(r));
            } else if (!matches_expected(v, buf->out, why, sizeof why)) {
                ;
            } else if (have_ref && !same(buf->out, buf->ref, v->out_len, why, sizeof why)) {
                /* The part before expected_offset must agree across splits too. */
            } else {
                ok = 1;
            }
            if (ok && !have_ref) {
                memcpy(buf->ref, buf->out, v->out_len);
                have_ref = 1;
            }
            report(t, ok, v, k, path, why);
        }
    }
}

void api_check_oneshot(const api_vector *v, const api_buffers *buf, api_tally *t)
{
    char why[160] = "";
    if (!vector_shape_ok(v, buf, why, sizeof why)) {
        report(t, 0, v, NULL, "one-shot setup", why);
        return;
    }
    msg_src s;
    if (!msg_open(&s, v, buf) || !s.one_piece) {
        t->skipped++; /* needs the whole message in memory */
        return;
    }
    const uint8_t *m = s.whole;
    uint8_t *out = buf->out;
    size_t n = v->msg_len;
    int r = KECCAK_ERR_ARG;
    memset(out, 0, v->out_len);
    switch (v->alg) {
    case KECCAK_SHA3_224: r = keccak_sha3_224(out, m, n); break;
    case KECCAK_SHA3_256: r = keccak_sha3_256(out, m, n); break;
    case KECCAK_SHA3_384: r = keccak_sha3_384(out, m, n); break;
    case KECCAK_SHA3_512: r = keccak_sha3_512(out, m, n); break;
    case KECCAK_SHAKE128: r = keccak_shake128(out, v->out_len, m, n); break;
    case KECCAK_SHAKE256: r = keccak_shake256(out, v->out_len, m, n); break;
    case KECCAK_TURBOSHAKE128: r = keccak_turboshake128(out, v->out_len, m, n, v->domain); break;
    case KECCAK_TURBOSHAKE256: r = keccak_turboshake256(out, v->out_len, m, n, v->domain); break;
    }
    int ok = 0;
    if (r != KECCAK_OK)
        snprintf(why, sizeof why, "%s", keccak_strerror(r));
    else
        ok = matches_expected(v, out, why, sizeof why);
    report(t, ok, v, keccak_best_kernel(), "one-shot", why);
}

void api_run_suite(const api_vector *vectors, size_t count, const api_buffers *buf,
                   api_tally *t)
{
    for (size_t i = 0; i < count; i++)
        api_check_oneshot(&vectors[i], buf, t);
    for (unsigned j = 0; j < kp1600_kernel_count; j++) {
        const kp1600_kernel *k = kp1600_kernels[j];
        char line[128];
        if (!keccak_kernel_supported(k)) {
            snprintf(line, sizeof line, "kernel %s: not supported by this CPU, not tested",
                     k->name);
            api_print(line);
            continue;
        }
        unsigned long before = t->failed;
        for (size_t i = 0; i < count; i++)
            api_check_vector(&vectors[i], k, buf, t);
        api_check_errors(k, t);
        snprintf(line, sizeof line, "kernel %s: %lu failures", k->name, t->failed - before);
        api_print(line);
    }
}
