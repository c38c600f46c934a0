/* Host-only reader of the known-answer JSON lines (testdata/keccak/). */
#ifndef CTEST_API_JSONL_H
#define CTEST_API_JSONL_H

#include "api_vectors.h"

/* Appends every record of the file at path to *vs (grown with realloc;
 * *vs may start NULL with *n == 0). Any unreadable or unexpected record is
 * an error: it is printed and -1 returned. Returns the number of records
 * read otherwise. */
long api_jsonl_load(const char *path, api_vector **vs, size_t *n);

/* Frees what api_jsonl_load allocated. */
void api_jsonl_free(api_vector *vs, size_t n);

#endif
