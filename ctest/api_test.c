/*
 * Host driver for the keccak.h API checks.
 *
 *   api_test [DIR]   reads DIR/{sha3_shortmsgkat_xkcp,shake_shortmsgkat_xkcp,
 *                    turboshake_rfc9861}.jsonl (default testdata/keccak)
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

int main(int argc, char **argv)
{
    api_vector *vs = NULL;
    size_t n = 0;
    int load_failed = 0;
    long want = 0;
    for (size_t i = 0; i < sizeof vector_files / sizeof vector_files[0]; i++)
        want += vector_files[i].records;

#ifdef API_EMBEDDED_VECTORS
    (void)argc;
    (void)argv;
    vs = (api_vector *)api_embedded_vectors;
    n = API_EMBEDDED_VECTOR_COUNT;
    printf("vectors: %lu embedded (%s)\n", (unsigned long)n, API_EMBEDDED_SOURCES);
#else
    const char *dir = argc > 1 ? argv[1] : "testdata/keccak";
    for (size_t i = 0; i < sizeof vector_files / sizeof vector_files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, vector_files[i].file);
        long got = api_jsonl_load(path, &vs, &n);
        if (got != vector_files[i].records) {
            printf("FAIL loading %s: %ld records, want %ld\n", path, got,
                   vector_files[i].records);
            load_failed = 1;
        }
    }
    printf("vectors: %lu from %s\n", (unsigned long)n, dir);
#endif
    if ((long)n != want) {
        printf("FAIL: %lu vectors, want %ld\n", (unsigned long)n, want);
        load_failed = 1;
    }

    /* Scratch big enough for every message and output: nothing skipped. */
    api_buffers buf = {0};
    for (size_t i = 0; i < n; i++) {
        if (vs[i].msg_kind != API_MSG_BYTES && vs[i].msg_len > buf.msg_cap)
            buf.msg_cap = vs[i].msg_len;
        if (vs[i].out_len > buf.out_cap)
            buf.out_cap = vs[i].out_len;
    }
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
    api_jsonl_free(vs, n);
#endif
    if (load_failed)
        t.failed++;
    if (t.skipped != 0)
        printf("%lu checks skipped (not enough memory)\n", t.skipped);
    printf("%lu passed, %lu failed\n", t.passed, t.failed);
    return t.failed != 0 || t.passed == 0;
}
