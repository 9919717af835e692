/* The C firmware: calls each landed game's C entry points (include/parlor.h) the way a C game
 * engine on a handheld would, checks the answers on the emulated Cortex-M3, prints the stack
 * high-water mark of each entry point, and ends with "N passed, N failed". */
#include "check.h"

static int passed;
static int failed;

#define STACK_SLOTS 128
static const char *stack_names[STACK_SLOTS];
static size_t stack_max[STACK_SLOTS];

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

void check_stack(const char *name, size_t used) {
    int i;
    for (i = 0; i < STACK_SLOTS; i++) {
        if (stack_names[i] == NULL || text_eq(stack_names[i], name)) {
            stack_names[i] = name;
            if (used > stack_max[i]) {
                stack_max[i] = used;
            }
            return;
        }
    }
}

uint32_t check_value;
size_t check_used;

uint32_t check_stack_value(const char *name) {
    check_stack(name, check_used);
    return check_value;
}

int check_summary(void) {
    int i;
    for (i = 0; i < STACK_SLOTS && stack_names[i] != NULL; i++) {
        host_puts("stack  ");
        host_puts(stack_names[i]);
        host_puts(": ");
        host_putu((unsigned long)stack_max[i]);
        host_puts(" bytes\n");
    }
    host_putu((unsigned long)passed);
    host_puts(" passed, ");
    host_putu((unsigned long)failed);
    host_puts(" failed\n");
    return failed != 0 || passed == 0;
}

int main(void) {
    host_puts("parlor C firmware (Cortex-M3)\n");
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
    return check_summary();
}
