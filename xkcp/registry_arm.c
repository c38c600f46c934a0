/* The kernels compiled for 32-bit ARM (GOARCH=arm, bare-metal Cortex-M4),
 * best last. */
#include "kernel.h"

extern const kp1600_kernel kp1600_portable;
extern const kp1600_kernel kp1600_armv7m;

const kp1600_kernel *const kp1600_kernels[] = {&kp1600_portable, &kp1600_armv7m};
const unsigned kp1600_kernel_count = sizeof kp1600_kernels / sizeof kp1600_kernels[0];
