/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cgskip.c: two callers of a function of the object named by argv[1]
 * (libcgskip.so, loaded by dlopen), which calls back into the program;
 * with a second argument the program makes CodSpeed's two requests before
 * the calls: skip the object (its fork's Callgrind request base + 6, with
 * the object's real path) and a metadata line (base + 7).
 * cflags: -O1 -ldl */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <valgrind.h>

typedef long (*entry_fn)(long, long (*)(long));
static entry_fn entry;

__attribute__((noinline)) static long back(long n)
{
    long s = 0;
    for (long i = 0; i < n; i++) s += i * 7;
    return s;
}

__attribute__((noinline)) static long caller_a(void)
{
    return entry(1000, back);
}

__attribute__((noinline)) static long caller_b(void)
{
    return entry(3000, back);
}

int main(int argc, char **argv)
{
    char path[PATH_MAX];
    if (argc < 2 || !realpath(argv[1], path)) return 2;
    void *h = dlopen(path, RTLD_NOW);
    if (!h || !(entry = (entry_fn)dlsym(h, "skip_entry"))) return 2;
    if (argc > 2) {
        VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ_TOOL_BASE('C', 'T') + 6, path, 0, 0, 0, 0);
        VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ_TOOL_BASE('C', 'T') + 7, "Benchmark: cgskip", 0,
                                        0, 0, 0);
    }
    printf("%ld\n", caller_a() + caller_b());
    return 0;
}
