/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check.h: the minimal harness shared by the sim unit tests: one PASS/FAIL
 * line per case in the tests/run-tests.sh protocol, details on '#' lines. */
#ifndef TESTS_SIM_CHECK_H
#define TESTS_SIM_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *check_case;
static int check_case_failed, check_failed_cases;
/* Where in a table-driven case we are, shown with each failure. */
static char check_ctx[160];

static inline void case_begin(const char *name)
{
    check_case = name;
    check_case_failed = 0;
    check_ctx[0] = '\0';
}

static inline void case_ctx(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(check_ctx, sizeof check_ctx, fmt, ap);
    va_end(ap);
}

static inline void check_failure(int line, const char *fmt, ...)
{
    va_list ap;

    if (!check_case_failed) printf("FAIL: %s\n", check_case);
    check_case_failed = 1;
    printf("    # line %d%s%s: ", line, check_ctx[0] ? ", " : "", check_ctx);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

static inline void case_end(void)
{
    if (check_case_failed)
        check_failed_cases++;
    else
        printf("PASS: %s\n", check_case);
    fflush(stdout);
}

static inline int check_exit(void)
{
    fflush(stdout);
    return check_failed_cases ? 1 : 0;
}

#define EXPECT_INT(actual, expected)                                                               \
    do {                                                                                           \
        long long a_ = (long long)(actual), e_ = (long long)(expected);                            \
        if (a_ != e_) check_failure(__LINE__, "%s = %lld, expected %lld", #actual, a_, e_);        \
    } while (0)

#define EXPECT_U64(actual, expected)                                                               \
    do {                                                                                           \
        unsigned long long a_ = (actual), e_ = (expected);                                         \
        if (a_ != e_) check_failure(__LINE__, "%s = %#llx, expected %#llx", #actual, a_, e_);      \
    } while (0)

#define EXPECT_STR(actual, expected)                                                               \
    do {                                                                                           \
        const char *a_ = (actual), *e_ = (expected);                                               \
        if (!a_ != !e_ || (a_ && strcmp(a_, e_) != 0))                                             \
            check_failure(__LINE__, "%s = \"%s\", expected \"%s\"", #actual, a_ ? a_ : "(null)",   \
                          e_ ? e_ : "(null)");                                                     \
    } while (0)

#endif
