/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_lines.h: the line cost centres, one per (file, function, line), each
 * holding the events of cg_state.h. */
#ifndef CG_LINES_H
#define CG_LINES_H

#include "cg_state.h"

/* One cost centre per (file, function, line), or with --inline-frames one
 * per instruction that has a source line (`addr` not 0).  File and function
 * names are interned, so two centres name the same file iff the pointers
 * are equal. */
typedef struct LineCC {
    const HChar *file;
    const HChar *fn;
    UInt line;
    /* --inline-frames: the instruction's guest address (0: a line's
     * centre; its object is looked up when it is written). */
    Addr addr;
    UInt settled;        /* cg_threads.c: the thread switch that last settled it */
    struct LineCC *next; /* hash chain */
    /* The counts, by event; allocated only up to cg.cc_events (the
     * highest recorded event), since a centre per instruction
     * (--inline-frames) made them most of the tool's memory: with Ir alone
     * a centre is 64 bytes, not 184.  Nothing reads past cg.cc_events. */
    ULong ev[N_EVENTS];
    /* With levels (cg_levels_on(), and only then allocated, with all of
     * ev): the part of ev counted while the innermost activation was at
     * recursion level 2 or deeper, which the Callgrind format writes under
     * NAME'2. */
    ULong rec[];
} LineCC;

/* Whether self costs are split by recursion level, as Callgrind writes
 * them: --call-graph=callgrind (the default format keeps upstream's lines). */
static inline Bool cg_levels_on(void)
{
    return cg.clo.call_graph == CG_GRAPH_CALLGRIND;
}

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
/* The file (interned, "???" when unknown) and line (0) of the instruction
 * at `a`.  Makes no cost centre. */
void cg_lines_where(Addr a, const HChar **file, UInt *line);
/* The permanent copy of `s`, shared with every equal name. */
const HChar *cg_lines_intern(const HChar *s);
/* The same in a table of the caller's: names that are not the profile's
 * files and functions (--stats counts cg.names as upstream does). */
const HChar *cg_lines_intern_in(StrTable *t, const HChar *s);
/* The events the options record, in output order, into `ev`; returns how
 * many. */
Int cg_lines_recorded(Int *ev);
/* Sets every count of every cost centre to 0 (the centres stay). */
void cg_lines_zero(void);
/* The flat profile: a cost centre per (file, function, line), sorted by
 * them; with --inline-frames a line's instruction centres are summed into
 * one made for the array.  Freed with cg_lines_sorted_free. */
LineCC **cg_lines_sorted(UInt *n);
void cg_lines_sorted_free(LineCC **v, UInt n);
/* --inline-frames: an instruction centre, where the post-processors read
 * its inline chain: its object (interned; NULL when the core knows none)
 * and its address there (the guest address less the object's load bias). */
typedef struct {
    const LineCC *cc;
    const HChar *obj;
    Addr obj_addr;
} CgInstr;
/* The instruction centres, sorted by object and address (VG_(free) the
 * array); an object unloaded before this call is not known. */
CgInstr *cg_lines_inlined(UInt *n);
/* --inline-frames: whether the code at guest address `a` has a source line
 * (and so its own centre), and then its object (interned, NULL when none
 * is known) and its address there. */
Bool cg_lines_code_at(Addr a, const HChar **obj, Addr *obj_addr);

#endif
