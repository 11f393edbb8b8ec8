/* SPDX-License-Identifier: GPL-2.0-or-later */
/* html.h: profile bytes as HTML text.  Names, paths and source lines come
   from files anyone can craft (a profile downloaded from a CI artefact), so
   every byte of them goes through here: markup characters become
   references, and what a browser would hide or act on (bytes that are not
   UTF-8, control characters, bidirectional overrides) becomes a visible
   escape (docs/post-processors.md, "The HTML report"). */
#ifndef CG_HTML_H
#define CG_HTML_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    CG_HTML_TAB = 1,   /* keep tabs (source lines); else they are escapes */
    CG_HTML_PLAIN = 2, /* no markup in the escapes: for <title> and attributes */
};

/* Appends s[0..n) to b as HTML text, escaped as above (flags: CG_HTML_*). */
void cg_html_text(cg_buf *b, const char *s, size_t n, int flags);
/* A function or file name as cg_html_text writes it, with a line-break
   opportunity (<wbr>) after each `::`, `/`, `, ` and `(` that opens a
   parameter list, and before each `<`,
   so that long Rust and C++ paths and generic names wrap there rather
   than anywhere. */
void cg_html_name(cg_buf *b, const char *s, size_t n);
/* Like cg_html_text for a C string of ours. */
void cg_html_str(cg_buf *b, const char *s);
/* The length of the longest prefix of s[0..n) of at most max bytes that
   does not cut a UTF-8 sequence in two. */
size_t cg_html_cut(const char *s, size_t n, size_t max);

#endif
