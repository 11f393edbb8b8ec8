/* SPDX-License-Identifier: GPL-2.0-or-later */
/* demo.c: the bundled example profiled by `sh scripts/demo.sh`: a row-major
 * and a column-major walk of one matrix, so the report shows the difference
 * in D1 misses, and a divide-and-conquer sum of each row, a recursion, so
 * the call graph shows a function that calls itself and what each call
 * costs with everything under it.  The client requests of cachegrind.h
 * limit the profile to the walks (the demo runs with --instr-at-start=no),
 * so start-up code and the C library stay out of the report. */
#include <stdio.h>

#include "cachegrind.h"

#define N 256

static double m[N][N];

static double sum_rows(void)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) s += m[i][j];
    return s;
}

static double sum_columns(void)
{
    double s = 0;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) s += m[i][j];
    return s;
}

/* The sum of v[0 .. n): halves summed apart, down to 16 elements. */
static double sum_split(const double *v, int n)
{
    if (n <= 16) {
        double s = 0;
        for (int i = 0; i < n; i++) s += v[i];
        return s;
    }
    return sum_split(v, n / 2) + sum_split(v + n / 2, n - n / 2);
}

static double sum_rows_split(void)
{
    double s = 0;
    for (int i = 0; i < N; i++) s += sum_split(m[i], N);
    return s;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) m[i][j] = (i * 7 + j * 3) % 11;
    CACHEGRIND_START_INSTRUMENTATION;
    double a = sum_rows();
    double b = sum_columns();
    double c = sum_rows_split();
    CACHEGRIND_STOP_INSTRUMENTATION;
    printf("sums: %.0f %.0f %.0f\n", a, b, c);
    return a == b && b == c ? 0 : 1;
}
