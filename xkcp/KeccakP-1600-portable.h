/*
 * The times-1 entry points of the "portable" kernel, for kernel tables that
 * pair them with wider entry points of their own (arm64sha3x2).
 */
#ifndef XKCP_KECCAKP_1600_PORTABLE_H
#define XKCP_KECCAKP_1600_PORTABLE_H

#include <stddef.h>
#include <stdint.h>

void kp1600_portable_initialize(void *state);
void kp1600_portable_add_bytes(void *state, const uint8_t *data, unsigned offset,
                               unsigned length);
void kp1600_portable_extract_bytes(const void *state, uint8_t *data, unsigned offset,
                                   unsigned length);
void kp1600_portable_permute(void *state, unsigned nrounds);
size_t kp1600_portable_fast_loop_absorb(void *state, unsigned lane_count, const uint8_t *data,
                                        size_t len, unsigned nrounds);

#endif
