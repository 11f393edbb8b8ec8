/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rdrand.c: takes random numbers with RDRAND and RDSEED, as some programs do
 * instead of asking the kernel, and prints them.  cflags: -O1 -mrdrnd -mrdseed */
#include <immintrin.h>
#include <stdio.h>

int main(void)
{
    unsigned long long a = 0;
    unsigned int b = 0;
    unsigned short c = 0;
    int ok = _rdrand64_step(&a) + _rdseed32_step(&b) + _rdrand16_step(&c);
    printf("%d %llx %x %x\n", ok, a, b, c);
    return 0;
}
