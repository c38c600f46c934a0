/*
 * Tests for every Keccak-p[1600] kernel in kp1600_kernels that this CPU can
 * run: known answers from XKCP's intermediate values, a plain reference
 * permutation on random states for every round count, times-4 against
 * times-1, the fast-loop absorbs against add_bytes + permute, add/extract
 * at every offset and length, and the K12 leaf routine against TurboSHAKE
 * built from times-1 calls.
 *
 * Usage: kernels_test [path/to/keccak_p1600_xkcp.jsonl]
 * The last line printed is "N passed, M failed"; the exit code is non-zero
 * on any failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "KeccakP-1600-rc.h"
#include "kernel.h"
#include "keccak.h" /* keccak_kernel_supported */

static unsigned passed, failed;

static void check(int ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    if (failed <= 50) {
        va_list ap;
        va_start(ap, fmt);
        fputs("FAIL: ", stdout);
        vprintf(fmt, ap);
        putchar('\n');
        va_end(ap);
    }
}

/* xorshift64*: reproducible pseudo-random test data. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rng64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

static void rng_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng64() >> 56);
}

/* ---- Reference: Keccak-p[1600] straight from FIPS 202, on bytes. ---- */

/* RC[i] from the spec's LFSR (FIPS 202, algorithms 5 and 6), not from the
 * kernels' table, so the reference is independent of them. */
static uint64_t ref_rc[24];

static void ref_rc_init(void)
{
    uint8_t lfsr = 1; /* x^8 + x^6 + x^5 + x^4 + 1, bit i = coefficient of x^i */
    for (unsigned ir = 0; ir < 24; ir++) {
        ref_rc[ir] = 0;
        for (unsigned j = 0; j < 7; j++) {
            if (lfsr & 1)
                ref_rc[ir] |= 1ull << ((1u << j) - 1);
            lfsr = (uint8_t)((lfsr << 1) ^ ((lfsr & 0x80) ? 0x71 : 0));
        }
    }
}

static uint64_t rol(uint64_t v, unsigned n)
{
    n %= 64;
    return n ? (v << n) | (v >> (64 - n)) : v;
}

static void ref_permute(uint8_t st[200], unsigned nrounds)
{
    uint64_t a[25], b[25], c[5];
    for (int i = 0; i < 25; i++) {
        a[i] = 0;
        for (int j = 0; j < 8; j++)
            a[i] |= (uint64_t)st[8 * i + j] << (8 * j);
    }
    for (unsigned r = 24 - nrounds; r < 24; r++) {
        for (int x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            uint64_t d = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
            for (int y = 0; y < 5; y++)
                a[x + 5 * y] ^= d;
        }
        /* rho and pi: walk the (x,y) -> (y, 2x+3y) cycle from (1,0). */
        b[0] = a[0];
        int x = 1, y = 0;
        for (unsigned t = 0; t < 24; t++) {
            int nx = y, ny = (2 * x + 3 * y) % 5;
            b[nx + 5 * ny] = rol(a[x + 5 * y], (t + 1) * (t + 2) / 2);
            x = nx;
            y = ny;
        }
        for (int yy = 0; yy < 5; yy++)
            for (int xx = 0; xx < 5; xx++)
                a[xx + 5 * yy] = b[xx + 5 * yy] ^
                                 (~b[(xx + 1) % 5 + 5 * yy] & b[(xx + 2) % 5 + 5 * yy]);
        a[0] ^= ref_rc[r];
    }
    for (int i = 0; i < 25; i++)
        for (int j = 0; j < 8; j++)
            st[8 * i + j] = (uint8_t)(a[i] >> (8 * j));
}

/* ---- Kernel helpers ---- */

typedef struct {
    _Alignas(KP1600_ALIGN) uint8_t b[KP1600_STATE_BYTES];
} state1;
typedef struct {
    _Alignas(KP1600_ALIGN) uint8_t b[KP1600_STATE4_BYTES];
} state4;

static void load_state(const kp1600_kernel *k, state1 *s, const uint8_t bytes[200])
{
    k->initialize(s->b);
    k->add_bytes(s->b, bytes, 0, 200);
}

static void dump_state(const kp1600_kernel *k, const state1 *s, uint8_t bytes[200])
{
    k->extract_bytes(s->b, bytes, 0, 200);
}

/* ---- Known answers ---- */

static int hex_field(const char *line, const char *key, uint8_t *out, size_t n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *p = strstr(line, pat);
    if (!p)
        return 0;
    p += strlen(pat);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(p + 2 * i, "%2x", &v) != 1)
            return 0;
        out[i] = (uint8_t)v;
    }
    return p[2 * n] == '"';
}

static int int_field(const char *line, const char *key, int *out)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p && sscanf(p + strlen(pat), "%d", out) == 1;
}

typedef struct {
    int rounds;       /* rounds to apply to input */
    int round_index;  /* for single-round records, else -1 */
    uint8_t input[200], expected[200];
} kat;

static kat kats[128];
static int nkats;

static void load_kats(const char *path)
{
    FILE *f = fopen(path, "r");
    static char line[4096];
    check(f != NULL, "open %s", path);
    if (!f)
        return;
    while (fgets(line, sizeof line, f) && nkats < 128) {
        kat *k = &kats[nkats];
        if (!hex_field(line, "input", k->input, 200) ||
            !hex_field(line, "expected", k->expected, 200)) {
            check(0, "parse %s: %.60s", path, line);
            continue;
        }
        if (int_field(line, "round_index", &k->round_index))
            k->rounds = 1;
        else if (int_field(line, "rounds", &k->rounds))
            k->round_index = -1;
        else {
            check(0, "no rounds in %.60s", line);
            continue;
        }
        nkats++;
    }
    fclose(f);
    check(nkats == 52, "expected 52 permutation records, got %d", nkats);
}

static void test_kats(const kp1600_kernel *k)
{
    state1 s;
    uint8_t out[200];
    for (int i = 0; i < nkats; i++) {
        const kat *v = &kats[i];
        if (v->round_index < 0) {
            load_state(k, &s, v->input);
            k->permute(s.b, (unsigned)v->rounds);
            dump_state(k, &s, out);
            check(!memcmp(out, v->expected, 200), "%s: KAT %d (%d rounds)", k->name,
                  i, v->rounds);
            continue;
        }
        /*
         * A single round with RC[j] is not the kernel's 1-round permutation
         * unless j = 23, so run rounds j..23 and compare with the end of the
         * trace: the next record with round_index 23.
         */
        int end = i;
        while (end < nkats && kats[end].round_index != 23)
            end++;
        if (end == nkats) {
            check(0, "record %d: trace without round 23", i);
            continue;
        }
        unsigned nr = 24 - (unsigned)v->round_index;
        load_state(k, &s, v->input);
        k->permute(s.b, nr);
        dump_state(k, &s, out);
        check(!memcmp(out, kats[end].expected, 200), "%s: trace record %d, %u rounds",
              k->name, i, nr);
    }
}

/* ---- Random states against the reference, every nrounds ---- */

static void test_reference(const kp1600_kernel *k)
{
    state1 s;
    uint8_t in[200], want[200], got[200];
    for (unsigned nr = 1; nr <= 24; nr++) {
        for (int t = 0; t < 8; t++) {
            rng_bytes(in, 200);
            memcpy(want, in, 200);
            ref_permute(want, nr);
            load_state(k, &s, in);
            k->permute(s.b, nr);
            dump_state(k, &s, got);
            check(!memcmp(got, want, 200), "%s: random state, %u rounds", k->name, nr);
        }
        /* Chained permutations stay in the kernel's own layout. */
        rng_bytes(in, 200);
        memcpy(want, in, 200);
        load_state(k, &s, in);
        for (int t = 0; t < 5; t++) {
            ref_permute(want, nr);
            k->permute(s.b, nr);
        }
        dump_state(k, &s, got);
        check(!memcmp(got, want, 200), "%s: 5 chained permutations, %u rounds", k->name,
              nr);
    }
}

/* ---- add_bytes / extract_bytes at every offset and length ---- */

static void test_add_extract(const kp1600_kernel *k)
{
    state1 s;
    uint8_t base[200], data[200], model[200], got[200 + 16];
    unsigned bad_add = 0, bad_extract = 0, bad_bounds = 0, cases = 0;
    rng_bytes(base, 200);
    for (unsigned off = 0; off <= 200; off++) {
        for (unsigned len = 0; off + len <= 200; len++) {
            cases++;
            rng_bytes(data, len);
            memcpy(model, base, 200);
            for (unsigned i = 0; i < len; i++)
                model[off + i] ^= data[i];
            load_state(k, &s, base);
            k->add_bytes(s.b, data, off, len);
            dump_state(k, &s, got);
            bad_add += memcmp(got, model, 200) != 0;

            /* Extract into a guarded buffer: nothing outside [off, off+len). */
            memset(got, 0xA5, sizeof got);
            k->extract_bytes(s.b, got + 8, off, len);
            bad_extract += memcmp(got + 8, model + off, len) != 0;
            for (unsigned i = 0; i < sizeof got; i++)
                if ((i < 8 || i >= 8 + len) && got[i] != 0xA5)
                    bad_bounds++;
        }
    }
    check(bad_add == 0, "%s: add_bytes wrong in %u of %u (offset, length) cases", k->name,
          bad_add, cases);
    check(bad_extract == 0, "%s: extract_bytes wrong in %u of %u cases", k->name,
          bad_extract, cases);
    check(bad_bounds == 0, "%s: extract_bytes wrote %u bytes out of bounds", k->name,
          bad_bounds);

    /* The initial state is all zero in the byte view. */
    uint8_t zero[200] = {0};
    k->initialize(s.b);
    dump_state(k, &s, got);
    check(!memcmp(got, zero, 200), "%s: initialize is not all zero", k->name);

    /* state_is_lanes: the byte view is the memory itself, so the kernel runs
     * in place on a plain lane array that is only 8-byte aligned. */
    if (k->state_is_lanes) {
        uint64_t lanes[26];
        uint8_t *p = (uint8_t *)((uintptr_t)lanes % 32 ? lanes : lanes + 1);
        rng_bytes(p, 200);
        memcpy(model, p, 200);
        ref_permute(model, 24);
        k->permute(p, 24);
        check(!memcmp(p, model, 200), "%s: state_is_lanes but in-place permute differs",
              k->name);
    }
}

/* ---- fast_loop_absorb against add_bytes + permute ---- */

static void test_fast_loop(const kp1600_kernel *k)
{
    static uint8_t msg[200 * 7 + 13];
    static const unsigned lane_counts[] = {1, 2, 9, 13, 16, 17, 18, 20, 21, 24, 25};
    static const unsigned rounds[] = {1, 7, 12, 24};
    state1 a, b;
    uint8_t init[200], ga[200], gb[200];
    for (size_t li = 0; li < sizeof lane_counts / sizeof lane_counts[0]; li++) {
        unsigned lc = lane_counts[li], bs = 8 * lc;
        for (size_t ri = 0; ri < sizeof rounds / sizeof rounds[0]; ri++) {
            unsigned nr = rounds[ri];
            size_t lens[] = {0, bs - 1, bs, bs + 5, 3 * bs, 5 * bs + bs - 1, sizeof msg};
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                size_t len = lens[i] > sizeof msg ? sizeof msg : lens[i];
                rng_bytes(msg, len);
                rng_bytes(init, 200);
                load_state(k, &a, init);
                load_state(k, &b, init);
                size_t used = k->fast_loop_absorb(a.b, lc, msg, len, nr);
                size_t want = len / bs * bs;
                for (size_t o = 0; o + bs <= len; o += bs) {
                    k->add_bytes(b.b, msg + o, 0, bs);
                    k->permute(b.b, nr);
                }
                dump_state(k, &a, ga);
                dump_state(k, &b, gb);
                check(used == want && !memcmp(ga, gb, 200),
                      "%s: fast_loop_absorb lanes=%u rounds=%u len=%zu (used %zu)",
                      k->name, lc, nr, len, used);
            }
        }
    }
}

/* ---- times-4 against times-1 ---- */

/* add/extract_lanes_all4 against add/extract_bytes4, every lane count; the
 * extraction writes exactly 8*lane_count bytes per instance. */
static void test_lanes_all4(const kp1600_kernel *k)
{
    state4 s4;
    uint8_t base[4][200], data[4][200], model[4][200], got[200], out[4][200 + 16];
    unsigned bad = 0, bad_bounds = 0;
    if (!k->add_lanes_all4 || !k->extract_lanes_all4) {
        check(0, "%s: permute4 without add/extract_lanes_all4", k->name);
        return;
    }
    for (unsigned lc = 0; lc <= 25; lc++) {
        const uint8_t *in[4];
        uint8_t *dst[4];
        k->initialize4(s4.b);
        for (unsigned i = 0; i < 4; i++) {
            rng_bytes(base[i], 200);
            rng_bytes(data[i], 200);
            k->add_bytes4(s4.b, i, base[i], 0, 200);
            memcpy(model[i], base[i], 200);
            for (unsigned j = 0; j < 8 * lc; j++)
                model[i][j] ^= data[i][j];
            in[i] = data[i];
            dst[i] = out[i] + 8;
            memset(out[i], 0x5A, sizeof out[i]);
        }
        k->add_lanes_all4(s4.b, in, lc);
        k->extract_lanes_all4(s4.b, dst, lc);
        for (unsigned i = 0; i < 4; i++) {
            k->extract_bytes4(s4.b, i, got, 0, 200);
            bad += memcmp(got, model[i], 200) != 0;
            bad += memcmp(dst[i], model[i], 8 * lc) != 0;
            for (unsigned j = 0; j < sizeof out[i]; j++)
                if ((j < 8 || j >= 8 + 8 * lc) && out[i][j] != 0x5A)
                    bad_bounds++;
        }
    }
    check(bad == 0, "%s: add/extract_lanes_all4 wrong in %u cases", k->name, bad);
    check(bad_bounds == 0, "%s: extract_lanes_all4 wrote %u bytes out of bounds", k->name,
          bad_bounds);
}

static void test_times4(const kp1600_kernel *k)
{
    if (!k->permute4) {
        check(!k->initialize4 && !k->add_bytes4 && !k->extract_bytes4 &&
                  !k->add_lanes_all4 && !k->extract_lanes_all4 && !k->fast_loop_absorb4,
              "%s: times-4 table half filled", k->name);
        return;
    }
    state4 s4;
    state1 s1[4];
    uint8_t in[4][200], got[200], want[200];

    for (unsigned nr = 1; nr <= 24; nr++) {
        k->initialize4(s4.b);
        for (unsigned i = 0; i < 4; i++) {
            rng_bytes(in[i], 200);
            k->add_bytes4(s4.b, i, in[i], 0, 200);
            load_state(k, &s1[i], in[i]);
        }
        for (int t = 0; t < 2; t++) {
            k->permute4(s4.b, nr);
            for (unsigned i = 0; i < 4; i++)
                k->permute(s1[i].b, nr);
        }
        for (unsigned i = 0; i < 4; i++) {
            k->extract_bytes4(s4.b, i, got, 0, 200);
            dump_state(k, &s1[i], want);
            check(!memcmp(got, want, 200), "%s: permute4 instance %u, %u rounds", k->name,
                  i, nr);
        }
    }

    /* add_bytes4 / extract_bytes4 at every offset and length, per instance. */
    uint8_t base[4][200], data[200], model[4][200], buf[200 + 16];
    unsigned bad = 0, bad_bounds = 0, cases = 0;
    for (unsigned i = 0; i < 4; i++)
        rng_bytes(base[i], 200);
    for (unsigned off = 0; off <= 200; off += 1) {
        for (unsigned len = 0; off + len <= 200; len++) {
            unsigned inst = (off + len) % 4;
            cases++;
            k->initialize4(s4.b);
            for (unsigned i = 0; i < 4; i++) {
                k->add_bytes4(s4.b, i, base[i], 0, 200);
                memcpy(model[i], base[i], 200);
            }
            rng_bytes(data, len);
            for (unsigned j = 0; j < len; j++)
                model[inst][off + j] ^= data[j];
            k->add_bytes4(s4.b, inst, data, off, len);
            for (unsigned i = 0; i < 4; i++) {
                k->extract_bytes4(s4.b, i, got, 0, 200);
                bad += memcmp(got, model[i], 200) != 0;
            }
            memset(buf, 0x5A, sizeof buf);
            k->extract_bytes4(s4.b, inst, buf + 8, off, len);
            bad += memcmp(buf + 8, model[inst] + off, len) != 0;
            for (unsigned j = 0; j < sizeof buf; j++)
                if ((j < 8 || j >= 8 + len) && buf[j] != 0x5A)
                    bad_bounds++;
        }
    }
    check(bad == 0, "%s: add/extract_bytes4 wrong in %u of %u cases", k->name, bad, cases);
    check(bad_bounds == 0, "%s: extract_bytes4 wrote %u bytes out of bounds", k->name,
          bad_bounds);

    test_lanes_all4(k);

    k->initialize4(s4.b);
    uint8_t zero[200] = {0};
    for (unsigned i = 0; i < 4; i++) {
        k->extract_bytes4(s4.b, i, got, 0, 200);
        check(!memcmp(got, zero, 200), "%s: initialize4 instance %u not zero", k->name, i);
    }

    /* fast_loop_absorb4 against add_bytes4 + permute4 and against times-1. */
    if (!k->fast_loop_absorb4) {
        check(0, "%s: permute4 without fast_loop_absorb4", k->name);
        return;
    }
    static uint8_t msgs[4][200 * 5 + 7];
    static const unsigned lane_counts[] = {1, 9, 13, 17, 18, 21, 25};
    static const unsigned rounds[] = {3, 12, 24};
    for (size_t li = 0; li < sizeof lane_counts / sizeof lane_counts[0]; li++) {
        unsigned lc = lane_counts[li], bs = 8 * lc;
        for (size_t ri = 0; ri < sizeof rounds / sizeof rounds[0]; ri++) {
            unsigned nr = rounds[ri];
            size_t lens[] = {0, bs - 1, bs, 2 * bs + 3, sizeof msgs[0]};
            for (size_t li2 = 0; li2 < sizeof lens / sizeof lens[0]; li2++) {
                size_t len = lens[li2];
                const uint8_t *ptrs[4];
                k->initialize4(s4.b);
                for (unsigned i = 0; i < 4; i++) {
                    rng_bytes(msgs[i], len);
                    rng_bytes(in[i], 200);
                    k->add_bytes4(s4.b, i, in[i], 0, 200);
                    load_state(k, &s1[i], in[i]);
                    ptrs[i] = msgs[i];
                }
                size_t used = k->fast_loop_absorb4(s4.b, lc, ptrs, len, nr);
                for (unsigned i = 0; i < 4; i++) {
                    for (size_t o = 0; o + bs <= len; o += bs) {
                        k->add_bytes(s1[i].b, msgs[i] + o, 0, bs);
                        k->permute(s1[i].b, nr);
                    }
                }
                int ok = used == len / bs * bs;
                for (unsigned i = 0; i < 4; i++) {
                    k->extract_bytes4(s4.b, i, got, 0, 200);
                    dump_state(k, &s1[i], want);
                    ok &= !memcmp(got, want, 200);
                }
                check(ok, "%s: fast_loop_absorb4 lanes=%u rounds=%u len=%zu (used %zu)",
                      k->name, lc, nr, len, used);
            }
        }
    }
}

/* ---- K12 leaves against TurboSHAKE from times-1 calls ---- */

static void turboshake_leaf(const kp1600_kernel *k, const uint8_t *chunk, unsigned rate,
                            uint8_t *cv, unsigned cv_len)
{
    state1 s;
    size_t n = KP1600_K12_CHUNK;
    uint8_t pad = 0x0B;
    k->initialize(s.b);
    while (n >= rate) {
        k->add_bytes(s.b, chunk, 0, rate);
        k->permute(s.b, 12);
        chunk += rate;
        n -= rate;
    }
    k->add_bytes(s.b, chunk, 0, (unsigned)n);
    k->add_bytes(s.b, &pad, (unsigned)n, 1);
    pad = 0x80;
    k->add_bytes(s.b, &pad, rate - 1, 1);
    k->permute(s.b, 12);
    for (;;) {
        unsigned n = cv_len < rate ? cv_len : rate;
        k->extract_bytes(s.b, cv, 0, n);
        cv += n;
        cv_len -= n;
        if (cv_len == 0)
            break;
        k->permute(s.b, 12);
    }
}

static void test_k12(const kp1600_kernel *k)
{
    if (!k->k12_leaves4)
        return;
    static uint8_t in[4 * KP1600_K12_CHUNK];
    static const struct {
        unsigned rate, cv_len;
    } cases[] = {{168, 32}, {136, 64}, {168, 64}, {136, 32}, {168, 168}, {136, 1}, {136, 300}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int t = 0; t < 3; t++) {
            unsigned rate = cases[c].rate, cv_len = cases[c].cv_len;
            uint8_t cv[4 * 300 + 16], want[300];
            rng_bytes(in, sizeof in);
            memset(cv, 0xC3, sizeof cv);
            k->k12_leaves4(in, cv, rate, cv_len);
            int ok = 1;
            for (unsigned i = 0; i < 4; i++) {
                turboshake_leaf(k, in + i * KP1600_K12_CHUNK, rate, want, cv_len);
                ok &= !memcmp(cv + i * cv_len, want, cv_len);
            }
            for (size_t j = 4 * cv_len; j < sizeof cv; j++)
                ok &= cv[j] == 0xC3;
            check(ok, "%s: k12_leaves4 rate=%u cv_len=%u", k->name, rate, cv_len);
        }
    }
}

/*
 * Calls outside the contract (bytes past the state, a fifth instance,
 * nrounds 0 or 25, lane counts 0 or 26) change nothing and write nothing.
 */
static void test_out_of_contract(const kp1600_kernel *k)
{
    state1 s;
    uint8_t init[200], got[200], buf[16], data[300] = {1};
    static const unsigned bad[][2] = {{0, 201}, {1, 200}, {200, 1}, {201, 0}, {8, 0xFFFFFFF8u}};
    rng_bytes(init, 200);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        load_state(k, &s, init);
        k->add_bytes(s.b, data, bad[i][0], bad[i][1]);
        memset(buf, 0x77, sizeof buf);
        k->extract_bytes(s.b, buf, bad[i][0], bad[i][1]);
        dump_state(k, &s, got);
        check(!memcmp(got, init, 200) && buf[0] == 0x77,
              "%s: add/extract at offset %u length %u not refused", k->name, bad[i][0],
              bad[i][1]);
    }
    load_state(k, &s, init);
    k->permute(s.b, 25);
    check(k->fast_loop_absorb(s.b, 0, data, sizeof data, 24) == 0 &&
              k->fast_loop_absorb(s.b, 26, data, sizeof data, 24) == 0 &&
              k->fast_loop_absorb(s.b, 21, data, sizeof data, 25) == 0 &&
              k->fast_loop_absorb(s.b, 21, data, sizeof data, 0) == 0,
          "%s: fast_loop_absorb consumed input outside the contract", k->name);
    dump_state(k, &s, got);
    check(!memcmp(got, init, 200), "%s: permute(25) or bad absorb changed the state",
          k->name);

    if (!k->permute4)
        return;
    state4 s4;
    uint8_t want4[4][200];
    const uint8_t *ptrs[4] = {data, data, data, data};
    k->initialize4(s4.b);
    for (unsigned i = 0; i < 4; i++) {
        rng_bytes(want4[i], 200);
        k->add_bytes4(s4.b, i, want4[i], 0, 200);
    }
    k->add_bytes4(s4.b, 4, data, 0, 8);
    k->add_bytes4(s4.b, 0, data, 196, 8);
    memset(buf, 0x77, sizeof buf);
    k->extract_bytes4(s4.b, 4, buf, 0, 8);
    k->extract_bytes4(s4.b, 1, buf, 200, 1);
    k->permute4(s4.b, 0);
    k->permute4(s4.b, 25);
    int ok = buf[0] == 0x77 && k->fast_loop_absorb4(s4.b, 0, ptrs, 200, 24) == 0 &&
             k->fast_loop_absorb4(s4.b, 26, ptrs, 300, 24) == 0 &&
             k->fast_loop_absorb4(s4.b, 21, ptrs, 300, 0) == 0;
    for (unsigned i = 0; i < 4; i++) {
        k->extract_bytes4(s4.b, i, got, 0, 200);
        ok &= !memcmp(got, want4[i], 200);
    }
    check(ok, "%s: times-4 calls outside the contract were not refused", k->name);
}

/* Every kernel must agree with the first (portable) one. */
static void test_against_portable(const kp1600_kernel *k)
{
    const kp1600_kernel *p = kp1600_kernels[0];
    state1 a, b;
    uint8_t in[200], ga[200], gb[200];
    if (k == p)
        return;
    for (unsigned nr = 1; nr <= 24; nr++) {
        rng_bytes(in, 200);
        load_state(k, &a, in);
        load_state(p, &b, in);
        k->permute(a.b, nr);
        p->permute(b.b, nr);
        dump_state(k, &a, ga);
        dump_state(p, &b, gb);
        check(!memcmp(ga, gb, 200), "%s vs %s: %u rounds", k->name, p->name, nr);
    }
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "testdata/keccak/keccak_p1600_xkcp.jsonl";
    ref_rc_init();
    for (unsigned i = 0; i < 24; i++)
        check(kp1600_rc[i] == ref_rc[i], "kp1600_rc[%u] differs from the LFSR's", i);
    load_kats(path);
    check(kp1600_kernel_count >= 1 && kp1600_kernels[0]->features == 0,
          "kp1600_kernels[0] must be a portable kernel");
    for (unsigned i = 0; i < kp1600_kernel_count; i++) {
        const kp1600_kernel *k = kp1600_kernels[i];
        if (!keccak_kernel_supported(k)) {
            printf("kernel %s: skipped, CPU lacks its features\n", k->name);
            continue;
        }
        unsigned before = failed;
        test_kats(k);
        test_reference(k);
        test_add_extract(k);
        test_fast_loop(k);
        test_times4(k);
        test_k12(k);
        test_out_of_contract(k);
        test_against_portable(k);
        printf("kernel %s: %s (times-4 %s, k12_leaves4 %s)\n", k->name,
               failed == before ? "ok" : "FAILED", k->permute4 ? "yes" : "no",
               k->k12_leaves4 ? "yes" : "no");
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
