/* Picking a kernel from kp1600_kernels[] by the running CPU's features.
 * The one place in capi/ with target-specific code: C-only programs
 * detect features here; the Go library reads them with cpuid
 * (internal/cpu) and never calls this. */
#include "keccak.h"

#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#elif defined(__aarch64__) && defined(__APPLE__)
#include <sys/sysctl.h>
#endif

unsigned keccak_cpu_features(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    unsigned f = 0;
    /* Cheap and idempotent; needed when called before constructors ran. */
    __builtin_cpu_init();
    /* libgcc's avx2 check includes the OS enabling YMM state (XGETBV). */
    if (__builtin_cpu_supports("avx2"))
        f |= KP1600_FEATURE_AVX2;
    if (__builtin_cpu_supports("bmi2"))
        f |= KP1600_FEATURE_BMI2;
    /* Likewise with the ZMM and mask state (XCR0 bits 5-7) for these. */
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
        f |= KP1600_FEATURE_AVX512;
    return f;
#elif defined(__aarch64__) && defined(__linux__)
    /* The kernel's hardware capabilities (HWCAP_SHA3 is bit 17). */
    return (getauxval(AT_HWCAP) & (1ul << 17)) ? KP1600_FEATURE_ARM64_SHA3 : 0;
#elif defined(__aarch64__) && defined(__APPLE__)
    int have = 0;
    size_t len = sizeof have;
    if (sysctlbyname("hw.optional.armv8_2_sha3", &have, &len, NULL, 0) != 0)
        have = 0;
    return have ? KP1600_FEATURE_ARM64_SHA3 : 0;
#else
    /* No feature detection: only kernels needing nothing are eligible. */
    return 0;
#endif
}

int keccak_kernel_supported(const kp1600_kernel *k)
{
    return k != NULL && (k->features & ~keccak_cpu_features()) == 0;
}

const kp1600_kernel *keccak_best_kernel(void)
{
    /* The registry lists kernels best last; [0] (portable) needs nothing. */
    const unsigned have = keccak_cpu_features();
    for (unsigned i = kp1600_kernel_count; i-- > 1;) {
        if ((kp1600_kernels[i]->features & ~have) == 0)
            return kp1600_kernels[i];
    }
    return kp1600_kernels[0];
}
