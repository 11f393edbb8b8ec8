/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libcgtdl.c: the shared object loaded and unloaded by dlopener.c.
 * cflags: -O1 -shared -fPIC */
long cgt_work(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (i ^ (i >> 2)) & 15;
    return s;
}
