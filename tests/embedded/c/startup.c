/* Cortex-M start-up for the C firmware (M0, M3, M4F): the vector table, and a reset handler that
 * enables the FPU on hard-float builds, copies .data, zeroes .bss, runs main() and reports its
 * status through semihosting. */
#include <stdint.h>

#include "semihost.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _stack_start;
int main(void);
void reset_handler(void);
void fault_handler(void);

void reset_handler(void) {
#if defined(__ARM_FP)
    /* Hard-float build (Cortex-M4F): full access to the coprocessors CP10 and CP11 (CPACR). */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    uint32_t *src = &_sidata;
    uint32_t *dst = &_sdata;
    while (dst < &_edata) {
        *dst++ = *src++;
    }
    for (dst = &_sbss; dst < &_ebss; dst++) {
        *dst = 0;
    }
    host_exit(main() == 0);
}

void fault_handler(void) {
    host_puts("FAULT: a hard fault or other exception\n0 passed, 1 failed\n");
    host_exit(0);
}

/* Initial stack pointer, reset, then the 14 system exceptions (all faults report and fail; the
 * SysTick counts its wraps for the instruction counts, semihost.h). */
__attribute__((section(".vectors"), used)) const uintptr_t vector_table[16] = {
    (uintptr_t)&_stack_start,  (uintptr_t)reset_handler, (uintptr_t)fault_handler, (uintptr_t)fault_handler,
    (uintptr_t)fault_handler,  (uintptr_t)fault_handler, (uintptr_t)fault_handler, 0,
    0,                         0,                        0,                        (uintptr_t)fault_handler,
    (uintptr_t)fault_handler,  0,                        (uintptr_t)fault_handler, (uintptr_t)insn_systick_handler,
};
