/* The C firmware: calls a game's C entry points (include/parlor.h) the way a C game engine on
 * a handheld would, checks the answers on the emulated part, prints the stack high-water mark and
 * the instructions of each entry point, and ends with "N passed, N failed". The script builds one
 * image per game (-DPARLOR_TEST_<GAME>, linked with a library built with that game alone), so
 * that every game's image fits every part, the Cortex-M0's 256 KiB included. */
#include "check.h"
#include "parlor.h"

uint32_t firmware_scratch[FIRMWARE_SCRATCH_BYTES / 4u];

static int passed;
static int failed;

#define STACK_SLOTS 256
static const char *stack_names[STACK_SLOTS];
static size_t stack_max[STACK_SLOTS];
/* Per name: calls, the sum and the largest of their counter ticks (semihost.h). */
static uint32_t insn_calls[STACK_SLOTS];
static uint64_t insn_sum[STACK_SLOTS];
static uint64_t insn_max[STACK_SLOTS];

void check_result(int ok, const char *file, int line, const char *what) {
    if (ok) {
        passed++;
        return;
    }
    failed++;
    host_puts("FAIL ");
    host_puts(file);
    host_puts(":");
    host_putu((unsigned long)line);
    host_puts(": ");
    host_puts(what);
    host_puts("\n");
}

void check_eq_u(unsigned long actual, unsigned long expected, const char *file, int line, const char *what) {
    check_result(actual == expected, file, line, what);
    if (actual != expected) {
        host_puts("     got ");
        host_putu(actual);
        host_puts(", expected ");
        host_putu(expected);
        host_puts("\n");
    }
}

static int slot_of(const char *name) {
    int i;
    for (i = 0; i < STACK_SLOTS; i++) {
        if (stack_names[i] == NULL || text_eq(stack_names[i], name)) {
            stack_names[i] = name;
            return i;
        }
    }
    host_puts("FAIL: more than STACK_SLOTS names\n");
    failed++;
    return -1;
}

void check_stack(const char *name, size_t used) {
    int i = slot_of(name);
    if (i >= 0 && used > stack_max[i]) {
        stack_max[i] = used;
    }
}

uint32_t check_value;
size_t check_used;
uint64_t check_ticks;

uint32_t check_stack_value(const char *name) {
    int i = slot_of(name);
    if (i >= 0) {
        if (check_used > stack_max[i]) {
            stack_max[i] = check_used;
        }
        insn_calls[i]++;
        insn_sum[i] += check_ticks;
        if (check_ticks > insn_max[i]) {
            insn_max[i] = check_ticks;
        }
    }
    return check_value;
}

uint64_t insns_of(uint64_t ticks) { return ticks * insn_per_tick_milli / 1000u; }

int check_summary(void) {
    int i;
    for (i = 0; i < STACK_SLOTS && stack_names[i] != NULL; i++) {
        host_puts("stack  ");
        host_puts(stack_names[i]);
        host_puts(": ");
        host_putu((unsigned long)stack_max[i]);
        host_puts(" bytes\n");
    }
    /* Instructions per call (the M0 and M4F run under -icount; see semihost.h). */
    for (i = 0; insn_per_tick_milli != 0u && i < STACK_SLOTS && stack_names[i] != NULL; i++) {
        if (insn_calls[i] == 0u) continue;
        host_puts("insns  ");
        host_puts(stack_names[i]);
        host_puts(": ");
        host_putu((unsigned long)insn_calls[i]);
        host_puts(" calls, mean ");
        host_putu((unsigned long)(insns_of(insn_sum[i]) / insn_calls[i]));
        host_puts(", max ");
        host_putu((unsigned long)insns_of(insn_max[i]));
        host_puts("\n");
    }
    host_putu((unsigned long)passed);
    host_puts(" passed, ");
    host_putu((unsigned long)failed);
    host_puts(" failed\n");
    return failed != 0 || passed == 0;
}

int main(void) {
    host_puts("parlor C firmware\n");
    insn_calibrate();
    host_puts("instructions per 1,000 counter ticks: ");
    host_putu((unsigned long)insn_per_tick_milli);
    host_puts("\n");
    test_common();
#ifdef PARLOR_TEST_DOMINOES
    test_dominoes();
#endif
#ifdef PARLOR_TEST_TICHU
    test_tichu();
#endif
#ifdef PARLOR_TEST_DOUDIZHU
    test_doudizhu();
#endif
#ifdef PARLOR_TEST_MAHJONG
    test_mahjong();
#endif
    test_rounds();
    test_search();
    /* The state a round needs (the RAM per round: this, the deepest round call's stack, and no
     * scratch for the bots without search). */
    host_puts("state  ParlorRound: ");
    host_putu((unsigned long)sizeof(ParlorRound));
    host_puts(" bytes\n");
    return check_summary();
}
