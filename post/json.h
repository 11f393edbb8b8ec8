/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.h: the two JSON values that need care: strings made from profile
   bytes (docs/json.md, "The document": invalid UTF-8 bytes become U+DC80..U+DCFF)
   and exact 64-bit integers.  Callers write the punctuation. */
#ifndef CG_JSON_H
#define CG_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void cg_json_str(FILE *out, const char *s, size_t n);
void cg_json_cstr(FILE *out, const char *s);
void cg_json_int(FILE *out, int64_t v);

#endif
