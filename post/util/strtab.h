/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strtab.h: interning of names (file and function names) so that the rest of
   the code compares and hashes 32-bit ids instead of strings. */
#ifndef CG_STRTAB_H
#define CG_STRTAB_H

#include <stddef.h>
#include <stdint.h>

#include "hashtab.h"

typedef struct cg_str {
    const char *s; /* NUL-terminated copy; may also contain NULs */
    size_t len;
    uint64_t hash;
} cg_str;

typedef struct cg_strtab {
    cg_str *strs;
    size_t n, cap;
    cg_itab tab; /* by the strings' hashes */
    char *chunk; /* string arena: the current block */
    size_t chunk_used, chunk_cap;
    char **blocks; /* every block allocated, for cg_strtab_free */
    size_t n_blocks, cap_blocks;
} cg_strtab;

void cg_strtab_init(cg_strtab *t);
void cg_strtab_free(cg_strtab *t);
uint32_t cg_intern(cg_strtab *t, const char *s, size_t len);
/* Id of the string, or UINT32_MAX if it was never interned. */
uint32_t cg_strtab_find(const cg_strtab *t, const char *s, size_t len);
static inline const cg_str *cg_name(const cg_strtab *t, uint32_t id)
{
    return &t->strs[id];
}
/* Byte-wise comparison, shorter prefix first (Python str ordering on UTF-8). */
int cg_strcmp(const cg_str *a, const cg_str *b);
uint64_t cg_hash_bytes(const char *s, size_t len);

#endif
