/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inline-frames.h: inlined functions as functions (docs/cachegrind.md,
   "Inlined functions").  Our tool's `#i` lines say what each instruction
   of inlined code cost (inlined.h); given each one's inline chain, read
   by the caller from the object's DWARF, the profile is rewritten so that
   every report shows the inlined functions as frames of their own:

   - an instruction's cost moves from the entry of its flat line (the
     out-of-line function) to the entry of its innermost frame, in the same
     file: a frame's self cost is the cost of the instructions whose
     innermost frame it is, and the lines themselves do not change;
   - each step of the chain becomes a call of count 0 (an *inlined* call)
     from one frame to the next, whose inclusive cost is that of the
     instructions under it: an inlined frame's inclusive cost is then the
     cost of the instructions whose chain holds it, which the call graph
     works out as it does for real calls, and a function inlined into
     itself (a frame that repeats in a chain) is a call into recursion
     level 2, so that it is counted once;
   - a real call made from inlined code (the `#ic` lines) moves from the
     out-of-line function to the innermost frame of its call instruction,
     and its inclusive cost is added to each inlined call above it, so that
     an inlined frame's inclusive cost holds the calls its code made.

   The rewrite is made while the tables that find entries and calls exist,
   so before cg_profile_read_done. */
#ifndef CG_INLINE_FRAMES_H
#define CG_INLINE_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile.h"
#include "util.h"

/* One level of an inline chain: a function's name and the file of its
   code at that level (its line does not matter here). */
typedef struct cg_chain_level {
    const char *fn;
    const char *file;
} cg_chain_level;

/* The caller's resolver: the chain of the instruction at `addr` of object
   `obj` (its id and name in the profile's objects), outermost first, the first
   min(levels, max) of them in out; returns the number of levels, 0 when
   nothing is known (then the instruction stays with its flat line's
   function). */
typedef size_t (*cg_chain_fn)(void *ctx, uint32_t obj, const cg_str *name, uint64_t addr,
                              cg_chain_level *out, size_t max);

/* What the rewrite did, for the report to say. */
typedef struct cg_inline_stats {
    size_t instrs;  /* instructions of inlined code read */
    size_t moved;   /* of them, those given to an inlined frame */
    size_t unknown; /* those whose chain the resolver did not know */
    size_t frames;  /* distinct inlined functions */
    size_t calls;   /* calls from inlined code given to their inlined caller */
    size_t max_depth;
} cg_inline_stats;

/* Rewrites p as above (see the header comment); false with the error set
   when counts grow too large. */
bool cg_inline_apply(cg_profile *p, cg_chain_fn chain, void *ctx, cg_inline_stats *st,
                     cg_error *err);

#endif
