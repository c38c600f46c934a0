/* Messages for the KECCAK_* return codes. */
#include "keccak.h"

const char *keccak_strerror(int code)
{
    switch (code) {
    case KECCAK_OK:
        return "success";
    case KECCAK_ERR_ARG:
        return "invalid argument (NULL pointer or unknown algorithm)";
    case KECCAK_ERR_DOMAIN:
        return "invalid domain byte (TurboSHAKE needs 0x01..0x7F; SHA3/SHAKE take 0)";
    case KECCAK_ERR_PHASE:
        return "call not allowed in this context state (update after squeeze, spent or uninitialized context)";
    case KECCAK_ERR_MODE:
        return "wrong finishing call for this algorithm (final is for SHA3, squeeze for XOFs)";
    case KECCAK_ERR_LENGTH:
        return "output buffer shorter than the digest";
    case KECCAK_ERR_KERNEL:
        return "kernel needs CPU features this CPU does not have";
    default:
        return "unknown error code";
    }
}
