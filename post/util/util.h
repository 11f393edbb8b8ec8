/* SPDX-License-Identifier: GPL-2.0-or-later */
/* util.h: the shared plumbing of the post-processors: errors handed back to
   the caller (cg_error) and fatal diagnostics in the `PROG: error: ...` form,
   checked allocation, Python-style path quoting and argv[0] as Python
   sees it. */
#ifndef CG_UTIL_H
#define CG_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The name used in the tools' own diagnostics ("cg_annotate", ...).  It is
   fixed per program, unlike argparse-style messages which use argv[0]. */
extern const char *cg_prog;

/* First thing in main: set cg_prog and ignore SIGXFSZ, as Python does, so
   that output beyond a file-size limit is a write error with a message
   rather than death by signal. */
void cg_init(const char *prog);

/* An output file being written: the cg_die functions remove it, so that an
   error (a failed write, say) leaves no truncated file behind. */
void cg_remove_on_error(const char *path);

/* Every exit of the programs goes through here: exit(status), unless
   cg_exit_hook is set.  The library's parsers report errors to their caller
   (cg_error) rather than exiting, so that a fuzz target (fuzz/) can run them
   in-process; the targets set the hook to abort(), which makes any exit
   still reachable from a parser a finding. */
extern void (*cg_exit_hook)(int status);
_Noreturn void cg_exit(int status);

/* Print `PROG: error: MSG` to stderr, flush stdout first, exit 1. */
_Noreturn void cg_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like cg_die with a message of raw bytes (which may hold NULs). */
_Noreturn void cg_die_bytes(const char *msg, size_t len);
/* Like cg_die_bytes with another exit status. */
_Noreturn void cg_die_status(int status, const char *msg, size_t len);
/* Like cg_die, for a failed open/create: `[Errno N] TEXT: 'path'`. */
_Noreturn void cg_die_errno(int err, const char *path);

void *xmalloc(size_t n);
/* A copy of the C string s. */
char *xstrdup(const char *s);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xmemdup0(const char *s, size_t n);
/* Grow *cap so that at least `need` elements of `size` fit; realloc *p. */
void xgrow(void **p, size_t *cap, size_t need, size_t size);

/* Grow an array that may become large: up to 1 MiB on the heap, beyond in a
   mapping of its own, where mremap moves no data and huge pages cut the
   page-fault cost of first touching the memory.  New memory is zero.
   *p == NULL, *cap == 0 to start; big_free needs the same cap and elem. */
void big_grow(void **p, size_t *cap, size_t need, size_t elem);
void big_free(void *p, size_t cap, size_t elem);

/* Writes s to out with every byte that is not UTF-8 and every control
   character but newline as \xNN, so that no input can drive a terminal from
   a message.  The cg_die functions write their messages this way. */
void cg_put_safe(FILE *out, const char *s, size_t n);
/* Decodes the UTF-8 sequence at s (RFC 3629: no overlong forms, no
   surrogates, nothing above U+10FFFF) into *cp; returns its length, or 0 if
   s starts no valid sequence. */
size_t cg_utf8_decode(const unsigned char *s, const unsigned char *end, uint32_t *cp);
/* Append the Python repr() of the byte string s to out (a quoted literal). */
void cg_repr(FILE *out, const char *s, size_t n);

/* A growable byte buffer for building text without per-call allocation. */
typedef struct cg_buf {
    char *p;
    size_t len, cap;
} cg_buf;
void cg_buf_add(cg_buf *b, const char *s, size_t n);
void cg_buf_addc(cg_buf *b, char c);
void cg_buf_adds(cg_buf *b, const char *s);
void cg_buf_printf(cg_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cg_buf_vprintf(cg_buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Append the Python repr() of the byte string s (as cg_repr writes it). */
void cg_buf_repr(cg_buf *b, const char *s, size_t n);
void cg_buf_free(cg_buf *b);

/* argv[0] as a Python script would have seen it (PATH resolved like
   execvp): what the reports' `Invocation:` line names. */
const char *cg_invocation_name(const char *argv0);

/* A failure that a library function hands back to its caller instead of
   exiting; the programs end with cg_fail (program.h).  The message is raw
   bytes (it may quote the input) and is printed through cg_put_safe. */
typedef struct cg_error {
    int status;    /* exit status: 1 bad input, 2 bad usage; 0: nothing is
                      wrong, the work is done (--help, --version) */
    bool usage;    /* the usage lines come before the message */
    bool argparse; /* argparse's form: named after argv[0], not the program */
    cg_buf msg;
} cg_error;

/* Set *e (replacing what it held) and return false, so that a parser can
   `return cg_error_set(...)`. */
bool cg_error_set(cg_error *e, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
bool cg_error_bytes(cg_error *e, int status, const char *msg, size_t len);
/* `[Errno N] TEXT: 'path'`, status 1. */
bool cg_error_errno(cg_error *e, int err, const char *path);
void cg_error_free(cg_error *e);

/* Whitespace as Python's str.split()/`\s` see it, on UTF-8 bytes: returns the
   length of the whitespace character starting at s (0 if none). */
size_t cg_space_len(const char *s, const char *end);

#endif
