#include "bench_markers.h"

/* noipa: the compiler must neither inline these nor assume they do nothing,
 * so every call really lands on the marker address. */
__attribute__((noinline, noipa)) void bench_start(void)
{
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline, noipa)) void bench_stop(void)
{
    __asm__ volatile("" ::: "memory");
}
