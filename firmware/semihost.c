/* Semihosting calls: BKPT 0xAB on M-profile, operation in r0, argument
 * (a pointer to a parameter block, or a string) in r1. */
#include "semihost.h"

enum {
    SH_SYS_WRITE0 = 0x04,
    SH_SYS_EXIT = 0x18,
    SH_SYS_EXIT_EXTENDED = 0x20,
    SH_APPLICATION_EXIT = 0x20026,  /* ADP_Stopped_ApplicationExit */
    SH_RUNTIME_ERROR = 0x20023      /* ADP_Stopped_RunTimeErrorUnknown */
};

static uint32_t sh_call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void sh_write(const char *s)
{
    sh_call(SH_SYS_WRITE0, s);
}

void sh_write_u32(uint32_t v)
{
    char buf[12];
    char *p = buf + sizeof buf - 1;
    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    sh_write(p);
}

void sh_write_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char buf[2 * 32 + 1];
    while (n > 0) {
        size_t k = n < 32 ? n : 32;
        for (size_t i = 0; i < k; i++) {
            buf[2 * i] = digits[p[i] >> 4];
            buf[2 * i + 1] = digits[p[i] & 15];
        }
        buf[2 * k] = 0;
        sh_write(buf);
        p += k;
        n -= k;
    }
}

void sh_exit(int status)
{
    /* SYS_EXIT_EXTENDED carries the status; plain SYS_EXIT (for hosts that
     * lack the extended call) can only say success or failure. */
    uint32_t block[2] = {SH_APPLICATION_EXIT, (uint32_t)status};
    sh_call(SH_SYS_EXIT_EXTENDED, block);
    sh_call(SH_SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? SH_APPLICATION_EXIT
                                                                 : SH_RUNTIME_ERROR));
    for (;;)
        __asm__ volatile("wfi");
}
