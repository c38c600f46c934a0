/*
 * Tests for every Keccak-p[1600] kernel in kp1600_kernels that this CPU can
 * run: known answers from XKCP's intermediate values, a plain reference
 * permutation on random states for every round count, times-4 and times-8
 * against times-1 (every round count), the fast-loop absorbs against
 * add_bytes + permute, add/extract at every offset and length, and the K12
 * leaf routines (4 and 8 leaves) against TurboSHAKE built from times-1 calls.
 *
 * Usage: kernels_test [path/to/keccak_p1600_xkcp.jsonl]
 * The last line printed is "N passed, M failed"; the exit code is non-zero
 * on any failure.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

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

/*
 * The end of buffer i (0..7) of at least size bytes, right before an
 * inaccessible page: a kernel reading past the end of its input faults
 * (ASan does not see the vector loads of intrinsics, masked or not).
 */
static uint8_t *guarded_end(unsigned i, size_t size)
{
    static uint8_t *ends[8];
    static size_t sizes[8];
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (ends[i] && sizes[i] >= size)
        return ends[i];
    size_t span = (size + page - 1) / page * page;
    uint8_t *p = mmap(NULL, span + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    if (p == MAP_FAILED || mprotect(p + span, page, PROT_NONE) != 0) {
        perror("guarded_end");
        exit(2);
    }
    ends[i] = p + span;
    sizes[i] = span;
    return ends[i];
}

typedef struct {
    _Alignas(KP1600_ALIGN) uint8_t b[KP1600_STATE_BYTES];
} state1;

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

/* ---- times-4 and times-8 against times-1 ---- */

/* A kernel's times-n entry points (n = 4 or 8), so one set of tests covers
 * both widths. */
typedef struct {
    unsigned n;
    void (*initialize)(void *states);
    void (*add_bytes)(void *states, unsigned instance, const uint8_t *data, unsigned offset,
                      unsigned length);
    void (*extract_bytes)(const void *states, unsigned instance, uint8_t *data,
                          unsigned offset, unsigned length);
    void (*add_lanes_all)(void *states, const uint8_t *const *data, unsigned lane_count);
    void (*extract_lanes_all)(const void *states, uint8_t *const *data, unsigned lane_count);
    void (*permute)(void *states, unsigned nrounds);
    size_t (*fast_loop_absorb)(void *states, unsigned lane_count, const uint8_t *const *data,
                               size_t len, unsigned nrounds);
    void (*k12_leaves)(const uint8_t *in, uint8_t *cv, unsigned rate, unsigned cv_len);
} times_n;

static times_n times4_of(const kp1600_kernel *k)
{
    return (times_n){4, k->initialize4, k->add_bytes4, k->extract_bytes4, k->add_lanes_all4,
                     k->extract_lanes_all4, k->permute4, k->fast_loop_absorb4, k->k12_leaves4};
}

static times_n times8_of(const kp1600_kernel *k)
{
    return (times_n){8, k->initialize8, k->add_bytes8, k->extract_bytes8, k->add_lanes_all8,
                     k->extract_lanes_all8, k->permute8, k->fast_loop_absorb8, k->k12_leaves8};
}

/* Room for the widest times-n state, aligned for it. */
typedef struct {
    _Alignas(KP1600_ALIGN8) uint8_t b[KP1600_STATE8_BYTES];
} state_n;

#define MAX_N 8

/* add/extract_lanes_all against add/extract_bytes, every lane count; the
 * extraction writes exactly 8*lane_count bytes per instance. */
static void test_lanes_all(const kp1600_kernel *k, const times_n *t)
{
    state_n sn;
    uint8_t base[MAX_N][200], data[MAX_N][200], model[MAX_N][200], got[200],
        out[MAX_N][200 + 16];
    unsigned bad = 0, bad_bounds = 0;
    for (unsigned lc = 0; lc <= 25; lc++) {
        const uint8_t *in[MAX_N];
        uint8_t *dst[MAX_N];
        t->initialize(sn.b);
        for (unsigned i = 0; i < t->n; i++) {
            rng_bytes(base[i], 200);
            rng_bytes(data[i], 200);
            t->add_bytes(sn.b, i, base[i], 0, 200);
            memcpy(model[i], base[i], 200);
            for (unsigned j = 0; j < 8 * lc; j++)
                model[i][j] ^= data[i][j];
            in[i] = data[i];
            dst[i] = out[i] + 8;
            memset(out[i], 0x5A, sizeof out[i]);
        }
        t->add_lanes_all(sn.b, in, lc);
        t->extract_lanes_all(sn.b, dst, lc);
        for (unsigned i = 0; i < t->n; i++) {
            t->extract_bytes(sn.b, i, got, 0, 200);
            bad += memcmp(got, model[i], 200) != 0;
            bad += memcmp(dst[i], model[i], 8 * lc) != 0;
            for (unsigned j = 0; j < sizeof out[i]; j++)
                if ((j < 8 || j >= 8 + 8 * lc) && out[i][j] != 0x5A)
                    bad_bounds++;
        }
    }
    check(bad == 0, "%s: add/extract_lanes_all%u wrong in %u cases", k->name, t->n, bad);
    check(bad_bounds == 0, "%s: extract_lanes_all%u wrote %u bytes out of bounds", k->name,
          t->n, bad_bounds);
}

/* fast_loop_absorb (times-n) against add_bytes + permute (times-1). */
static void test_fast_loop_n(const kp1600_kernel *k, const times_n *t)
{
    static uint8_t msgs[MAX_N][200 * 5 + 7];
    static const unsigned lane_counts[] = {1, 8, 9, 13, 16, 17, 18, 21, 24, 25};
    static const unsigned rounds[] = {3, 12, 24};
    state_n sn;
    state1 s1[MAX_N];
    uint8_t in[MAX_N][200], got[200], want[200];
    for (size_t li = 0; li < sizeof lane_counts / sizeof lane_counts[0]; li++) {
        unsigned lc = lane_counts[li], bs = 8 * lc;
        for (size_t ri = 0; ri < sizeof rounds / sizeof rounds[0]; ri++) {
            unsigned nr = rounds[ri];
            size_t lens[] = {0, bs - 1, bs, 2 * bs + 3, sizeof msgs[0]};
            for (size_t li2 = 0; li2 < sizeof lens / sizeof lens[0]; li2++) {
                size_t len = lens[li2];
                const uint8_t *ptrs[MAX_N];
                t->initialize(sn.b);
                for (unsigned i = 0; i < t->n; i++) {
                    rng_bytes(msgs[i], len);
                    rng_bytes(in[i], 200);
                    t->add_bytes(sn.b, i, in[i], 0, 200);
                    load_state(k, &s1[i], in[i]);
                    ptrs[i] = memcpy(guarded_end(i, sizeof msgs[i]) - len, msgs[i], len);
                }
                size_t used = t->fast_loop_absorb(sn.b, lc, ptrs, len, nr);
                for (unsigned i = 0; i < t->n; i++) {
                    for (size_t o = 0; o + bs <= len; o += bs) {
                        k->add_bytes(s1[i].b, msgs[i] + o, 0, bs);
                        k->permute(s1[i].b, nr);
                    }
                }
                int ok = used == len / bs * bs;
                for (unsigned i = 0; i < t->n; i++) {
                    t->extract_bytes(sn.b, i, got, 0, 200);
                    dump_state(k, &s1[i], want);
                    ok &= !memcmp(got, want, 200);
                }
                check(ok, "%s: fast_loop_absorb%u lanes=%u rounds=%u len=%zu (used %zu)",
                      k->name, t->n, lc, nr, len, used);
            }
        }
    }
}

static void test_times_n(const kp1600_kernel *k, const times_n *t)
{
    if (!t->permute) {
        check(!t->initialize && !t->add_bytes && !t->extract_bytes && !t->add_lanes_all &&
                  !t->extract_lanes_all && !t->fast_loop_absorb && !t->k12_leaves,
              "%s: times-%u table half filled", k->name, t->n);
        return;
    }
    if (!t->initialize || !t->add_bytes || !t->extract_bytes || !t->add_lanes_all ||
        !t->extract_lanes_all || !t->fast_loop_absorb) {
        check(0, "%s: permute%u without the rest of the times-%u table", k->name, t->n, t->n);
        return;
    }
    state_n sn;
    state1 s1[MAX_N];
    uint8_t in[MAX_N][200], got[200], want[200];

    for (unsigned nr = 1; nr <= 24; nr++) {
        t->initialize(sn.b);
        for (unsigned i = 0; i < t->n; i++) {
            rng_bytes(in[i], 200);
            t->add_bytes(sn.b, i, in[i], 0, 200);
            load_state(k, &s1[i], in[i]);
        }
        for (int r = 0; r < 2; r++) {
            t->permute(sn.b, nr);
            for (unsigned i = 0; i < t->n; i++)
                k->permute(s1[i].b, nr);
        }
        for (unsigned i = 0; i < t->n; i++) {
            t->extract_bytes(sn.b, i, got, 0, 200);
            dump_state(k, &s1[i], want);
            check(!memcmp(got, want, 200), "%s: permute%u instance %u, %u rounds", k->name,
                  t->n, i, nr);
        }
    }

    /* add_bytes / extract_bytes at every offset and length, per instance. */
    uint8_t base[MAX_N][200], data[200], model[MAX_N][200], buf[200 + 16];
    unsigned bad = 0, bad_bounds = 0, cases = 0;
    for (unsigned i = 0; i < t->n; i++)
        rng_bytes(base[i], 200);
    for (unsigned off = 0; off <= 200; off += 1) {
        for (unsigned len = 0; off + len <= 200; len++) {
            unsigned inst = (off + len) % t->n;
            cases++;
            t->initialize(sn.b);
            for (unsigned i = 0; i < t->n; i++) {
                t->add_bytes(sn.b, i, base[i], 0, 200);
                memcpy(model[i], base[i], 200);
            }
            rng_bytes(data, len);
            for (unsigned j = 0; j < len; j++)
                model[inst][off + j] ^= data[j];
            t->add_bytes(sn.b, inst, data, off, len);
            for (unsigned i = 0; i < t->n; i++) {
                t->extract_bytes(sn.b, i, got, 0, 200);
                bad += memcmp(got, model[i], 200) != 0;
            }
            memset(buf, 0x5A, sizeof buf);
            t->extract_bytes(sn.b, inst, buf + 8, off, len);
            bad += memcmp(buf + 8, model[inst] + off, len) != 0;
            for (unsigned j = 0; j < sizeof buf; j++)
                if ((j < 8 || j >= 8 + len) && buf[j] != 0x5A)
                    bad_bounds++;
        }
    }
    check(bad == 0, "%s: add/extract_bytes%u wrong in %u of %u cases", k->name, t->n, bad,
          cases);
    check(bad_bounds == 0, "%s: extract_bytes%u wrote %u bytes out of bounds", k->name, t->n,
          bad_bounds);

    test_lanes_all(k, t);

    t->initialize(sn.b);
    uint8_t zero[200] = {0};
    for (unsigned i = 0; i < t->n; i++) {
        t->extract_bytes(sn.b, i, got, 0, 200);
        check(!memcmp(got, zero, 200), "%s: initialize%u instance %u not zero", k->name, t->n,
              i);
    }

    test_fast_loop_n(k, t);
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

static void test_k12(const kp1600_kernel *k, const times_n *t)
{
    if (!t->k12_leaves)
        return;
    uint8_t *in = guarded_end(0, MAX_N * KP1600_K12_CHUNK) - t->n * KP1600_K12_CHUNK;
    static const struct {
        unsigned rate, cv_len;
    } cases[] = {{168, 32}, {136, 64}, {168, 64}, {136, 32}, {168, 168}, {136, 1}, {136, 300}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int r = 0; r < 3; r++) {
            unsigned rate = cases[c].rate, cv_len = cases[c].cv_len;
            uint8_t cv[MAX_N * 300 + 16], want[300];
            rng_bytes(in, t->n * KP1600_K12_CHUNK);
            memset(cv, 0xC3, sizeof cv);
            t->k12_leaves(in, cv, rate, cv_len);
            int ok = 1;
            for (unsigned i = 0; i < t->n; i++) {
                turboshake_leaf(k, in + i * KP1600_K12_CHUNK, rate, want, cv_len);
                ok &= !memcmp(cv + i * cv_len, want, cv_len);
            }
            for (size_t j = t->n * cv_len; j < sizeof cv; j++)
                ok &= cv[j] == 0xC3;
            check(ok, "%s: k12_leaves%u rate=%u cv_len=%u", k->name, t->n, rate, cv_len);
        }
    }
}

/* Times-n calls outside the contract (instance n, bytes past the state,
 * nrounds 0 or 25, lane counts 0 or 26) change nothing and write nothing. */
static void test_out_of_contract_n(const kp1600_kernel *k, const times_n *t)
{
    if (!t->permute)
        return;
    state_n sn;
    uint8_t want[MAX_N][200], got[200], buf[16], data[300] = {1};
    const uint8_t *ptrs[MAX_N];
    t->initialize(sn.b);
    for (unsigned i = 0; i < t->n; i++) {
        rng_bytes(want[i], 200);
        t->add_bytes(sn.b, i, want[i], 0, 200);
        ptrs[i] = data;
    }
    t->add_bytes(sn.b, t->n, data, 0, 8);
    t->add_bytes(sn.b, 0, data, 196, 8);
    memset(buf, 0x77, sizeof buf);
    t->extract_bytes(sn.b, t->n, buf, 0, 8);
    t->extract_bytes(sn.b, 1, buf, 200, 1);
    t->add_lanes_all(sn.b, ptrs, 26);
    t->permute(sn.b, 0);
    t->permute(sn.b, 25);
    int ok = buf[0] == 0x77 && t->fast_loop_absorb(sn.b, 0, ptrs, 200, 24) == 0 &&
             t->fast_loop_absorb(sn.b, 26, ptrs, 300, 24) == 0 &&
             t->fast_loop_absorb(sn.b, 21, ptrs, 300, 0) == 0;
    for (unsigned i = 0; i < t->n; i++) {
        t->extract_bytes(sn.b, i, got, 0, 200);
        ok &= !memcmp(got, want[i], 200);
    }
    check(ok, "%s: times-%u calls outside the contract were not refused", k->name, t->n);
}

/*
 * Times-1 calls outside the contract (bytes past the state, nrounds 0 or
 * 25, lane counts 0 or 26) change nothing and write nothing.
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
        const times_n t4 = times4_of(k), t8 = times8_of(k);
        test_times_n(k, &t4);
        test_times_n(k, &t8);
        test_k12(k, &t4);
        test_k12(k, &t8);
        test_out_of_contract(k);
        test_out_of_contract_n(k, &t4);
        test_out_of_contract_n(k, &t8);
        test_against_portable(k);
        printf("kernel %s: %s (times-4 %s, k12_leaves4 %s, times-8 %s, k12_leaves8 %s)\n",
               k->name, failed == before ? "ok" : "FAILED", k->permute4 ? "yes" : "no",
               k->k12_leaves4 ? "yes" : "no", k->permute8 ? "yes" : "no",
               k->k12_leaves8 ? "yes" : "no");
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
