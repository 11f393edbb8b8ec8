/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stride.c: benchmark kernel with strided memory access: a naive matrix
   product walking B by columns, then sweeps of a large array at many strides. */
#include <stdio.h>
#include <stdlib.h>

/* usage: stride N PASSES
   N: matrix order (three N x N double matrices); PASSES: strided sweeps of a
   16 MiB array (twice the simulated LL). Prints a checksum. */
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 256;
    int passes = argc > 2 ? atoi(argv[2]) : 4;
    double *a = malloc(sizeof(double) * n * n);
    double *b = malloc(sizeof(double) * n * n);
    double *c = malloc(sizeof(double) * n * n);
    enum { BIG = 2 * 1024 * 1024 }; /* doubles: 16 MiB */
    double *big = malloc(sizeof(double) * BIG);
    double sum = 0.0;

    if (!a || !b || !c || !big) return 1;
    for (int i = 0; i < n * n; i++) {
        a[i] = (double)(i % 17) * 0.5;
        b[i] = (double)(i % 13) - 6.0;
    }
    /* i-j-k order: B is read down a column, a stride of N doubles */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
    for (int i = 0; i < n; i++) sum += c[i * n + (i * 7) % n];

    for (long i = 0; i < BIG; i++) big[i] = (double)(i & 1023);
    /* strides of 1, 8 (one line), 64, 512 (a page) and 4097 doubles, each
       sweep touching every element once, in stride order */
    static const long strides[] = {1, 8, 64, 512, 4097};
    for (int p = 0; p < passes; p++) {
        long st = strides[p % 5];
        for (long start = 0; start < st; start++)
            for (long i = start; i < BIG; i += st) {
                big[i] = big[i] * 0.999 + 1.0;
                sum += big[i];
            }
    }
    printf("%.6e\n", sum);
    free(a);
    free(b);
    free(c);
    free(big);
    return 0;
}
