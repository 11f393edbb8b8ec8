/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lineread.c: universal-newline line splitting over read(2) (or over a text in
   memory, for the fuzz targets), used for profiles and for the annotated
   source files alike, with no per-line allocation. */
#include "lineread.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK (1u << 20)

void cg_lineread_init(cg_lineread *r, int fd)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->cap = CHUNK;
    r->buf = xmalloc(r->cap);
}

void cg_lineread_init_mem(cg_lineread *r, const char *s, size_t len)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
    /* Never written: with eof set, fill() neither moves nor reads into it. */
    r->buf = len ? (char *)s : (char *)"";
    r->cap = r->end = len;
    r->eof = true;
    r->borrowed = true;
}

void cg_lineread_free(cg_lineread *r)
{
    if (!r->borrowed) free(r->buf);
    r->buf = NULL;
}

/* Read more input after the unconsumed bytes; returns false at EOF/error. */
static bool fill(cg_lineread *r)
{
    if (r->eof) return false;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->end == r->cap) {
        /* A line longer than the buffer: grow, bounded by the input size. */
        r->cap *= 2;
        r->buf = xrealloc(r->buf, r->cap);
    }
    for (;;) {
        ssize_t n = read(r->fd, r->buf + r->end, r->cap - r->end);
        if (n > 0) {
            r->end += (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) r->err = errno;
        r->eof = true;
        return false;
    }
}

bool cg_lineread_next(cg_lineread *r, const char **line, size_t *len, bool *term)
{
    size_t scanned = 0; /* bytes of the pending line already known to hold no terminator */
    for (;;) {
        char *s = r->buf + r->start;
        size_t avail = r->end - r->start;
        char *nl = memchr(s + scanned, '\n', avail - scanned);
        size_t lim = nl ? (size_t)(nl - s) : avail;
        char *cr = memchr(s + scanned, '\r', lim - scanned);
        if (cr) {
            size_t pos = (size_t)(cr - s);
            if (pos + 1 == avail && !r->eof) {
                /* Need the next byte to tell CRLF from a lone CR. */
                scanned = pos;
                if (fill(r)) continue;
                s = r->buf + r->start;
                avail = r->end - r->start;
            }
            *line = s;
            *len = pos;
            *term = true;
            r->start += pos + 1 + (pos + 1 < avail && s[pos + 1] == '\n');
            r->lineno++;
            return true;
        }
        if (nl) {
            *line = s;
            *len = lim;
            *term = true;
            r->start += lim + 1;
            r->lineno++;
            return true;
        }
        scanned = avail;
        if (!fill(r)) {
            avail = r->end - r->start;
            if (avail == 0) return false;
            *line = r->buf + r->start;
            *len = avail;
            *term = false;
            r->start = r->end;
            r->lineno++;
            return true;
        }
    }
}

void cg_lineread_peek(cg_lineread *r, size_t want, const char **s, size_t *len)
{
    while (r->end - r->start < want && fill(r)) {
    }
    *s = r->buf + r->start;
    *len = r->end - r->start;
}
