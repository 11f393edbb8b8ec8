/* SPDX-License-Identifier: GPL-2.0-or-later */
/* urandom.c: reads /dev/urandom the ways programs do: read(2), readv(2) on a
 * dup()ed descriptor, read(2) on an fcntl(F_DUPFD) copy, /dev/random, and a
 * forked child reading the inherited descriptor.  Prints what it got; how
 * long its loop runs depends on it.  cflags: -O1 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned char buf[64];

static unsigned spin(const char *what, ssize_t n)
{
    unsigned sum = 0;
    printf("%s:", what);
    for (ssize_t i = 0; i < n; i++) {
        printf(" %02x", buf[i]);
        for (unsigned j = 0; j < buf[i]; j++) sum += j;
    }
    printf("\n");
    return sum;
}

int main(void)
{
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0) return 1;
    unsigned sum = spin("read", read(fd, buf, 8));

    int fd2 = dup(fd);
    struct iovec iov[2] = {{buf, 3}, {buf + 3, 5}};
    sum += spin("readv-dup", readv(fd2, iov, 2));

    int fd3 = fcntl(fd, F_DUPFD, 20);
    sum += spin("read-fcntl", read(fd3, buf, 8));

    int fr = open("/dev/random", O_RDONLY);
    sum += spin("random", read(fr, buf, 8));

    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        spin("child", read(fd, buf, 8));
        return 0;
    }
    waitpid(pid, NULL, 0);
    sum += spin("parent", read(fd, buf, 8));
    printf("sum %u\n", sum);
    return 0;
}
