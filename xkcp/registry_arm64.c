/* The kernels compiled for arm64, best last. */
#include "kernel.h"

extern const kp1600_kernel kp1600_portable;
extern const kp1600_kernel kp1600_arm64sha3;

const kp1600_kernel *const kp1600_kernels[] = {&kp1600_portable, &kp1600_arm64sha3};
const unsigned kp1600_kernel_count = sizeof kp1600_kernels / sizeof kp1600_kernels[0];
