/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mix.h: an inline function of prog.c's in a file of its own, so that
   Callgrind writes fi=/fe= lines where it is inlined. */
static inline int mix(int a, int b)
{
    int r = a * 31 + b;
    if (r & 1) r ^= 0x55;
    return r;
}
