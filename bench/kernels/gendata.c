/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gendata.c: writes the benchmark's input files from a fixed seed, so every
   run of bench/run.sh feeds the workloads byte-identical data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 64-bit linear congruential generator (Knuth's MMIX constants). */
static unsigned long long state = 0x2545f4914f6cdd1dULL;

static unsigned rnd(void)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(state >> 33);
}

/* lines N: N lines of "key<TAB>number<TAB>word", keys random and often
   sharing long prefixes, for sort to compare. */
static void gen_lines(long n)
{
    static const char alpha[] = "abcdefghijklmnopqrstuvwxyz";
    for (long i = 0; i < n; i++) {
        char key[24];
        int len = 6 + (int)(rnd() % 12);
        int shared = (int)(rnd() % 4);
        for (int k = 0; k < len; k++) key[k] = k < shared ? 'q' : alpha[rnd() % 26];
        key[len] = '\0';
        printf("%s\t%u\t%c%u\n", key, rnd() % 1000000, alpha[rnd() % 26], rnd() % 1000);
    }
}

/* b64 BYTES: random bytes in base64, 76 characters a line (what
   `base64 /dev/urandom` prints): incompressible beyond the alphabet, so
   gzip searches its hash chains hard and rarely finds a long match. */
static void gen_b64(long bytes)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (long i = 0; i < bytes; i++) putchar(i % 77 == 76 ? '\n' : digits[rnd() % 64]);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gendata b64 BYTES | gendata lines N\n");
        return 2;
    }
    long n = atol(argv[2]);
    if (strcmp(argv[1], "b64") == 0)
        gen_b64(n);
    else if (strcmp(argv[1], "lines") == 0)
        gen_lines(n);
    else {
        fprintf(stderr, "gendata: unknown kind '%s'\n", argv[1]);
        return 2;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
