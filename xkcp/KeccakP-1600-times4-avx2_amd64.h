/*
 * Entry points of the AVX2 times-4 Keccak-p[1600] code, for the "avx2"
 * kernel table in KeccakP-1600-avx2_amd64.c. Callers must check AVX2 first.
 *
 * Layout: 25 x 32 bytes; lane j of instance i is the 64-bit word at byte
 * 32*j + 8*i (four states interleaved lane by lane, one __m256i per lane).
 */
#ifndef XKCP_KECCAKP_1600_TIMES4_AVX2_AMD64_H
#define XKCP_KECCAKP_1600_TIMES4_AVX2_AMD64_H

#include <stddef.h>
#include <stdint.h>

void kp1600_avx2_initialize4(void *states);
void kp1600_avx2_add_bytes4(void *states, unsigned instance, const uint8_t *data,
                            unsigned offset, unsigned length);
void kp1600_avx2_extract_bytes4(const void *states, unsigned instance, uint8_t *data,
                                unsigned offset, unsigned length);
void kp1600_avx2_add_lanes_all4(void *states, const uint8_t *const data[4],
                                unsigned lane_count);
void kp1600_avx2_extract_lanes_all4(const void *states, uint8_t *const data[4],
                                    unsigned lane_count);
void kp1600_avx2_permute4(void *states, unsigned nrounds);
size_t kp1600_avx2_fast_loop_absorb4(void *states, unsigned lane_count,
                                     const uint8_t *const data[4], size_t len,
                                     unsigned nrounds);
void kp1600_avx2_k12_leaves4(const uint8_t *in, uint8_t *cv, unsigned rate,
                             unsigned cv_len);

#endif
