/* The kernels compiled for x86-64, best last. */
#include "kernel.h"

extern const kp1600_kernel kp1600_portable;
extern const kp1600_kernel kp1600_avx2;
extern const kp1600_kernel kp1600_avx512;

const kp1600_kernel *const kp1600_kernels[] = {&kp1600_portable, &kp1600_avx2, &kp1600_avx512};
const unsigned kp1600_kernel_count = sizeof kp1600_kernels / sizeof kp1600_kernels[0];
