/* Tiny assertion helpers shared by the C ABI test programs. Each program ends with
 * CHECK_SUMMARY(), which prints "N passed, N failed" and returns non-zero on any failure. */
#ifndef PARLOR_TEST_CHECK_H
#define PARLOR_TEST_CHECK_H
#include <stdio.h>
#include <string.h>

static int check_passed = 0;
static int check_failed = 0;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (cond) {                                                                  \
            check_passed++;                                                          \
        } else {                                                                     \
            check_failed++;                                                          \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                   \
        }                                                                            \
    } while (0)

#define CHECK_EQ_U(actual, expected)                                                 \
    do {                                                                             \
        unsigned long check_a_ = (unsigned long)(actual);                            \
        unsigned long check_e_ = (unsigned long)(expected);                          \
        if (check_a_ == check_e_) {                                                  \
            check_passed++;                                                          \
        } else {                                                                     \
            check_failed++;                                                          \
            printf("FAIL %s:%d: %s == %lu, expected %lu\n", __FILE__, __LINE__,      \
                   #actual, check_a_, check_e_);                                     \
        }                                                                            \
    } while (0)

#define CHECK_STR(actual, expected) CHECK(strcmp((actual), (expected)) == 0)

#define CHECK_SUMMARY()                                                              \
    (printf("%d passed, %d failed\n", check_passed, check_failed), check_failed != 0)

#endif
