/* One-shot SHA3, SHAKE and TurboSHAKE: a stack context on the best kernel,
 * wiped before returning so no input-derived state is left behind. */
#include "keccak.h"

static int oneshot(keccak_alg alg, uint8_t domain, uint8_t *out, size_t out_len,
                   const uint8_t *in, size_t len)
{
    keccak_ctx c;
    int r = keccak_init_kernel(&c, alg, domain, keccak_best_kernel());
    if (r == KECCAK_OK)
        r = keccak_update(&c, in, len);
    if (r == KECCAK_OK) {
        if (keccak_digest_size(&c) != 0)
            r = keccak_final(&c, out, out_len);
        else
            r = keccak_squeeze(&c, out, out_len);
    }
    keccak_wipe(&c);
    return r;
}

int keccak_sha3_224(uint8_t out[28], const uint8_t *in, size_t len)
{
    return oneshot(KECCAK_SHA3_224, 0, out, 28, in, len);
}

int keccak_sha3_256(uint8_t out[32], const uint8_t *in, size_t len)
{
    return oneshot(KECCAK_SHA3_256, 0, out, 32, in, len);
}

int keccak_sha3_384(uint8_t out[48], const uint8_t *in, size_t len)
{
    return oneshot(KECCAK_SHA3_384, 0, out, 48, in, len);
}

int keccak_sha3_512(uint8_t out[64], const uint8_t *in, size_t len)
{
    return oneshot(KECCAK_SHA3_512, 0, out, 64, in, len);
}

int keccak_shake128(uint8_t *out, size_t out_len, const uint8_t *in, size_t len)
{
    return oneshot(KECCAK_SHAKE128, 0, out, out_len, in, len);
}

int keccak_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t len)
{
    return oneshot(KECCAK_SHAKE256, 0, out, out_len, in, len);
}

int keccak_turboshake128(uint8_t *out, size_t out_len, const uint8_t *in, size_t len,
                         uint8_t domain)
{
    return oneshot(KECCAK_TURBOSHAKE128, domain, out, out_len, in, len);
}

int keccak_turboshake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t len,
                         uint8_t domain)
{
    return oneshot(KECCAK_TURBOSHAKE256, domain, out, out_len, in, len);
}
