/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dlopener.c: dlopen()s the object named by argv[1], calls cgt_work in it,
 * dlclose()s it, then works on so that code runs after the unload.
 * cflags: -O1 -ldl */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    void *h = dlopen(argv[1], RTLD_NOW);
    if (!h) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    long (*fn)(int) = (long (*)(int))dlsym(h, "cgt_work");
    long r = fn ? fn(5000) : -1;
    dlclose(h);
    long s = 0;
    for (int i = 0; i < 3000; i++) s += i % 5;
    printf("%ld %ld\n", r, s);
    return 0;
}
