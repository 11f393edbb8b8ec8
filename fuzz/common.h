/* SPDX-License-Identifier: GPL-2.0-or-later */
/* common.h: what the fuzz targets share: the in-process set-up (an exit
   from the library is a finding), splitting one input into several parts,
   and independent JSON and HTML checks used as oracles. */
#ifndef CG_FUZZ_COMMON_H
#define CG_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The entry point libFuzzer (or replay.c) calls once per input. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Once per process: make cg_exit() abort (the library's parsers must hand
   errors back, never exit) and send stdout (--help) to /dev/null. */
void fuzz_init(void);

/* Stops the target with a message on stderr: a broken property. */
_Noreturn void fuzz_fail(const char *what);
#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) fuzz_fail(__FILE__ ": property failed: " #cond);                              \
    } while (0)

/* Splits data at each occurrence of the line `sep` (without its newline):
   up to max parts (the last keeps the rest); returns the count.  Part i is
   part[i][0..len[i]). */
size_t fuzz_split(const uint8_t *data, size_t size, const char *sep, const char **part, size_t *len,
                  size_t max);

/* A NUL-terminated copy of data (which may hold NULs; they end the string). */
char *fuzz_cstr(const uint8_t *data, size_t size);

/* Whether s[0..n) is one JSON value (RFC 8259) with nothing but whitespace
   around it, its strings made of escapes, printable ASCII and valid UTF-8. */
bool fuzz_json_valid(const char *s, size_t n);

/* Whether the HTML page s[0..n) is valid UTF-8 whose markup is only the
   elements cg_annotate writes itself (docs/post-processors.md, "The HTML
   report": profile bytes never become markup), with one script and one
   style sheet. */
bool fuzz_html_safe(const char *s, size_t n);

#endif
