/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libcgskip.c: the object cgskip.c skips (--obj-skip, as CodSpeed skips an
 * interpreter's): work of its own, an inner function, and a call back into
 * the program.  cflags: -O1 -shared -fPIC */
__attribute__((noinline)) long skip_leaf(long n)
{
    long s = 0;
    for (long i = 0; i < n; i++) s += i ^ 3;
    return s;
}

long skip_entry(long n, long (*back)(long))
{
    return skip_leaf(n) + back(n);
}
