/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpuidbits.c: executes CPUID itself and prints, one per line, the feature
 * bits that the x86-64 micro-architecture levels are made of (psABI:
 * x86-64-v2 and -v3), and some that no level includes.  cflags: -O1 */
#include <cpuid.h>
#include <stdio.h>

static unsigned r[4];

static void leaf(unsigned l, unsigned sub)
{
    __cpuid_count(l, sub, r[0], r[1], r[2], r[3]);
}

static void show(const char *name, unsigned reg, int bit)
{
    printf("%s=%u\n", name, (reg >> bit) & 1);
}

int main(void)
{
    leaf(1, 0);
    unsigned c1 = r[2], d1 = r[3];
    leaf(7, 0);
    unsigned b7 = r[1];
    leaf(0x80000001, 0);
    unsigned c81 = r[2];
    /* x86-64 (baseline) */
    show("sse2", d1, 26);
    /* x86-64-v2 */
    show("cx16", c1, 13);
    show("lahf", c81, 0);
    show("popcnt", c1, 23);
    show("sse3", c1, 0);
    show("sse4_1", c1, 19);
    show("sse4_2", c1, 20);
    show("ssse3", c1, 9);
    /* x86-64-v3 */
    show("avx", c1, 28);
    show("avx2", b7, 5);
    show("bmi1", b7, 3);
    show("bmi2", b7, 8);
    show("f16c", c1, 29);
    show("fma", c1, 12);
    show("lzcnt", c81, 5);
    show("movbe", c1, 22);
    show("osxsave", c1, 27);
    /* in no level: host-dependent, or beyond v3 */
    show("rdrand", c1, 30);
    show("rdseed", b7, 18);
    show("avx512f", b7, 16);
    return 0;
}
