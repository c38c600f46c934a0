/*
 * The sponge behind keccak.h: init, absorb, pad, squeeze, for SHA3, SHAKE
 * and TurboSHAKE. All permutation work goes through the context's kernel
 * table; whole input blocks are absorbed in place by fast_loop_absorb.
 */
#include "keccak.h"

/* Context phases. 0 is invalid so that a zeroed or wiped context, or one
 * whose init failed, is refused by every call. */
enum {
    PHASE_INVALID = 0,
    PHASE_ABSORB = 1,
    PHASE_SQUEEZE = 2,
    PHASE_DONE = 3 /* SHA3 after keccak_final */
};

typedef struct alg_params {
    uint8_t rate;       /* bytes: 200 - 2 * security/8 */
    uint8_t digest_len; /* 0 for XOFs */
    uint8_t domain;     /* 0: caller supplies D (TurboSHAKE) */
    uint8_t rounds;
} alg_params;

static const alg_params params[] = {
    [KECCAK_SHA3_224] = {144, 28, 0x06, 24},
    [KECCAK_SHA3_256] = {136, 32, 0x06, 24},
    [KECCAK_SHA3_384] = {104, 48, 0x06, 24},
    [KECCAK_SHA3_512] = {72, 64, 0x06, 24},
    [KECCAK_SHAKE128] = {168, 0, 0x1F, 24},
    [KECCAK_SHAKE256] = {136, 0, 0x1F, 24},
    [KECCAK_TURBOSHAKE128] = {168, 0, 0, 12},
    [KECCAK_TURBOSHAKE256] = {136, 0, 0, 12},
};

int keccak_init_kernel(keccak_ctx *ctx, keccak_alg alg, uint8_t domain,
                       const kp1600_kernel *kernel)
{
    if (ctx == NULL)
        return KECCAK_ERR_ARG;
    ctx->phase = PHASE_INVALID;
    if ((unsigned)alg >= sizeof params / sizeof params[0] || kernel == NULL)
        return KECCAK_ERR_ARG;
    const alg_params *p = &params[alg];
    if (p->domain == 0) {
        /* TurboSHAKE: D must be non-zero and leave the top bit free for the
         * final padding bit (RFC 9861, section 2.2). */
        if (domain < 0x01 || domain > 0x7F)
            return KECCAK_ERR_DOMAIN;
    } else {
        if (domain != 0)
            return KECCAK_ERR_DOMAIN;
        domain = p->domain;
    }
    if (!keccak_kernel_supported(kernel))
        return KECCAK_ERR_KERNEL;

    kernel->initialize(ctx->state);
    ctx->kernel = kernel;
    ctx->rate = p->rate;
    ctx->pos = 0;
    ctx->domain = domain;
    ctx->rounds = p->rounds;
    ctx->digest_len = p->digest_len;
    ctx->phase = PHASE_ABSORB;
    return KECCAK_OK;
}

int keccak_init(keccak_ctx *ctx, keccak_alg alg)
{
    return keccak_init_kernel(ctx, alg, 0, keccak_best_kernel());
}

int keccak_init_turboshake(keccak_ctx *ctx, keccak_alg alg, uint8_t domain)
{
    if (alg != KECCAK_TURBOSHAKE128 && alg != KECCAK_TURBOSHAKE256) {
        if (ctx != NULL)
            ctx->phase = PHASE_INVALID;
        return KECCAK_ERR_ARG;
    }
    return keccak_init_kernel(ctx, alg, domain, keccak_best_kernel());
}

int keccak_update(keccak_ctx *ctx, const uint8_t *in, size_t len)
{
    if (ctx == NULL)
        return KECCAK_ERR_ARG;
    if (ctx->phase != PHASE_ABSORB)
        return KECCAK_ERR_PHASE;
    if (len == 0)
        return KECCAK_OK;
    if (in == NULL)
        return KECCAK_ERR_ARG;

    const kp1600_kernel *k = ctx->kernel;
    const unsigned rate = ctx->rate;

    /* Top up a partial block first. */
    if (ctx->pos != 0) {
        unsigned n = rate - ctx->pos;
        if (len < n)
            n = (unsigned)len;
        k->add_bytes(ctx->state, in, ctx->pos, n);
        ctx->pos += n;
        in += n;
        len -= n;
        if (ctx->pos < rate)
            return KECCAK_OK;
        k->permute(ctx->state, ctx->rounds);
        ctx->pos = 0;
    }
    /* Whole blocks, in place. */
    if (len >= rate) {
        size_t used = k->fast_loop_absorb(ctx->state, rate / 8, in, len, ctx->rounds);
        in += used;
        len -= used;
    }
    /* The tail starts a new partial block. */
    if (len != 0) {
        k->add_bytes(ctx->state, in, 0, (unsigned)len);
        ctx->pos = (unsigned)len;
    }
    return KECCAK_OK;
}

/* Appends the domain byte and the final 1 bit of pad10*1 (they share a
 * byte when pos == rate-1: add_bytes XORs, so both land), permutes, and
 * switches to squeezing from the start of the block. */
static void pad_and_permute(keccak_ctx *ctx)
{
    const uint8_t d = ctx->domain;
    const uint8_t last = 0x80;
    ctx->kernel->add_bytes(ctx->state, &d, ctx->pos, 1);
    ctx->kernel->add_bytes(ctx->state, &last, ctx->rate - 1, 1);
    ctx->kernel->permute(ctx->state, ctx->rounds);
    ctx->pos = 0;
    ctx->phase = PHASE_SQUEEZE;
}

/* Overwrites the state through volatile stores, which the compiler may
 * not drop as dead even when the context is about to go out of scope. */
static void wipe_state(keccak_ctx *ctx)
{
    volatile uint64_t *lanes = ctx->state;
    for (unsigned i = 0; i < KP1600_STATE_BYTES / 8; i++)
        lanes[i] = 0;
}

int keccak_final(keccak_ctx *ctx, uint8_t *out, size_t out_len)
{
    if (ctx == NULL)
        return KECCAK_ERR_ARG;
    if (ctx->phase == PHASE_INVALID || ctx->phase == PHASE_DONE)
        return KECCAK_ERR_PHASE;
    if (ctx->digest_len == 0)
        return KECCAK_ERR_MODE;
    if (out == NULL)
        return KECCAK_ERR_ARG;
    if (out_len < ctx->digest_len)
        return KECCAK_ERR_LENGTH;

    /* A SHA3 digest is shorter than any SHA3 rate: one extraction. */
    pad_and_permute(ctx);
    ctx->kernel->extract_bytes(ctx->state, out, 0, ctx->digest_len);
    wipe_state(ctx);
    ctx->phase = PHASE_DONE;
    return KECCAK_OK;
}

int keccak_squeeze(keccak_ctx *ctx, uint8_t *out, size_t len)
{
    if (ctx == NULL)
        return KECCAK_ERR_ARG;
    if (ctx->phase == PHASE_INVALID || ctx->phase == PHASE_DONE)
        return KECCAK_ERR_PHASE;
    if (ctx->digest_len != 0)
        return KECCAK_ERR_MODE;
    if (out == NULL && len != 0)
        return KECCAK_ERR_ARG;

    if (ctx->phase == PHASE_ABSORB)
        pad_and_permute(ctx);
    const kp1600_kernel *k = ctx->kernel;
    while (len != 0) {
        /* Permute lazily, only once more output is actually wanted. */
        if (ctx->pos == ctx->rate) {
            k->permute(ctx->state, ctx->rounds);
            ctx->pos = 0;
        }
        unsigned n = ctx->rate - ctx->pos;
        if (len < n)
            n = (unsigned)len;
        k->extract_bytes(ctx->state, out, ctx->pos, n);
        ctx->pos += n;
        out += n;
        len -= n;
    }
    return KECCAK_OK;
}

size_t keccak_digest_size(const keccak_ctx *ctx)
{
    return ctx == NULL ? 0 : ctx->digest_len;
}

void keccak_wipe(keccak_ctx *ctx)
{
    if (ctx == NULL)
        return;
    wipe_state(ctx);
    ctx->kernel = NULL;
    ctx->rate = 0;
    ctx->pos = 0;
    ctx->domain = 0;
    ctx->rounds = 0;
    ctx->digest_len = 0;
    ctx->phase = PHASE_INVALID;
}
