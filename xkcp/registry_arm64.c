/*
 * The kernels compiled for arm64, best last. Both SHA3 kernels run the
 * SHA3 instructions two states at a time; they differ in times-1. Apple's
 * cores run those instructions fast on one state too (crypto/sha3 uses them
 * on darwin only), while on some other cores (Cortex-X2, Neoverse V2) one
 * state is faster in scalar code: there arm64sha3x2, with the portable
 * times-1, comes last. docs/ARM.md has the published figures.
 */
#include "kernel.h"

extern const kp1600_kernel kp1600_portable;
extern const kp1600_kernel kp1600_arm64sha3;
extern const kp1600_kernel kp1600_arm64sha3x2;

const kp1600_kernel *const kp1600_kernels[] = {
#if defined(__APPLE__)
    &kp1600_portable, &kp1600_arm64sha3x2, &kp1600_arm64sha3,
#else
    &kp1600_portable, &kp1600_arm64sha3, &kp1600_arm64sha3x2,
#endif
};
const unsigned kp1600_kernel_count = sizeof kp1600_kernels / sizeof kp1600_kernels[0];
