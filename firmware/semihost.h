/*
 * ARM semihosting for the firmware under QEMU (-semihosting-config
 * enable=on): text output to the host and the exit status of the run.
 */
#ifndef FIRMWARE_SEMIHOST_H
#define FIRMWARE_SEMIHOST_H

#include <stddef.h>
#include <stdint.h>

void sh_write(const char *s);                    /* a NUL-terminated string, as is */
void sh_write_u32(uint32_t v);                   /* decimal */
void sh_write_hex(const uint8_t *p, size_t n);   /* lower-case hex */
__attribute__((noreturn)) void sh_exit(int status);  /* QEMU exits with status */

#endif
