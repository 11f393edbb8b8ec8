/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_cacheconf.c: unit tests of sim/cacheconf.c against cases worked out by
 * hand from docs/cachegrind.md, "Cache configuration" (and, for parsing
 * corners, the installed core). */
#include <stdint.h>
#include <string.h>
#include "cacheconf.h"
#include "check.h"

#define OK  CACHECONF_OK
#define BAD CACHECONF_BAD_ARG
#define OVF CACHECONF_OVERFLOW

static const struct {
    const char *val;
    int result, size, assoc, line;
} parse_cases[] = {
    {"65536,2,64", OK, 65536, 2, 64},
    {"32768,8,64", OK, 32768, 8, 64},
    {" 65536,\t2,\n64", OK, 65536, 2, 64},
    {"\v\f\r1,2,3", OK, 1, 2, 3},
    {"+65536,+2,+64", OK, 65536, 2, 64},
    {"-1,-2,-3", OK, -1, -2, -3},
    {"007,08,9", OK, 7, 8, 9}, /* decimal, never octal */
    {",2,64", OK, 0, 2, 64},   /* an empty field is 0 */
    {",,", OK, 0, 0, 0},
    {"65536,2,", OK, 65536, 2, 0},
    {"2147483647,1,16", OK, 2147483647, 1, 16},
    {"-2147483648,1,16", OK, -2147483647 - 1, 1, 16},
    /* 2^64 + 65536: digits accumulate modulo 2^64 (3.19 accepts this). */
    {"18446744073709617152,2,64", OK, 65536, 2, 64},
    /* Syntax. */
    {"", BAD, 0, 0, 0},
    {"65536", BAD, 0, 0, 0},
    {"65536,2", BAD, 0, 0, 0},
    {"65536,2,64,", BAD, 0, 0, 0},
    {"65536,2,64,1", BAD, 0, 0, 0},
    {"65536,2,64 ", BAD, 0, 0, 0},
    {"65536 ,2,64", BAD, 0, 0, 0},
    {"65536;2;64", BAD, 0, 0, 0},
    {"6 5536,2,64", BAD, 0, 0, 0},
    {"0x10,2,64", BAD, 0, 0, 0},
    {"1e3,2,64", BAD, 0, 0, 0},
    {"65536,2,64x", BAD, 0, 0, 0},
    /* No digits: nothing is consumed, not even the space or sign. */
    {" ,2,64", BAD, 0, 0, 0},
    {"-,2,64", BAD, 0, 0, 0},
    {"+,2,64", BAD, 0, 0, 0},
    {"--1,2,3", BAD, 0, 0, 0},
    {"65536,2, ", BAD, 0, 0, 0},
    /* Syntax is checked before overflow. */
    {"99999999999,2", BAD, 0, 0, 0},
    /* Overflow of the 32-bit signed conversion. */
    {"2147483648,2,64", OVF, 0, 0, 0},
    {"65536,2147483648,64", OVF, 0, 0, 0},
    {"65536,2,-2147483649", OVF, 0, 0, 0},
    {"4294967296,2,64", OVF, 0, 0, 0},
    {"4294967297,2,64", OVF, 0, 0, 0},
    /* 10^20 mod 2^64 = 7766279631452241920. */
    {"99999999999999999999,2,64", OVF, 0, 0, 0},
};

static void test_parse(void)
{
    size_t i;

    case_begin("conf/parse");
    for (i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++) {
        CacheConfig c = {-7, -7, -7};
        case_ctx("\"%s\"", parse_cases[i].val);
        EXPECT_INT(cacheconf_parse(parse_cases[i].val, &c), parse_cases[i].result);
        if (parse_cases[i].result == OK) {
            EXPECT_INT(c.size, parse_cases[i].size);
            EXPECT_INT(c.assoc, parse_cases[i].assoc);
            EXPECT_INT(c.line_size, parse_cases[i].line);
        } else { /* left alone on failure */
            EXPECT_INT(c.size, -7);
            EXPECT_INT(c.assoc, -7);
            EXPECT_INT(c.line_size, -7);
        }
    }
    case_end();
}

static const char *const msg[8] = {
    NULL,
    "Cache line size is zero.",
    "Cache associativity is zero.",
    "Cache set count is not a power of two.",
    "Cache line size is not a power of two.",
    "Cache line size is too small.",
    "Cache size <= line size.",
    "Cache associativity > (size / line size).",
};

#define IMIN (-2147483647 - 1)

/* Expected: the first failing rule (0 = valid) and every failing rule (bit r). */
static const struct {
    CacheConfig c;
    int first;
    unsigned failing;
} check_cases[] = {
    {{65536, 2, 64}, 0, 0},
    {{32768, 8, 64}, 0, 0},
    {{8388608, 16, 64}, 0, 0},
    {{262144, 8, 64}, 0, 0},
    {{98304, 3, 64}, 0, 0}, /* 512 sets: assoc need not be a power of two */
    {{503316480, 30, 64}, 0, 0},
    {{50331648, 24, 256}, 0, 0},
    {{32, 1, 16}, 0, 0},
    {{1024, 64, 16}, 0, 0}, /* assoc == size / line is allowed */
    /* 1: line zero, reported before everything else. */
    {{65536, 2, 0}, 1, 1u << 1 | 1u << 3 | 1u << 4 | 1u << 5 | 1u << 7},
    {{0, 0, 0}, 1, 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4 | 1u << 5 | 1u << 6 | 1u << 7},
    /* 2: assoc zero, before the line's power-of-two test. */
    {{65536, 0, 64}, 2, 1u << 2 | 1u << 3},
    {{65536, 0, 63}, 2, 1u << 2 | 1u << 3 | 1u << 4},
    {{0, 0, 64}, 2, 1u << 2 | 1u << 3 | 1u << 6},
    /* 3: 65536 % 192 = 64. */
    {{65536, 3, 64}, 3, 1u << 3},
    /* 3: 196608 / 64 / 2 = 1536. */
    {{196608, 2, 64}, 3, 1u << 3},
    /* 3: size 0 gives 0 sets (3.19 says so for --I1=,2,64). */
    {{0, 2, 64}, 3, 1u << 3 | 1u << 6 | 1u << 7},
    /* 3: 100 % 24 = 4, before "too small". */
    {{100, 3, 8}, 3, 1u << 3 | 1u << 5},
    /* 3: -65536 / 64 / 2 = -512 = 0xFFFFFE00 unsigned. */
    {{-65536, 2, 64}, 3, 1u << 3 | 1u << 6 | 1u << 7},
    /* 3: 65536 % 96 = 64 (line 48 also not a power of two). */
    {{65536, 2, 48}, 3, 1u << 3 | 1u << 4},
    /* 3: 1024 % 2048 != 0, before rule 7. */
    {{1024, 128, 16}, 3, 1u << 3 | 1u << 7},
    /* 3 where upstream traps: line * assoc wraps to 0; INT_MIN / -1. */
    {{65536, 65536, 65536}, 3, 1u << 3 | 1u << 6 | 1u << 7},
    {{IMIN, 1, -1}, 3, 1u << 3 | 1u << 4 | 1u << 5 | 1u << 6 | 1u << 7},
    {{IMIN, -1, 1}, 3, 1u << 3 | 1u << 5 | 1u << 6 | 1u << 7},
    /* 4: 3072 = 48 * 64 sets. */
    {{3072, 1, 48}, 4, 1u << 4},
    {{6144, 2, 48}, 4, 1u << 4},
    /* 4 before 5: line 12 is neither. */
    {{48, 1, 12}, 4, 1u << 4 | 1u << 5},
    /* 5 */
    {{1024, 2, 8}, 5, 1u << 5},
    {{64, 1, 1}, 5, 1u << 5},
    /* 5: INT_MIN / 1 / 1 is 0x80000000 unsigned, a power of two. */
    {{IMIN, 1, 1}, 5, 1u << 5 | 1u << 6 | 1u << 7},
    /* 5 before 6: 8 <= 8. */
    {{8, 1, 8}, 5, 1u << 5 | 1u << 6},
    /* 6 */
    {{64, 1, 64}, 6, 1u << 6},
    {{16, 1, 16}, 6, 1u << 6},
    /* 6: -128 / 64 / -2 = 1 set. */
    {{-128, -2, 64}, 6, 1u << 6},
    /* 6: negative assoc: -2^31 / 16 / -1 = 2^27 sets. */
    {{IMIN, -1, 16}, 6, 1u << 6 | 1u << 7},
};

static void test_check(void)
{
    size_t i;
    int r;

    case_begin("conf/check_rules_messages_and_order");
    for (i = 0; i < sizeof check_cases / sizeof check_cases[0]; i++) {
        const CacheConfig *c = &check_cases[i].c;
        case_ctx("config %d,%d,%d", c->size, c->assoc, c->line_size);
        EXPECT_STR(cacheconf_check(c), msg[check_cases[i].first]);
        for (r = 1; r <= 7; r++) {
            case_ctx("config %d,%d,%d rule %d", c->size, c->assoc, c->line_size, r);
            EXPECT_STR(cacheconf_check_rule(c, r),
                       check_cases[i].failing & (1u << r) ? msg[r] : NULL);
        }
    }
    case_ctx("rule numbers outside 1..7");
    EXPECT_STR(cacheconf_check_rule(&check_cases[10].c, 0), NULL);
    EXPECT_STR(cacheconf_check_rule(&check_cases[10].c, 8), NULL);
    case_end();
}

static const struct {
    CacheConfig in;
    int changed;
    int size, assoc;
} tweak_cases[] = {
    /* docs/cachegrind.md, "LL adjustment": 491520 sets -> 262144, factor
     * 1.875, assoc trunc(30.5) = 30. */
    {{503316480, 16, 64}, 1, 503316480, 30},
    /* This VM's 3.19 warning: 8323072 sets -> 4194304, factor 1.984375,
     * assoc trunc(2.484375) = 2, 536870912 B. */
    {{532676608, 1, 64}, 1, 536870912, 2},
    /* Power-of-two set counts keep the assoc; a remainder is dropped. */
    {{262144, 8, 64}, 0, 262144, 8},
    {{6291456, 12, 64}, 0, 6291456, 12},
    {{262244, 8, 64}, 1, 262144, 8},
    /* 12288 sets -> 8192, factor 1.5: assoc 24, same size, still "changed". */
    {{12582912, 16, 64}, 1, 12582912, 24},
    /* 6 sets -> 4: trunc(0.5 + 4.5) = 5, 64 * 5 * 4. */
    {{1152, 3, 64}, 1, 1280, 5},
    /* 5 sets -> 4: trunc(0.5 + 2.5) = 3. */
    {{640, 2, 64}, 1, 768, 3},
    /* 5 sets, 1 way: trunc(1.75) = 1, only the size changes. */
    {{320, 1, 64}, 1, 256, 1},
    /* 7 sets -> 4: trunc(2.25) = 2. */
    {{448, 1, 64}, 1, 512, 2},
    /* 3 sets -> 2: trunc(2.0) = 2. */
    {{192, 1, 64}, 1, 256, 2},
    /* Skipped. */
    {{0, 8, 64}, 0, 0, 8},
    {{262144, 0, 64}, 0, 262144, 0},
    {{262144, 8, 0}, 0, 262144, 8},
    {{100, 2, 64}, 0, 100, 2}, /* 0 sets */
};

static void test_tweak(void)
{
    size_t i;

    case_begin("conf/ll_tweak");
    for (i = 0; i < sizeof tweak_cases / sizeof tweak_cases[0]; i++) {
        CacheConfig c = tweak_cases[i].in;
        case_ctx("config %d,%d,%d", c.size, c.assoc, c.line_size);
        EXPECT_INT(cacheconf_tweak_ll(&c), tweak_cases[i].changed);
        EXPECT_INT(c.size, tweak_cases[i].size);
        EXPECT_INT(c.assoc, tweak_cases[i].assoc);
        EXPECT_INT(c.line_size, tweak_cases[i].in.line_size);
    }
    case_end();
}

static void test_default(void)
{
    CacheConfig i1, d1, ll;

    case_begin("conf/defaults_x86_amd64");
    cacheconf_default(&i1, &d1, &ll);
    EXPECT_INT(i1.size, 65536);
    EXPECT_INT(i1.assoc, 2);
    EXPECT_INT(i1.line_size, 64);
    EXPECT_INT(d1.size, 65536);
    EXPECT_INT(d1.assoc, 2);
    EXPECT_INT(d1.line_size, 64);
    EXPECT_INT(ll.size, 262144);
    EXPECT_INT(ll.assoc, 8);
    EXPECT_INT(ll.line_size, 64);
    EXPECT_STR(cacheconf_check(&i1), NULL);
    EXPECT_STR(cacheconf_check(&d1), NULL);
    EXPECT_STR(cacheconf_check(&ll), NULL);
    EXPECT_INT(cacheconf_tweak_ll(&ll), 0); /* 512 sets already */
    case_end();
}

static void test_text(void)
{
    static const struct {
        CacheConfig c;
        const char *desc, *summary;
    } t[] = {
        {{65536, 16, 64}, "65536 B, 64 B, 16-way associative", "65,536 B, 16-way, 64 B lines"},
        {{65536, 1, 64}, "65536 B, 64 B, direct-mapped", "65,536 B, 1-way, 64 B lines"},
        {{32768, 8, 64}, "32768 B, 64 B, 8-way associative", "32,768 B, 8-way, 64 B lines"},
        {{8388608, 16, 64},
         "8388608 B, 64 B, 16-way associative",
         "8,388,608 B, 16-way, 64 B lines"},
        {{503316480, 30, 64},
         "503316480 B, 64 B, 30-way associative",
         "503,316,480 B, 30-way, 64 B lines"},
        {{256, 2, 16}, "256 B, 16 B, 2-way associative", "256 B, 2-way, 16 B lines"},
    };
    char buf[64];
    size_t i;

    case_begin("conf/desc_and_summary_text");
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        case_ctx("config %d,%d,%d", t[i].c.size, t[i].c.assoc, t[i].c.line_size);
        EXPECT_INT(cacheconf_desc(&t[i].c, buf, sizeof buf), strlen(t[i].desc));
        EXPECT_STR(buf, t[i].desc);
        EXPECT_INT(cacheconf_summary(&t[i].c, buf, sizeof buf), strlen(t[i].summary));
        EXPECT_STR(buf, t[i].summary);
    }
    /* Truncation: at most n - 1 characters and a NUL; n = 0 writes nothing. */
    case_ctx("truncation");
    memset(buf, 'x', sizeof buf);
    EXPECT_INT(cacheconf_desc(&t[0].c, buf, 10), 33);
    EXPECT_STR(buf, "65536 B, ");
    EXPECT_INT(buf[10], 'x');
    EXPECT_INT(cacheconf_desc(&t[0].c, buf, 0), 33);
    EXPECT_STR(buf, "65536 B, ");
    EXPECT_INT(cacheconf_desc(&t[1].c, buf, 29), 28);
    EXPECT_STR(buf, "65536 B, 64 B, direct-mapped");
    EXPECT_INT(cacheconf_desc(&t[1].c, buf, 28), 28);
    EXPECT_STR(buf, "65536 B, 64 B, direct-mappe");
    case_end();
}

static void test_commas(void)
{
    static const struct {
        uint64_t v;
        const char *s;
    } t[] = {
        {0, "0"},
        {7, "7"},
        {999, "999"},
        {1000, "1,000"},
        {65536, "65,536"},
        {100000, "100,000"},
        {999999, "999,999"},
        {1000000, "1,000,000"},
        {503316480, "503,316,480"},
        {536870912, "536,870,912"},
        {4294967295u, "4,294,967,295"},
        {18446744073709551615ull, "18,446,744,073,709,551,615"},
    };
    char buf[40];
    size_t i;

    case_begin("conf/thousands_separators");
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        case_ctx("%llu", (unsigned long long)t[i].v);
        EXPECT_INT(cacheconf_commas(t[i].v, buf, sizeof buf), strlen(t[i].s));
        EXPECT_STR(buf, t[i].s);
    }
    case_ctx("truncation");
    EXPECT_INT(cacheconf_commas(503316480, buf, 4), 11);
    EXPECT_STR(buf, "503");
    case_end();
}

int main(void)
{
    test_parse();
    test_check();
    test_tweak();
    test_default();
    test_text();
    test_commas();
    return check_exit();
}
