/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strwork.c: a program whose time goes to glibc's string functions (memcpy,
 * strlen, memset), which glibc chooses at start-up from what CPUID reports,
 * so its profile names the variants chosen.  cflags: -O1 */
#include <stdio.h>
#include <string.h>

static char src[4096], dst[4096];

int main(void)
{
    memset(src, 'x', sizeof src - 1);
    size_t total = 0;
    for (int i = 0; i < 2000; i++) {
        src[1000 + i % 3000] = 0;
        total += strlen(src);
        memcpy(dst, src, 3000 + i % 1000);
        src[1000 + i % 3000] = 'x';
    }
    printf("%zu %d\n", total, dst[100]);
    return 0;
}
