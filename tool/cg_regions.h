/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_regions.h: --toggle-collect, counting only while a chosen function is
 * active: the patterns and the gate that every count goes through.  The
 * activation stacks (cg_stack.h) open and close the regions. */
#ifndef CG_REGIONS_H
#define CG_REGIONS_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* After the options (cg_options.c takes --toggle-collect): with patterns,
 * every thread starts outside the regions; without, every count is
 * collected. */
void cg_regions_init(void);
/* At the end of the run: a warning for each pattern that matched no
 * function entry, with the names that contain it. */
void cg_regions_unmatched(void);
/* Whether any pattern was given, or the tool runs as Callgrind, whose
 * CALLGRIND_TOGGLE_COLLECT may switch counting off at any time (the gate
 * exists only then). */
static inline Bool cg_regions_on(void)
{
    return cg.clo.n_toggle > 0 || cg.clo.as_callgrind;
}
/* Whether a function of this name (as the profile shows it) opens a region. */
Bool cg_regions_match(const HChar *name);
/* The running thread is now inside a region, or not (cg_stack.c). */
void cg_regions_set(Bool in);
/* CALLGRIND_TOGGLE_COLLECT: counting flips, inside regions and out
 * (cg_stack.c, which then reloads what depends on it). */
void cg_regions_toggle(void);
/* `delta` (an I64 that is 0 or 1) as generated code must add it to a
 * count: unchanged without patterns, else ANDed with cg.collect. */
IRExpr *cg_regions_gate(IRSB *out, IRExpr *delta);

#endif
