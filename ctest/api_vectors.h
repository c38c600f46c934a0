/*
 * Known-answer checks of the capi/keccak.h API, split so they run both on a
 * host and on bare-metal firmware:
 *
 *   api_vectors.h    this interface: one vector, the buffers, the tally
 *   api_checks.c     the checks; no heap, no files, no stdio (only snprintf),
 *                    output through api_print(), which the driver defines
 *   api_jsonl.c      host only: reads the testdata/keccak jsonl files into vectors
 *   gen_api_vectors.py  turns the same jsonl files into a C header with a
 *                    static api_vector table (build/ctest/api_vectors_data.h),
 *                    for targets without a filesystem
 *   api_test.c       host driver; -DAPI_EMBEDDED_VECTORS makes it use the
 *                    generated header instead of the files
 *
 * Long messages (RFC 9861's ptn(17^k), up to 24 MB) are never stored:
 * a vector names the pattern and the checks generate its bytes at run time,
 * all at once when the caller's message buffer is big enough, else in
 * buffer-sized pieces (then the one-shot check, which needs the message in
 * one piece, is counted as skipped).
 *
 * A firmware driver (no filesystem, no heap) is a few lines; the header
 * comes from `make c-vectors` (mk/c.mk):
 *
 *     #include "api_vectors_data.h"
 *     static uint8_t msg[64 * 1024], out[10064], ref[10064];
 *     void api_print(const char *line) { ...semihosting or UART... }
 *     int main(void) {
 *         api_buffers b = {msg, sizeof msg, out, ref, sizeof out, 0};
 *         api_tally t = {0, 0, 0};
 *         api_run_suite(api_embedded_vectors, API_EMBEDDED_VECTOR_COUNT, &b, &t);
 *         ...print "%lu passed, %lu failed" from t, return t.failed != 0;
 *     }
 *
 * out/ref must hold the largest out_len (10064 for these files); set
 * max_msg_len to leave out the multi-megabyte ptn messages where emulated
 * run time matters (they are then counted as skipped, not passed).
 */
#ifndef CTEST_API_VECTORS_H
#define CTEST_API_VECTORS_H

#include <stddef.h>
#include <stdint.h>

#include "../capi/keccak.h"

enum {
    API_MSG_BYTES = 0, /* msg holds msg_len bytes */
    API_MSG_PTN = 1,   /* RFC 9861 ptn(msg_len): byte i is i mod 251 */
    API_MSG_REPEAT = 2 /* msg_len copies of msg_byte */
};

typedef struct api_vector {
    keccak_alg alg;
    uint8_t domain;          /* TurboSHAKE's D; 0 for SHA3/SHAKE */
    uint8_t msg_kind;        /* API_MSG_* */
    uint8_t msg_byte;        /* API_MSG_REPEAT only */
    const uint8_t *msg;      /* API_MSG_BYTES only */
    size_t msg_len;
    size_t out_len;          /* output bytes to produce */
    size_t expected_offset;  /* expected covers output [expected_offset, out_len) */
    const uint8_t *expected;
    const char *src;         /* "file:line", for failure messages */
} api_vector;

/* Caller-owned scratch memory. out and ref need the largest out_len of the
 * vectors; msg should hold the longest generated message (smaller works:
 * see above). */
typedef struct api_buffers {
    uint8_t *msg;
    size_t msg_cap;
    uint8_t *out;
    uint8_t *ref;
    size_t out_cap;
    size_t max_msg_len; /* 0: no limit; longer messages are skipped */
} api_buffers;

typedef struct api_tally {
    unsigned long passed;
    unsigned long failed;
    unsigned long skipped;
} api_tally;

/* Supplied by the driver: prints one line (no trailing newline given). */
void api_print(const char *line);

/* Runs every vector through the one-shot API and, on every kernel in
 * kp1600_kernels[] this CPU supports, through the incremental API with
 * several update and squeeze split patterns; then the error-path checks on
 * each such kernel. Failures are printed as they happen. */
void api_run_suite(const api_vector *vectors, size_t count, const api_buffers *buf,
                   api_tally *tally);

/* The pieces of api_run_suite, for drivers that want to pick. */
void api_check_vector(const api_vector *v, const kp1600_kernel *k, const api_buffers *buf,
                      api_tally *tally);
void api_check_oneshot(const api_vector *v, const api_buffers *buf, api_tally *tally);
void api_check_errors(const kp1600_kernel *k, api_tally *tally);

#endif
