/*
 * Times-1 entry points of the "avx2" kernel (KeccakP-1600-avx2_amd64.c),
 * shared with the "avx512" kernel table. Callers must check BMI1/BMI2 first.
 * The state is the 25 FIPS 202 lanes, 8-byte aligned.
 */
#ifndef XKCP_KECCAKP_1600_AVX2_AMD64_H
#define XKCP_KECCAKP_1600_AVX2_AMD64_H

#include <stddef.h>
#include <stdint.h>

void kp1600_avx2_initialize(void *state);
void kp1600_avx2_add_bytes(void *state, const uint8_t *data, unsigned offset, unsigned length);
void kp1600_avx2_extract_bytes(const void *state, uint8_t *data, unsigned offset,
                               unsigned length);
void kp1600_avx2_permute(void *state, unsigned nrounds);
size_t kp1600_avx2_fast_loop_absorb(void *state, unsigned lane_count, const uint8_t *data,
                                    size_t len, unsigned nrounds);

#endif
