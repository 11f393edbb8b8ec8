/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_lines.h: the events a line counts, and the line cost centres that hold
 * them, one per (file, function, line). */
#ifndef CG_LINES_H
#define CG_LINES_H

#include "cg_state.h"

/* The thirteen counters of a line, in the order of the full `events:` line.
 * The cache and branch groups are contiguous so output code can print a
 * subset by index ranges. */
enum {
    EV_Ir,
    EV_I1mr,
    EV_ILmr,
    EV_Dr,
    EV_D1mr,
    EV_DLmr,
    EV_Dw,
    EV_D1mw,
    EV_DLmw,
    EV_Bc,
    EV_Bcm,
    EV_Bi,
    EV_Bim,
    N_EVENTS
};

/* One cost centre per (file, function, line).  File and function names are
 * interned, so two centres name the same file iff the pointers are equal. */
typedef struct LineCC {
    const HChar *file;
    const HChar *fn;
    UInt line;
    struct LineCC *next; /* hash chain */
    ULong ev[N_EVENTS];
} LineCC;

void cg_lines_init(void);
/* Called once per superblock, before cg_lines_get for its instructions:
 * makes their lookups cheaper, never changes what they find. */
void cg_lines_prefer(Addr a);
/* The cost centre of the instruction at guest address `a`, created zeroed
 * the first time.  Reads debug info (counted in cg.lookups when
 * `count_lookup`); never returns NULL. */
LineCC *cg_lines_get(Addr a, Bool count_lookup);
/* The name of the function at `a` as the profile shows it (interned), or
 * NULL when the debug info has none.  Makes no cost centre. */
const HChar *cg_lines_fn_name(Addr a);
/* Sets every count of every cost centre to 0 (the centres stay). */
void cg_lines_zero(void);
/* All cost centres sorted by file, function, line (VG_(free) the array). */
LineCC **cg_lines_sorted(UInt *n);

#endif
