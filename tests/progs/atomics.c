/* SPDX-License-Identifier: GPL-2.0-or-later */
/* atomics.c: atomic read-modify-writes of 1, 4, 8 and 16 bytes: lock add,
 * xadd, xchg, cmpxchg (succeeding and failing) and cmpxchg16b.
 * cflags: -O1 -mcx16 */
#include <stdio.h>

static unsigned char byte;
static int word;
static long quad;
static __int128 pair __attribute__((aligned(16)));

static int cas16(__int128 *p, __int128 *expected, __int128 desired)
{
    unsigned long lo = (unsigned long)*expected, hi = (unsigned long)(*expected >> 64);
    unsigned char ok;
    __asm__ volatile("lock cmpxchg16b %[m]\n\tsete %[ok]"
                     : [m] "+m"(*p), "+a"(lo), "+d"(hi), [ok] "=q"(ok)
                     : "b"((unsigned long)desired), "c"((unsigned long)(desired >> 64))
                     : "memory", "cc");
    *expected = ((__int128)hi << 64) | lo;
    return ok;
}

int main(void)
{
    long s = 0;
    for (int i = 0; i < 300; i++) {
        __atomic_fetch_add(&byte, 1, __ATOMIC_SEQ_CST);
        s += __atomic_fetch_add(&word, i, __ATOMIC_SEQ_CST);
        __atomic_add_fetch(&quad, 3, __ATOMIC_RELAXED);
        s += __atomic_exchange_n(&word, i, __ATOMIC_SEQ_CST);
        long exp = i % 2 ? quad : -1;
        __atomic_compare_exchange_n(&quad, &exp, exp + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        __int128 e = i % 3 ? pair : (__int128)-1;
        s += cas16(&pair, &e, e + 5);
    }
    printf("%ld %d %ld %ld\n", s, byte, quad, (long)pair);
    return 0;
}
