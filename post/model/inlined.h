/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inlined.h: our tool's costs of inlined code by instruction (its `#i`
   lines: docs/format.md, "Inlined code in a Cachegrind file").  Each is one
   instruction: its object and its address there, where a report reads its
   inline chain from the object's DWARF, and the flat line (file, function,
   line) whose self costs include it.  They are a breakdown of part of the
   flat profile, never costs of their own: a line's costs less its
   instructions' are the line's code that was not inlined.  Merged over the
   inputs by all five keys, as lines are. */
#ifndef CG_INLINED_H
#define CG_INLINED_H

#include <stddef.h>
#include <stdint.h>

#include "ccstore.h"
#include "hashtab.h"

typedef struct cg_inl {
    uint32_t obj, file, fn; /* names in the profile's tables, after --mod-* */
    int64_t line;
    uint64_t addr;
    uint32_t cc; /* its counts' handle in cg_inls.ccs */
} cg_inl;

typedef struct cg_inls {
    cg_inl *v;
    size_t n, cap;
    cg_ccs ccs;
    cg_itab tab;
} cg_inls;

void cg_inls_init(cg_inls *s, size_t nev);
void cg_inls_free(cg_inls *s);
/* The index of the instruction with these keys, made (zero) when new. */
uint32_t cg_inls_get(cg_inls *s, uint32_t obj, uint64_t addr, uint32_t file, uint32_t fn,
                     int64_t line);
/* Adds sign times v to instruction i's counts (overflow ruled out by the
   caller, as for lines). */
void cg_inls_add(cg_inls *s, uint32_t i, const cg_count *v, int sign);
/* Instruction i's counts: into the store, or buf filled. */
const cg_count *cg_inls_cc(const cg_inls *s, uint32_t i, cg_count *buf);

#endif
