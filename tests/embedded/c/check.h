/* Assertions for the C firmware (no libc): failures print on the host through semihosting;
 * `check_summary()` prints "N passed, N failed". Each API call under test is wrapped in
 * STACK(name, call) to record its stack high-water mark. */
#ifndef PARLOR_EMBEDDED_CHECK_H
#define PARLOR_EMBEDDED_CHECK_H
#include <stddef.h>
#include <stdint.h>

#include "semihost.h"

void check_result(int ok, const char *file, int line, const char *what);
void check_eq_u(unsigned long actual, unsigned long expected, const char *file, int line, const char *what);
void check_stack(const char *name, size_t used);
int check_summary(void);

#define CHECK(cond) check_result((cond) ? 1 : 0, __FILE__, __LINE__, #cond)
#define CHECK_EQ_U(actual, expected) \
    check_eq_u((unsigned long)(actual), (unsigned long)(expected), __FILE__, __LINE__, #actual)
#define CHECK_STR(actual, expected) CHECK(text_eq((actual), (expected)))

/* Evaluates `call` (an expression) after painting the stack and records the stack it used
 * and the instructions it ran (semihost.h: `insn_ticks`) under `name`; yields the call's value. */
#define STACK(name, call) \
    (stack_paint(), check_ticks = insn_ticks(), check_value = (uint32_t)(call), \
     check_ticks = insn_ticks() - check_ticks, check_used = stack_used(), check_stack_value((name)))
extern uint32_t check_value;
extern size_t check_used;
extern uint64_t check_ticks;
uint32_t check_stack_value(const char *name);
/* The instructions of `ticks` counter ticks (semihost.h), 0 where nothing is counted. */
uint64_t insns_of(uint64_t ticks);

/* Working memory for the tests that need a large buffer, 4-byte aligned, used by one test at a
 * time (the dominoes validation's scratch, the search bot's tree): 32 KiB and a little, so that
 * an image with both fits the Cortex-M0 part's 64 KiB of RAM. */
#define FIRMWARE_SCRATCH_BYTES (32u * 1024u + 64u)
extern uint32_t firmware_scratch[FIRMWARE_SCRATCH_BYTES / 4u];

/* Each landed game's tests (games.c files), enabled by -DPARLOR_TEST_<NAME> (PARLOR_GAME_<NAME> are the header's game codes). */
void test_common(void);
void test_dominoes(void);
void test_tichu(void);
void test_doudizhu(void);
void test_mahjong(void);
/* The round engines: seeded whole rounds and matches (rounds.c). */
void test_rounds(void);
/* One search decision per game at the levels normal and hard (search.c). */
void test_search(void);

#endif
