/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.c: the main of a fuzz target built without libFuzzer (any C
   compiler): runs the target once on each file named, or on each file of
   each directory named (in name order), so that `make check` replays the
   seed corpus and every crasher kept.  A finding aborts, as under the
   fuzzer; a clean run prints how many inputs it replayed. */
#include "common.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static size_t replayed;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    if (!buf || ferror(f)) {
        perror(path);
        exit(2);
    }
    fclose(f);
    /* A copy of exactly the input's size, so that reading past it is
       caught by a sanitizer build as under the fuzzer. */
    uint8_t *data = malloc(n ? n : 1);
    memcpy(data, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    replayed++;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 2;
        }
        if (!S_ISDIR(st.st_mode)) {
            run_file(argv[i]);
            continue;
        }
        struct dirent **list;
        int n = scandir(argv[i], &list, NULL, by_name);
        if (n < 0) {
            perror(argv[i]);
            return 2;
        }
        for (int k = 0; k < n; k++) {
            if (list[k]->d_name[0] != '.') {
                size_t len = strlen(argv[i]) + strlen(list[k]->d_name) + 2;
                char *path = malloc(len);
                snprintf(path, len, "%s/%s", argv[i], list[k]->d_name);
                run_file(path);
                free(path);
            }
            free(list[k]);
        }
        free(list);
    }
    fprintf(stderr, "replayed %zu inputs\n", replayed);
    return 0;
}
