/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inl-lto-main.c: with inl-lto-lib.c, a C program for the inline suite
   (tests/inline/run.sh) built with -flto -O2 -g, so that functions of one
   file are inlined into the other at link time: GCC then describes each
   inlined function by a reference into another compilation unit (the early
   debug information of its file, DW_FORM_ref_addr). */
#include <stdio.h>
#include <stdlib.h>

int lib_step(int x);
long lib_sum(const int *a, int n);

int main(int argc, char **argv)
{
    int a[32];
    int n = argc > 1 ? atoi(argv[1]) : 7;
    for (int i = 0; i < 32; i++) a[i] = lib_step(i + n);
    printf("%ld %d\n", lib_sum(a, 32), lib_step(n));
    return 0;
}
