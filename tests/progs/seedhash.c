/* SPDX-License-Identifier: GPL-2.0-or-later */
/* seedhash.c: a hash table seeded from getrandom(2), as Rust's HashMap and
 * Python's str hash are, so that both its output and the work it does (the
 * chains it walks) depend on the seed.  cflags: -O1 */
#include <stdint.h>
#include <stdio.h>
#include <sys/random.h>

#define BUCKETS 64
#define KEYS    3000

static unsigned chain[BUCKETS];

int main(void)
{
    uint64_t seed[2];
    if (getrandom(seed, sizeof seed, 0) != sizeof seed) return 1;
    unsigned long walked = 0;
    for (uint64_t k = 0; k < KEYS; k++) {
        uint64_t h = (k ^ seed[0]) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
        /* A bucket's chain is walked to its end before the key goes on it;
           how long depends on how the seed spreads the keys. */
        unsigned b = (unsigned)(h % (BUCKETS - (seed[1] & 31)));
        for (unsigned i = 0; i < chain[b]; i++) walked++;
        chain[b]++;
    }
    printf("seed %016llx walked %lu\n", (unsigned long long)seed[0], walked);
    return 0;
}
