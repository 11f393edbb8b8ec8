/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dies.c: does some work, then dies of a signal it does not handle: SIGTERM
 * sent to itself (argument "term") or a load from address 0 ("segv").  The
 * profile must still be written, as upstream writes it.  cflags: -O1 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

static volatile long sink;

int main(int argc, char **argv)
{
    for (long i = 0; i < 20000; i++) sink += i * 3;
    printf("%ld\n", sink);
    fflush(stdout);
    if (argc > 1 && strcmp(argv[1], "term") == 0) raise(SIGTERM);
    if (argc > 1 && strcmp(argv[1], "segv") == 0) sink += *(volatile long *)(sink - sink);
    return 0;
}
