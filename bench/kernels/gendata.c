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

/* text BYTES: English-like words drawn from a skewed vocabulary, so gzip
   finds repeats at many distances but the data is far from trivial. */
static void gen_text(long bytes)
{
    static const char *const syl[] = {
        "ca", "che", "grind", "val", "sim", "lat", "ion", "mem", "ory", "re",
        "ad", "wri", "te", "mis", "pre", "dict", "bra", "nch", "lo", "op",
        "in", "st", "ru", "ct", "io", "ns", "da", "ta", "tr", "ee",
    };
    enum { NSYL = sizeof syl / sizeof syl[0], NWORD = 4096 };
    static char words[NWORD][24];
    long out = 0;
    int col = 0;

    for (int w = 0; w < NWORD; w++) {
        int n = 1 + (int)(rnd() % 4);
        words[w][0] = '\0';
        for (int s = 0; s < n; s++)
            strcat(words[w], syl[rnd() % NSYL]);
    }
    while (out < bytes) {
        /* min of two uniforms: low word numbers are much more frequent */
        unsigned a = rnd() % NWORD, b = rnd() % NWORD;
        const char *w = words[a < b ? a : b];
        int len = (int)strlen(w);
        if (col + len > 72) {
            putchar('\n');
            out++;
            col = 0;
        } else if (col > 0) {
            putchar(' ');
            out++;
            col++;
        }
        if (rnd() % 50 == 0) {
            /* a number now and then */
            out += printf("%u", rnd() % 100000);
            col += 5;
        }
        fputs(w, stdout);
        out += len;
        col += len;
    }
    putchar('\n');
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
        for (int k = 0; k < len; k++)
            key[k] = k < shared ? 'q' : alpha[rnd() % 26];
        key[len] = '\0';
        printf("%s\t%u\t%c%u\n", key, rnd() % 1000000, alpha[rnd() % 26],
               rnd() % 1000);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gendata text BYTES | gendata lines N\n");
        return 2;
    }
    long n = atol(argv[2]);
    if (strcmp(argv[1], "text") == 0)
        gen_text(n);
    else if (strcmp(argv[1], "lines") == 0)
        gen_lines(n);
    else {
        fprintf(stderr, "gendata: unknown kind '%s'\n", argv[1]);
        return 2;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
