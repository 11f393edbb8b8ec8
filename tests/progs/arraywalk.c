/* SPDX-License-Identifier: GPL-2.0-or-later */
/* arraywalk.c: row-major and column-major walks of a 2-D array, and
 * strided walks (8, 64, 4096 bytes) over a buffer larger than a typical L1,
 * for the cache simulation.  cflags: -O1 */
#include <stdio.h>

#define R 96
#define C 128
static int m[R][C];
static char buf[256 * 1024];

static long row_major(void)
{
    long s = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) s += m[i][j];
    return s;
}

static long column_major(void)
{
    long s = 0;
    for (int j = 0; j < C; j++)
        for (int i = 0; i < R; i++) s += m[i][j];
    return s;
}

static long strided(unsigned stride, unsigned count)
{
    long s = 0;
    unsigned off = 0;
    for (unsigned k = 0; k < count; k++) {
        s += buf[off];
        buf[off] = (char)k;
        off = (off + stride) % sizeof buf;
    }
    return s;
}

int main(void)
{
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] = i ^ j;
    long s = row_major() + column_major();
    s += strided(8, 8192) + strided(64, 8192) + strided(4096, 4096);
    printf("%ld\n", s);
    return 0;
}
