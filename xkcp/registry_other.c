//go:build !amd64 && !arm && !arm64

/* Targets without a dedicated kernel: the portable C one only. */
#include "kernel.h"

extern const kp1600_kernel kp1600_portable;

const kp1600_kernel *const kp1600_kernels[] = {&kp1600_portable};
const unsigned kp1600_kernel_count = sizeof kp1600_kernels / sizeof kp1600_kernels[0];
