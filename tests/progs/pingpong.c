/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pingpong.c: lines that take turns in one L1 set, so that hot code keeps
 * hitting way 1 (the tool's "way-1 sites"): three functions 4 KiB apart
 * called in turn share an I1 set, loads 4 KiB apart share a D1 set, and now
 * and then a third line joins the set, or a load spans two lines.  Static,
 * so that small caches give the same counts in every run.
 * cflags: -O1 -static */
#include <stdio.h>

static unsigned char buf[3 * 4096 + 128] __attribute__((aligned(4096)));

__attribute__((noinline, aligned(4096))) static long f1(long x)
{
    return x + 1;
}

__attribute__((noinline, aligned(4096))) static long f2(long x)
{
    return x ^ 3;
}

__attribute__((noinline, aligned(4096))) static long f3(long x)
{
    return x * 5;
}

static long load(long off)
{
    return *(volatile long *)(buf + off);
}

int main(void)
{
    long s = 0;
    for (long i = 0; i < 300000; i++) {
        s = f1(s);
        s += load((i & 1) ? 4096 : 0);
        s = f2(s);
        if ((i & 7) == 7) {
            s = f3(s);
            s += load(8192);
        }
        /* One load site: mostly way-1 hits, and every fourth time a load
         * that spans the lines at 4096 + 64. */
        s += load((i & 3) == 3 ? 4096 + 60 : (i & 1) ? 4096 : 0);
    }
    printf("%ld\n", s);
    return 0;
}
