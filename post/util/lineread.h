/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lineread.h: a buffered reader that splits a file descriptor (or a text in
   memory) into lines the way Python's universal newlines do (\n, \r\n and a
   lone \r each end a line). */
#ifndef CG_LINEREAD_H
#define CG_LINEREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cg_lineread {
    int fd;
    char *buf;
    size_t cap, start, end;
    bool eof;
    bool borrowed;   /* buf is the caller's text (cg_lineread_init_mem) */
    int err;         /* errno of a failed read, which ends the input */
    uint64_t lineno; /* number of the line last returned */
} cg_lineread;

void cg_lineread_init(cg_lineread *r, int fd);
/* The lines of the len bytes at s, which must stay until cg_lineread_free. */
void cg_lineread_init_mem(cg_lineread *r, const char *s, size_t len);
void cg_lineread_free(cg_lineread *r);
/* Next line without its terminator; *term says whether it had one.  The
   pointer stays valid until the next call.  Returns false at end of input. */
bool cg_lineread_next(cg_lineread *r, const char **line, size_t *len, bool *term);
/* The unread input, at least `want` bytes of it unless the input ends
   first (*len says how much), without consuming it: a look at a file's
   first lines to tell its format.  Valid until the next call. */
void cg_lineread_peek(cg_lineread *r, size_t want, const char **s, size_t *len);

#endif
