/* SPDX-License-Identifier: GPL-2.0-or-later */
/* chdirer.c: creates the directory argv[1], changes into it and works
 * there, so that a relative output file name must still be resolved
 * against the start-up directory.  cflags: -O1 */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    mkdir(argv[1], 0755);
    if (chdir(argv[1]) != 0) return 1;
    long s = 0;
    for (int i = 0; i < 1000; i++) s += i % 7;
    printf("%ld\n", s);
    return 0;
}
