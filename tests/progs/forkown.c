/* SPDX-License-Identifier: GPL-2.0-or-later */
/* forkown.c: --fork-counts.  before() runs only before the fork,
 * child_work() only in the child, parent_work() only in the parent, which
 * waits for the child; each process writes its own profile.
 * cflags: -O1 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOINLINE __attribute__((noipa, noinline))

static int data[1024];

NOINLINE static long before(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 3) & 1023] += i;
    return s;
}

NOINLINE static long child_work(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += (data[(i * 5) & 1023] ^ i) & 7;
    return s;
}

NOINLINE static long parent_work(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += data[(i * 11) & 1023] % 5;
    return s;
}

int main(void)
{
    long b = before(3000);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        printf("child %ld\n", b + child_work(2000));
        return 0;
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("parent %ld %d\n", b + parent_work(1500), WEXITSTATUS(st));
    return 0;
}
