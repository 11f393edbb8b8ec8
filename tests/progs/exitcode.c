/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exitcode.c: does a little work and exits with the status given as
 * argv[1] (0 without an argument).  cflags: -O1 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long s = 0;
    for (int i = 0; i < 1000; i++) s += i % 3;
    printf("%ld\n", s);
    return argc > 1 ? atoi(argv[1]) : 0;
}
