/* SPDX-License-Identifier: GPL-2.0-or-later */
/* util.h: the shared plumbing of the post-processors: fatal diagnostics in the
   `PROG: error: ...` form, checked allocation and Python-style path quoting. */
#ifndef CG_UTIL_H
#define CG_UTIL_H

#include <stdarg.h>
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

/* Every exit of the library goes through here: exit(status), unless a
   fuzz target (fuzz/) has set cg_exit_hook, which must not return (it
   longjmps back to the target, so one process can try many inputs). */
extern void (*cg_exit_hook)(int status);
_Noreturn void cg_exit(int status);

/* Print `PROG: error: MSG` to stderr, flush stdout first, exit 1. */
_Noreturn void cg_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like cg_die with a message of raw bytes (which may hold NULs). */
_Noreturn void cg_die_bytes(const char *msg, size_t len);
/* Like cg_die, for a failed open/create: `[Errno N] TEXT: 'path'`. */
_Noreturn void cg_die_errno(int err, const char *path);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xmemdup0(const char *s, size_t n);
/* Grow *cap so that at least `need` elements of `size` fit; realloc *p. */
void xgrow(void **p, size_t *cap, size_t need, size_t size);

/* Grow a large array (bytes) kept in its own mapping: mremap moves no data,
   and huge pages cut the page-fault cost of first touching the memory.  New
   memory is zero.  *p == NULL, *cap == 0 to start. */
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

/* Whitespace as Python's str.split()/`\s` see it, on UTF-8 bytes: returns the
   length of the whitespace character starting at s (0 if none). */
size_t cg_space_len(const char *s, const char *end);

#endif
