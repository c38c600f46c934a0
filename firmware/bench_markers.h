/*
 * Region markers for tools/qemu-insncount: the plugin counts the guest
 * instructions executed from the entry of bench_start() to the entry of
 * bench_stop(). They are empty out-of-line functions in their own file.
 */
#ifndef FIRMWARE_BENCH_MARKERS_H
#define FIRMWARE_BENCH_MARKERS_H

void bench_start(void);
void bench_stop(void);

#endif
