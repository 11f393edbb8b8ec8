/* SPDX-License-Identifier: GPL-2.0-or-later */
/* forker.c: forks once; child and parent do different work, the parent
 * waits for the child, so each writes its own output file.  cflags: -O1 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static long work(int n, int mul)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (i * mul) % 7;
    return s;
}

int main(void)
{
    long before = work(1000, 3);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        printf("child %ld\n", before + work(3000, 5));
        return 0;
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("parent %ld %d\n", before + work(2000, 11), WEXITSTATUS(st));
    return 0;
}
