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
    /* --inline-frames: the instruction's guest address (0: a line's
     * centre; its object is looked up when it is written). */
    Addr addr;
    struct LineCC *next; /* hash chain */
    UInt line;
    UInt settled; /* cg_threads.c: the thread switch that last settled it */
    /* The counts, by event; allocated only up to cg.cc_events (the
     * highest recorded event), since a centre per instruction
     * (--inline-frames) made them most of the tool's memory: with Ir alone
     * a centre is 48 bytes, not 176.  Nothing reads past cg.cc_events. */
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
 * them.  With --inline-frames each line is its first instruction centre,
 * into which the others are folded until cg_lines_flat_free: meanwhile
 * instruction centres are not what they count (cg_write_inline.c writes
 * them before).  Nothing may count while a view is out. */
typedef struct {
    LineCC **lines;
    UInt n;
    LineCC **all; /* with --inline-frames, every centre, sorted */
} CgFlat;
void cg_lines_flat(CgFlat *f);
void cg_lines_flat_free(CgFlat *f);
/* --inline-frames: the instruction centres of one object, where the
 * post-processors read their inline chains: the object (interned; NULL
 * when the core knows none) and what a guest address less `bias` is
 * there, its centres in address order. */
typedef struct {
    const HChar *obj;
    Addr bias;
    LineCC **cc;
    UInt n;
} CgObjCode;
/* Every instruction centre (`all`), by object (sorted by name) and
 * address; an object unloaded before this call is not known.  Freed with
 * cg_lines_inlined_free. */
typedef struct {
    LineCC **all;
    UInt n;
    CgObjCode *objs;
    UInt n_objs;
} CgInlined;
void cg_lines_inlined(CgInlined *in);
void cg_lines_inlined_free(CgInlined *in);
/* --inline-frames: whether the code at guest address `a` has a source line
 * (and so its own centre), and then its object (interned, NULL when none
 * is known) and its address there. */
Bool cg_lines_code_at(Addr a, const HChar **obj, Addr *obj_addr);

#endif
