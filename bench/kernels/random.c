/* SPDX-License-Identifier: GPL-2.0-or-later */
/* random.c: benchmark kernel with random memory access: pointer chasing round
   a random cycle, then random read-modify-write updates of a large table. */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state = 0x9e3779b97f4a7c15ULL;

static unsigned long long rnd(void)
{
    /* xorshift64*: fixed seed, so every run does the same accesses */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

/* usage: random LOG2NODES STEPS
   a cycle of 2^LOG2NODES 64-byte nodes (one cache line each) is chased for
   STEPS steps, then STEPS random updates hit a 32 MiB table. */
struct node {
    struct node *next;
    long payload[7];
};

int main(int argc, char **argv)
{
    int lg = argc > 1 ? atoi(argv[1]) : 16;
    long steps = argc > 2 ? atol(argv[2]) : 1000000;
    long n = 1L << lg;
    struct node *nodes = malloc(sizeof(struct node) * n);
    long *perm = malloc(sizeof(long) * n);
    enum { TABLE = 4 * 1024 * 1024 }; /* longs: 32 MiB */
    long *table = calloc(TABLE, sizeof(long));
    long sum = 0;

    if (!nodes || !perm || !table) return 1;
    /* Sattolo's algorithm: a random permutation that is a single cycle */
    for (long i = 0; i < n; i++) perm[i] = i;
    for (long i = n - 1; i > 0; i--) {
        long j = (long)(rnd() % (unsigned long long)i);
        long t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (long i = 0; i < n; i++) {
        nodes[i].next = &nodes[perm[i]];
        nodes[i].payload[0] = i;
    }
    struct node *p = &nodes[0];
    for (long s = 0; s < steps; s++) {
        sum += p->payload[0];
        p = p->next;
    }
    /* random read-modify-write; every 8th update also reads a neighbour */
    for (long s = 0; s < steps; s++) {
        unsigned long long r = rnd();
        long i = (long)(r % TABLE);
        table[i] += (long)(r >> 40);
        if ((r & 7) == 0) sum ^= table[(i + 4099) % TABLE];
    }
    for (long i = 0; i < TABLE; i += 4096) sum += table[i];
    printf("%ld\n", sum);
    free(nodes);
    free(perm);
    free(table);
    return 0;
}
