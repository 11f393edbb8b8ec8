/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inl-lto-lib.c: the other file of the LTO program (inl-lto-main.c). */
static inline int odd(int x)
{
    return x & 1;
}

int lib_step(int x)
{
    return odd(x) ? 3 * x + 1 : x / 2;
}

long lib_sum(const int *a, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += lib_step(a[i]) + odd(a[i]);
    return s;
}
