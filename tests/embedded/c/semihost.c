/* See semihost.h. Semihosting: on Arm `bkpt 0xab` with the operation in r0 and its parameter in
 * r1; on RISC-V the slli/ebreak/srai sequence with a0 and a1. */
#include "semihost.h"

#define SYS_WRITE0 0x04u
#define SYS_EXIT 0x18u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define ADP_STOPPED_RUN_TIME_ERROR_UNKNOWN 0x20023u


#if defined(__riscv)
/* RISC-V: a0 = operation, a1 = parameter; the uncompressed slli/ebreak/srai sequence. */
static uintptr_t semihost_call(uintptr_t op, uintptr_t arg) {
    register uintptr_t a0 __asm__("a0") = op;
    register uintptr_t a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n\t.option norvc\n\t.balign 16\n\t"
                     "slli x0, x0, 0x1f\n\tebreak\n\tsrai x0, x0, 7\n\t.option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}
#else
static uintptr_t semihost_call(uintptr_t op, uintptr_t arg) {
    register uintptr_t r0 __asm__("r0") = op;
    register uintptr_t r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt #0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
#endif

void host_puts(const char *text) { (void)semihost_call(SYS_WRITE0, (uintptr_t)text); }

void host_putu64(uint64_t value) {
    char digits[24];
    size_t at = sizeof digits - 1;
    digits[at] = '\0';
    do {
        digits[--at] = (char)('0' + (int)(value % 10u));
        value /= 10u;
    } while (value != 0u && at > 0u);
    host_puts(&digits[at]);
}

void host_putu(unsigned long value) { host_putu64((uint64_t)value); }

void host_exit(int success) {
    for (;;) {
        (void)semihost_call(SYS_EXIT, success ? ADP_STOPPED_APPLICATION_EXIT : ADP_STOPPED_RUN_TIME_ERROR_UNKNOWN);
    }
}

size_t text_len(const char *text) {
    size_t len = 0;
    while (text[len] != '\0') {
        len++;
    }
    return len;
}

int text_eq(const char *a, const char *b) {
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

uintptr_t stack_painted_top;

uint32_t insn_per_tick_milli;

#if defined(__riscv)
void insn_calibrate(void) { insn_per_tick_milli = 0u; }
#else
volatile uint32_t insn_wraps;

void insn_systick_handler(void) { insn_wraps++; }

void insn_calibrate(void) {
    /* 2 instructions per iteration (subs, bne) plus a few around it, 200,000 in all. */
    uint32_t n = 100000u;
    uint64_t start, ticks;
    *(volatile uint32_t *)0xE000E014u = INSN_TICK_MASK; /* SYST_RVR */
    *(volatile uint32_t *)0xE000E018u = 0u;             /* SYST_CVR: reload */
    *(volatile uint32_t *)0xE000E010u = 7u;             /* SYST_CSR: enabled, exception on wrap, processor clock */
    start = insn_ticks();
    __asm__ volatile(".syntax unified\n1:\n\tsubs %0, %0, #1\n\tbne 1b" : "+l"(n) : : "cc");
    ticks = insn_ticks() - start;
    insn_per_tick_milli = ticks == 0u || ticks > 200000u ? 0u : (uint32_t)(200000000u / ticks);
}
#endif
