/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sigloop.c: signals delivered while hot code runs.  The loop raises SIGUSR1
 * every 997 iterations; the handler walks a table.  raise() is a system
 * call, so delivery points are the same under any tool, and the handler's
 * blocks interleave with the loop's.  cflags: -O1 */
#include <signal.h>
#include <stdio.h>

static volatile unsigned table[4096];
static volatile unsigned long handled;

static void on_usr1(int sig)
{
    for (int i = 0; i < 4096; i += 16) table[i] += (unsigned)sig;
    handled++;
}

int main(void)
{
    struct sigaction sa;
    sa.sa_handler = on_usr1;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    if (sigaction(SIGUSR1, &sa, NULL) != 0) return 1;
    unsigned long sum = 0;
    for (unsigned i = 0; i < 300000; i++) {
        sum += table[(i * 37) & 4095] ^ i;
        if (i % 997 == 0) raise(SIGUSR1);
    }
    printf("%lu %lu\n", sum, handled);
    return 0;
}
