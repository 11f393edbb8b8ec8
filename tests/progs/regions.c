/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regions.c: programs for --toggle-collect, one per argv[1]:
 *   nested   outer() calls inner() and leaf(); main also calls inner()
 *            alone, and other(), which no region reaches;
 *   longjmp  jumper() calls deep(), which longjmps back into main; main
 *            then runs after(), outside any region;
 *   wild     work_a() and work_b() (matched by work_*) and worker() (not);
 *   libc     sorter() sorts with qsort and cmp_ints(), copies with memcpy
 *            and measures with strlen; main uses the same library
 *            functions outside the region (with cmp_desc());
 *   tail     tailer() ends in a tail call of tailee().
 * Every function that a region reaches is called only from inside one, so
 * its lines must equal a full run's (tests/tool, check `part`).
 * cflags: -O1 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noipa, noinline))

static int data[4096];
static char text[512];
static jmp_buf env;

NOINLINE static long leaf(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 13) & 4095] ^ i;
    return s;
}

NOINLINE static long inner(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        data[(i * 7) & 4095] += i;
        if (data[i & 4095] & 1) s++;
    }
    return s;
}

NOINLINE static long outer(int n)
{
    return inner(n) + leaf(n / 2) + inner(n / 3);
}

NOINLINE static long other(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (data[(i * 5) & 4095] & 3) == 1;
    return s;
}

NOINLINE static void deep(int depth)
{
    data[depth & 4095] += depth;
    if (depth == 0) longjmp(env, 1);
    deep(depth - 1);
}

NOINLINE static long jumper(int n)
{
    long s = leaf(n);
    deep(20);
    return s; /* never reached */
}

NOINLINE static long after(int n)
{
    return leaf(n) + other(n); /* outside: leaf's lines here are not the region's */
}

NOINLINE long work_a(int n)
{
    return inner(n) + 1;
}

NOINLINE long work_b(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[i & 4095] % 3;
    return s;
}

NOINLINE long worker(int n)
{
    return other(n) * 2;
}

static int cmp_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

NOINLINE static long sorter(int n)
{
    static int copy[4096];
    memcpy(copy, data, n * sizeof *copy);
    qsort(copy, n, sizeof *copy, cmp_ints);
    memset(text, 'a' + n % 7, sizeof text - 1);
    return copy[n / 2] + (long)strlen(text);
}

NOINLINE static long tailee(int n)
{
    return leaf(n) + 3;
}

NOINLINE static long tailer(int n)
{
    data[n & 4095]++;
    return tailee(n); /* a jump at -O1: the region goes on through tailee */
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "nested";
    long r = 0;
    for (int i = 0; i < 4096; i++) data[i] = (i * 2654435761u) >> 7;
    if (strcmp(mode, "nested") == 0) {
        r = inner(300) + outer(2000) + other(1500) + outer(500) + inner(100);
    } else if (strcmp(mode, "longjmp") == 0) {
        if (setjmp(env) == 0)
            r = jumper(700);
        else
            r = after(900);
    } else if (strcmp(mode, "wild") == 0) {
        r = work_a(800) + worker(600) + work_b(1200);
    } else if (strcmp(mode, "libc") == 0) {
        static int mine[1024];
        memcpy(mine, data + 100, sizeof mine);
        qsort(mine, 1024, sizeof *mine, cmp_desc);
        r = sorter(3000) + mine[5] + (long)strlen(mode);
    } else if (strcmp(mode, "tail") == 0) {
        r = tailer(1000) + other(400) + tailer(50);
    }
    printf("%ld\n", r);
    return 0;
}
