/* SPDX-License-Identifier: GPL-2.0-or-later */
/* smc.c: self-modifying code.  A tiny function is written into an anonymous
 * executable mapping, straddling a 64-byte line, called until its blocks are
 * hot, then rewritten in place (a new constant, then a longer encoding) and
 * called again: Valgrind discards the stale translations and the tool must
 * count the new code, whichever tier it was in.  cflags: -O1 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

typedef int (*fn)(int);

/* lea eax, [rdi + k]; ret  (4 bytes)  or  lea eax, [rdi + k32]; ret  (7 bytes) */
static void write_code(unsigned char *p, int k, int wide)
{
    if (wide) {
        unsigned char code[] = {0x8d, 0x87, 0, 0, 0, 0, 0xc3};
        memcpy(code + 2, &k, 4);
        memcpy(p, code, sizeof code);
    } else {
        unsigned char code[] = {0x8d, 0x47, (unsigned char)k, 0xc3};
        memcpy(p, code, sizeof code);
    }
}

int main(void)
{
    unsigned char *page =
        mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) return 1;
    unsigned char *p = page + 62; /* the code spans bytes 62..65 (or 68) */
    long total = 0;
    for (int round = 0; round < 24; round++) {
        write_code(p, round * 3 + 1, round % 3 == 2);
        fn f = (fn)(void *)p;
        for (int i = 0; i < 40000; i++) total += f(i);
    }
    printf("%ld\n", total);
    return 0;
}
