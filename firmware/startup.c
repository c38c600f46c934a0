/*
 * Reset and fault handling for the Cortex-M4 firmware: the vector table,
 * .data/.bss set-up, then main(); its return value becomes QEMU's exit
 * status through semihosting. No CMSIS, no C runtime start files.
 */
#include <stdint.h>

#include "semihost.h"

extern uint32_t fw_stack_top[], fw_data_start[], fw_data_end[], fw_data_image[];
extern uint32_t fw_bss_start[], fw_bss_end[];
int main(void);

__attribute__((noreturn)) void reset_handler(void);

void reset_handler(void)
{
    const uint32_t *src = fw_data_image;
    for (uint32_t *p = fw_data_start; p < fw_data_end;)
        *p++ = *src++;
    for (uint32_t *p = fw_bss_start; p < fw_bss_end;)
        *p++ = 0;
#if defined(__ARM_FP)
    /* Hard-float builds: grant CP10/CP11 (the FPU) before any FP code. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    sh_exit(main());
}

/* Any fault is a test failure: say so and stop with a distinctive status. */
static void fault_handler(void)
{
    sh_write("firmware: unexpected exception (fault)\n");
    sh_exit(99);
}

/* The 16 core exception vectors; no external interrupt is ever enabled. */
__attribute__((section(".vectors"), used)) static const void *const vectors[16] = {
    fw_stack_top,  reset_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, fault_handler, 0,
    0,             0,             0,             fault_handler,
    fault_handler, 0,             fault_handler, fault_handler,
};
