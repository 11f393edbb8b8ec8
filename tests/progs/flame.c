/* SPDX-License-Identifier: GPL-2.0-or-later */
/* flame.c: a program for the flame-graph tests (tests/html/flame.py): a
 * direct recursion (walk), a function with two callers (digest, called by
 * parse and emit) whose callee (tail) an estimate from arcs must split,
 * and work that moves with the argument N so that two runs differ: parse
 * grows with N, emit shrinks.  cflags: -O0 */
#include <stdlib.h>

static volatile unsigned sink;

static unsigned mix(unsigned x)
{
    return x * 2654435761u ^ x >> 13;
}

static unsigned lex(int n)
{
    unsigned h = 1;
    for (int i = 0; i < n; i++) h = mix(h + (unsigned)i);
    return h;
}

static unsigned tail(int n)
{
    unsigned h = 7;
    for (int i = 0; i < n; i++) h ^= mix(h) >> 3;
    return h;
}

static unsigned digest(int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++) h = mix(h + (unsigned)i);
    return h + tail(n);
}

static unsigned parse(int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++) h += lex(20);
    return h + digest(n * 4);
}

static unsigned emit(int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++) h ^= mix((unsigned)i);
    return h + digest(n * 2);
}

static unsigned walk(int depth)
{
    unsigned h = mix((unsigned)depth) + lex(50);
    return depth ? h + walk(depth - 1) : h;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    sink = parse(n) + emit(4000 - n) + walk(40);
    return 0;
}
