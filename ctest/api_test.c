/*
 * Host driver for the keccak.h API checks.
 *
 *   api_test [--msg-cap N] [--max-msg N] [DIR]
 *
 * reads DIR/{sha3_shortmsgkat_xkcp,shake_shortmsgkat_xkcp,
 * turboshake_rfc9861}.jsonl (default testdata/keccak). --msg-cap limits the
 * message buffer as firmware must (longer pattern messages are then fed in
 * pieces and their one-shot checks skipped); --max-msg skips vectors with
 * longer messages. By default the buffers fit everything: nothing skipped.
 *
 * Built with -DAPI_EMBEDDED_VECTORS it takes the vectors from the header
 * gen_api_vectors.py generated from the same files instead (the form a
 * firmware build without a filesystem uses; mk/c.mk builds and runs both
 * on the host so the generator stays honest).
 *
 * Last line: "N passed, M failed"; exit status 1 on any failure, or when
 * no vectors were loaded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_vectors.h"

#ifdef API_EMBEDDED_VECTORS
#include "api_vectors_data.h"
#else
#include "api_jsonl.h"
#endif

void api_print(const char *line)
{
    puts(line);
    fflush(stdout);
}

/* The files and their record counts (README of the vector set); a short
 * count means the reader lost records. */
static const struct {
    const char *file;
    long records;
} vector_files[] = {
    {"sha3_shortmsgkat_xkcp.jsonl", 1024},
    {"shake_shortmsgkat_xkcp.jsonl", 512},
    {"turboshake_rfc9861.jsonl", 31},
};

static int size_arg(const char *s, size_t *out)
{
    char *end;
    if (s[0] < '0' || s[0] > '9')
        return 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != 0)
        return 0;
    *out = (size_t)v;
    return 1;
}

int main(int argc, char **argv)
{
    const char *dir = "testdata/keccak";
    size_t msg_cap_limit = 0, max_msg = 0;
    for (int i = 1; i < argc; i++) {
        const char *next = i + 1 < argc ? argv[i + 1] : "";
        if (strcmp(argv[i], "--msg-cap") == 0 && size_arg(next, &msg_cap_limit) &&
            msg_cap_limit > 0) {
            i++;
        } else if (strcmp(argv[i], "--max-msg") == 0 && size_arg(next, &max_msg)) {
            i++;
        } else if (argv[i][0] != '-') {
            dir = argv[i];
        } else {
            fprintf(stderr, "usage: %s [--msg-cap N] [--max-msg N] [DIR]\n", argv[0]);
            return 2;
        }
    }

    const api_vector *vs;
    size_t n = 0;
    int load_failed = 0;
    long want = 0;
    for (size_t i = 0; i < sizeof vector_files / sizeof vector_files[0]; i++)
        want += vector_files[i].records;

#ifdef API_EMBEDDED_VECTORS
    (void)dir;
    vs = api_embedded_vectors;
    n = API_EMBEDDED_VECTOR_COUNT;
    printf("vectors: %lu embedded (%s)\n", (unsigned long)n, API_EMBEDDED_SOURCES);
#else
    api_vector *loaded = NULL;
    for (size_t i = 0; i < sizeof vector_files / sizeof vector_files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, vector_files[i].file);
        long got = api_jsonl_load(path, &loaded, &n);
        if (got != vector_files[i].records) {
            printf("FAIL loading %s: %ld records, want %ld\n", path, got,
                   vector_files[i].records);
            load_failed = 1;
        }
    }
    vs = loaded;
    printf("vectors: %lu from %s\n", (unsigned long)n, dir);
#endif
    if ((long)n != want) {
        printf("FAIL: %lu vectors, want %ld\n", (unsigned long)n, want);
        load_failed = 1;
    }

    /* Buffers that fit every message and output unless limited. */
    api_buffers buf = {0};
    for (size_t i = 0; i < n; i++) {
        if (vs[i].msg_kind != API_MSG_BYTES && vs[i].msg_len > buf.msg_cap)
            buf.msg_cap = vs[i].msg_len;
        if (vs[i].out_len > buf.out_cap)
            buf.out_cap = vs[i].out_len;
    }
    if (msg_cap_limit != 0 && buf.msg_cap > msg_cap_limit)
        buf.msg_cap = msg_cap_limit;
    buf.max_msg_len = max_msg;
    if (msg_cap_limit != 0 || max_msg != 0)
        printf("message buffer %lu bytes, max message %lu bytes (0: none)\n",
               (unsigned long)buf.msg_cap, (unsigned long)max_msg);
    buf.msg = malloc(buf.msg_cap + 1);
    buf.out = malloc(buf.out_cap + 1);
    buf.ref = malloc(buf.out_cap + 1);
    if (!buf.msg || !buf.out || !buf.ref) {
        puts("out of memory");
        return 1;
    }

    printf("best kernel: %s (cpu features 0x%x)\n", keccak_best_kernel()->name,
           keccak_cpu_features());
    api_tally t = {0, 0, 0};
    api_run_suite(vs, n, &buf, &t);

    free(buf.msg);
    free(buf.out);
    free(buf.ref);
#ifndef API_EMBEDDED_VECTORS
    api_jsonl_free(loaded, n);
#endif
    if (load_failed)
        t.failed++;
    if (t.skipped != 0)
        printf("%lu checks skipped (message buffer or --max-msg limit)\n", t.skipped);
    printf("%lu passed, %lu failed\n", t.passed, t.failed);
    return t.failed != 0 || t.passed == 0;
}
