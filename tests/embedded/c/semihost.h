/* Minimal bare-metal runtime for the C firmware: Arm and RISC-V semihosting output and exit (qemu
 * `-semihosting-config enable=on,target=native`), small text helpers (no libc), and stack
 * high-water measurement by painting. */
#ifndef PARLOR_EMBEDDED_SEMIHOST_H
#define PARLOR_EMBEDDED_SEMIHOST_H
#include <stddef.h>
#include <stdint.h>

/* Prints a NUL-terminated string on the host. */
void host_puts(const char *text);
/* Prints an unsigned number in decimal. */
void host_putu(unsigned long value);
/* Prints an unsigned 64-bit number in decimal (instruction counts past 2^32). */
void host_putu64(uint64_t value);
/* Ends the emulation: qemu exits with status 0 when `success` is non-zero, 1 otherwise. */
void host_exit(int success);

/* Length of a NUL-terminated string. */
size_t text_len(const char *text);
/* Whether two NUL-terminated strings are equal. */
int text_eq(const char *a, const char *b);

/* The lowest address the stack may reach (end of .bss, from link.ld). */
extern uint32_t _stack_end;
/* The top of the area painted by the last `stack_paint()`. */
extern uintptr_t stack_painted_top;
#define STACK_PAINT 0x5AFE57ACu

/* Paints the free stack below the caller's stack pointer; `stack_used()` then gives the deepest
 * use since. Always inlined, so the painted area starts right at the caller's frame. */
static inline __attribute__((always_inline)) void stack_paint(void) {
    uintptr_t sp;
    volatile uint32_t *word = &_stack_end;
#if defined(__riscv)
    __asm__ volatile("mv %0, sp" : "=r"(sp));
#else
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#endif
    sp &= ~(uintptr_t)3u;
    while ((uintptr_t)word < sp) {
        *word++ = STACK_PAINT;
    }
    stack_painted_top = sp;
}
/* Bytes of stack used below the painting point since the last `stack_paint()` (inlined, so
 * the scan itself pushes nothing into the painted area). */
static inline __attribute__((always_inline)) size_t stack_used(void) {
    volatile uint32_t *word = &_stack_end;
    while ((uintptr_t)word < stack_painted_top && *word == STACK_PAINT) {
        word++;
    }
    return (size_t)(stack_painted_top - (uintptr_t)word);
}

/* Instruction counting. Under qemu's `-icount shift=0` one instruction is one nanosecond of
 * the virtual clock, and the Cortex-M SysTick (processor clock, free-running from 2^24 - 1)
 * counts that clock down: `insn_ticks()` grows with the instructions run (a tick is a fixed
 * number of instructions, measured by `insn_calibrate()` on a loop of known length). Each
 * wrap of the 24-bit counter (every 2^24 ticks: about 1.3 G instructions on the M0's board,
 * 0.67 G on the M4F's) raises the SysTick exception, whose handler counts it in `insn_wraps`,
 * so a call of any length is counted (a wrap inside a call adds the exception frame, 32-104
 * bytes, to that call's stack at that moment). On RISC-V and without `-icount` the figures
 * mean nothing (the script reads them from the Arm parts run with `-icount`). */
#define INSN_TICK_MASK 0xFFFFFFu
#if defined(__riscv)
static inline __attribute__((always_inline)) uint64_t insn_ticks(void) { return 0u; }
#else
/* The SysTick wraps so far (the SysTick exception's handler, insn_systick_handler). */
extern volatile uint32_t insn_wraps;
void insn_systick_handler(void);
static inline __attribute__((always_inline)) uint64_t insn_ticks(void) {
    /* SYST_CVR counts down 2^24 - 1, ..., 1, then 0 (the exception is taken as it reaches 0),
     * then reloads: its place in the period is 0 at 0, else 2^24 - CVR. */
    uint32_t wraps, current;
    do {
        wraps = insn_wraps;
        current = *(volatile uint32_t *)0xE000E018u;
    } while (wraps != insn_wraps);
    return ((uint64_t)wraps << 24) + (current == 0u ? 0u : INSN_TICK_MASK + 1u - current);
}
#endif
/* Starts the counter and measures a tick: `insn_per_tick_milli` instructions per 1,000 ticks
 * (0 when nothing is counted). */
void insn_calibrate(void);
extern uint32_t insn_per_tick_milli;

#endif
