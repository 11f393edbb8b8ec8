#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/window.sh: how far this host overlaps cache misses across other
# work (docs/sim.md, "Specialised pairs").  A native loop makes one random
# read-modify-write in 32 MiB per iteration, followed by N instructions that
# each write a register and depend on nothing; it prints nanoseconds per
# iteration for each N (least of three runs).  While the N instructions fit
# in the core's window of renamed results, the next iteration's miss starts
# before the last one ends; past it, every miss is paid in full.
#
# Usage: sh bench/window.sh [N...]   [0 50 100 150 200 250 300 400]
# Environment: BENCH_OUT=DIR scratch directory [${TMPDIR:-/tmp}/cachegrind-bench-window]
set -u
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench-window}
STEPS=6000000
[ $# -gt 0 ] || set -- 0 50 100 150 200 250 300 400
mkdir -p "$OUT" || exit 2

cat >"$OUT/window.c" <<'KERNEL'
#include <stdio.h>
#include <stdlib.h>
#define STR2(x) #x
#define STR(x) STR2(x)
int main(int argc, char **argv)
{
    enum { TABLE = 4 * 1024 * 1024 }; /* longs: 32 MiB, beyond the host's caches */
    long steps = argc > 1 ? atol(argv[1]) : 1000000, *t = calloc(TABLE, sizeof *t);
    unsigned long long s = 0x9e3779b97f4a7c15ULL;
    if (!t) return 1;
    for (long k = 0; k < steps; k++) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        unsigned long long r = s * 2685821657736338717ULL;
        t[r % TABLE] += (long)(r >> 40);
        /* PAD groups of four independent register writes */
        __asm__ volatile(".rept " STR(PAD) "\n mov $1, %%r8\n mov $1, %%r9\n"
                         " mov $1, %%r10\n mov $1, %%r11\n .endr" ::: "r8", "r9", "r10", "r11");
    }
    printf("%ld\n", t[12345]);
    free(t);
    return 0;
}
KERNEL

now_ns() { date +%s%N; }
printf '%8s  %s\n' "writes" "ns per iteration"
for n in "$@"; do
  pad=$((n / 4))
  gcc -O2 -DPAD=$pad -o "$OUT/window-$n" "$OUT/window.c" || exit 2
  best=
  for _ in 1 2 3; do
    t0=$(now_ns)
    "$OUT/window-$n" $STEPS >/dev/null || exit 2
    t=$(($(now_ns) - t0))
    [ -z "$best" ] || [ "$t" -lt "$best" ] && best=$t
  done
  printf '%8d  %d\n' $((pad * 4)) $((best / STEPS))
done
