/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regex-subst.h: the `s/old/new/flags` values of --mod-filename and
   --mod-funcname, matched with PCRE2 and replaced with Python's rules. */
#ifndef CG_REGEX_SUBST_H
#define CG_REGEX_SUBST_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

typedef struct cg_subst cg_subst;

/* Split a value of the form s/OLD/NEW/FLAGS; NULL if it has another shape.
   Nothing is compiled yet: a bad pattern only matters once a name is mapped. */
cg_subst *cg_subst_parse(const char *value);
/* Replace in in[0..len) into out (cleared first).  Returns NULL, or a message
   describing a bad pattern or replacement template, or a match that PCRE2
   gave up on (its match or memory limit). */
const char *cg_subst_apply(cg_subst *s, const char *in, size_t len, cg_buf *out);
void cg_subst_free(cg_subst *s);

#endif
