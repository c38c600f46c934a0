/*
 * A small reader for the known-answer JSON lines: each line one flat
 * object of strings and unsigned numbers, plus the one-level object
 * msg_pattern. Strings with escapes, unknown keys and malformed hex are
 * refused, so no record is silently misread.
 */
#define _POSIX_C_SOURCE 200809L /* getline, strdup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_jsonl.h"

typedef struct cursor {
    const char *p;
    const char *err;
} cursor;

static void ws(cursor *c)
{
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n')
        c->p++;
}

static int fail(cursor *c, const char *why)
{
    if (c->err == NULL)
        c->err = why;
    return 0;
}

static int expect(cursor *c, char ch)
{
    ws(c);
    if (*c->p != ch)
        return fail(c, "unexpected character");
    c->p++;
    return 1;
}

/* A string without escapes: [*s, *s + *len). */
static int str(cursor *c, const char **s, size_t *len)
{
    if (!expect(c, '"'))
        return 0;
    const char *start = c->p;
    while (*c->p != '"') {
        if (*c->p == 0 || *c->p == '\\')
            return fail(c, "unterminated string or escape");
        c->p++;
    }
    *s = start;
    *len = (size_t)(c->p - start);
    c->p++;
    return 1;
}

static int uint_value(cursor *c, size_t *out)
{
    ws(c);
    if (*c->p < '0' || *c->p > '9')
        return fail(c, "number expected");
    size_t v = 0;
    while (*c->p >= '0' && *c->p <= '9') {
        size_t d = (size_t)(*c->p - '0');
        if (v > ((size_t)-1 - d) / 10)
            return fail(c, "number too large");
        v = v * 10 + d;
        c->p++;
    }
    *out = v;
    return 1;
}

static int key_is(const char *k, size_t n, const char *want)
{
    return strlen(want) == n && memcmp(k, want, n) == 0;
}

static int nibble(char h)
{
    if (h >= '0' && h <= '9')
        return h - '0';
    if (h >= 'a' && h <= 'f')
        return h - 'a' + 10;
    if (h >= 'A' && h <= 'F')
        return h - 'A' + 10;
    return -1;
}

/* Hex string value -> freshly allocated bytes (never NULL on success). */
static int hex_value(cursor *c, uint8_t **out, size_t *out_len)
{
    const char *s;
    size_t n;
    if (!str(c, &s, &n))
        return 0;
    if (n % 2 != 0)
        return fail(c, "odd-length hex");
    uint8_t *b = malloc(n / 2 + 1);
    if (b == NULL)
        return fail(c, "out of memory");
    for (size_t i = 0; i < n / 2; i++) {
        int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(b);
            return fail(c, "bad hex digit");
        }
        b[i] = (uint8_t)(hi << 4 | lo);
    }
    *out = b;
    *out_len = n / 2;
    return 1;
}

static int byte_value(cursor *c, uint8_t *out)
{
    uint8_t *b;
    size_t n;
    if (!hex_value(c, &b, &n))
        return 0;
    int ok = n == 1;
    if (ok)
        *out = b[0];
    free(b);
    return ok ? 1 : fail(c, "one hex byte expected");
}

static int alg_value(cursor *c, keccak_alg *alg)
{
    static const struct {
        const char *name;
        keccak_alg alg;
    } algs[] = {
        {"SHA3-224", KECCAK_SHA3_224},         {"SHA3-256", KECCAK_SHA3_256},
        {"SHA3-384", KECCAK_SHA3_384},         {"SHA3-512", KECCAK_SHA3_512},
        {"SHAKE128", KECCAK_SHAKE128},         {"SHAKE256", KECCAK_SHAKE256},
        {"TurboSHAKE128", KECCAK_TURBOSHAKE128}, {"TurboSHAKE256", KECCAK_TURBOSHAKE256},
    };
    const char *s;
    size_t n;
    if (!str(c, &s, &n))
        return 0;
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        if (key_is(s, n, algs[i].name)) {
            *alg = algs[i].alg;
            return 1;
        }
    }
    return fail(c, "algorithm not covered by keccak.h");
}

/* {"kind":"ptn","len":n} or {"kind":"repeat","byte":"ff","len":n} */
static int pattern_value(cursor *c, api_vector *v)
{
    int have_kind = 0, have_len = 0, have_byte = 0;
    if (!expect(c, '{'))
        return 0;
    for (;;) {
        const char *k, *s;
        size_t kn, sn;
        if (!str(c, &k, &kn) || !expect(c, ':'))
            return 0;
        if (key_is(k, kn, "kind")) {
            if (!str(c, &s, &sn))
                return 0;
            if (key_is(s, sn, "ptn"))
                v->msg_kind = API_MSG_PTN;
            else if (key_is(s, sn, "repeat"))
                v->msg_kind = API_MSG_REPEAT;
            else
                return fail(c, "unknown msg_pattern kind");
            have_kind = 1;
        } else if (key_is(k, kn, "len")) {
            if (!uint_value(c, &v->msg_len))
                return 0;
            have_len = 1;
        } else if (key_is(k, kn, "byte")) {
            if (!byte_value(c, &v->msg_byte))
                return 0;
            have_byte = 1;
        } else {
            return fail(c, "unknown msg_pattern key");
        }
        ws(c);
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        if (!expect(c, '}'))
            return 0;
        break;
    }
    if (!have_kind || !have_len || have_byte != (v->msg_kind == API_MSG_REPEAT))
        return fail(c, "incomplete msg_pattern");
    return 1;
}

static int record(cursor *c, api_vector *v)
{
    int have_alg = 0, have_msg = 0, have_out = 0, have_exp = 0, have_d = 0;
    uint8_t *bytes;
    size_t n, exp_len = 0;
    if (!expect(c, '{'))
        return 0;
    for (;;) {
        const char *k, *s;
        size_t kn, sn;
        if (!str(c, &k, &kn) || !expect(c, ':'))
            return 0;
        if (key_is(k, kn, "alg")) {
            have_alg = alg_value(c, &v->alg);
        } else if (key_is(k, kn, "msg")) {
            if (have_msg)
                return fail(c, "duplicate key");
            if (!hex_value(c, &bytes, &n))
                return 0;
            v->msg = bytes;
            v->msg_len = n;
            v->msg_kind = API_MSG_BYTES;
            have_msg = 1;
        } else if (key_is(k, kn, "msg_pattern")) {
            if (have_msg)
                return fail(c, "duplicate key");
            if (!pattern_value(c, v))
                return 0;
            have_msg = 1;
        } else if (key_is(k, kn, "D")) {
            have_d = byte_value(c, &v->domain);
        } else if (key_is(k, kn, "out_len")) {
            have_out = uint_value(c, &v->out_len);
        } else if (key_is(k, kn, "expected_offset")) {
            if (!uint_value(c, &v->expected_offset))
                return 0;
        } else if (key_is(k, kn, "expected")) {
            if (have_exp)
                return fail(c, "duplicate key");
            if (!hex_value(c, &bytes, &exp_len))
                return 0;
            v->expected = bytes;
            have_exp = 1;
        } else if (key_is(k, kn, "src")) {
            if (!str(c, &s, &sn))
                return 0;
        } else {
            return fail(c, "unknown key (a field this reader would ignore)");
        }
        if (c->err)
            return 0;
        ws(c);
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        if (!expect(c, '}'))
            return 0;
        break;
    }
    ws(c);
    if (*c->p != 0)
        return fail(c, "text after the object");
    if (!have_alg || !have_msg || !have_out || !have_exp)
        return fail(c, "missing alg, msg, out_len or expected");
    int turbo = v->alg == KECCAK_TURBOSHAKE128 || v->alg == KECCAK_TURBOSHAKE256;
    if (turbo != have_d)
        return fail(c, "D present for a non-TurboSHAKE record or missing for TurboSHAKE");
    if (v->expected_offset > v->out_len || exp_len != v->out_len - v->expected_offset)
        return fail(c, "expected length does not match out_len - expected_offset");
    return 1;
}

static void api_vector_free_parts(api_vector *v)
{
    free((void *)v->msg);
    free((void *)v->expected);
    free((void *)v->src);
}

long api_jsonl_load(const char *path, api_vector **vs, size_t *n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "api_jsonl: cannot open %s\n", path);
        return -1;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char *line = NULL;
    size_t cap = 0;
    long count = 0;
    unsigned long lineno = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, f)) >= 0) {
        lineno++;
        cursor c = {line, NULL};
        ws(&c);
        if (*c.p == 0)
            continue;
        api_vector *grown = realloc(*vs, (*n + 1) * sizeof **vs);
        if (grown == NULL) {
            count = -1;
            break;
        }
        *vs = grown;
        api_vector *v = &(*vs)[*n];
        memset(v, 0, sizeof *v);
        char src[128];
        snprintf(src, sizeof src, "%s:%lu", base, lineno);
        if (!record(&c, v)) {
            fprintf(stderr, "api_jsonl: %s: %s near offset %ld\n", src, c.err,
                    (long)(c.p - line));
            v->src = NULL;
            api_vector_free_parts(v); /* and leave it out of *vs */
            count = -1;
            break;
        }
        v->src = strdup(src);
        (*n)++;
        count++;
    }
    free(line);
    fclose(f);
    return count;
}

void api_jsonl_free(api_vector *vs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        api_vector_free_parts(&vs[i]);
    free(vs);
}
