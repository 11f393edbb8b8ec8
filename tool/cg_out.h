/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_out.h: the buffered writer every profile file goes through, what the
 * two formats share (the desc: and cmd: lines, the functions a region run
 * keeps), and the two formats' bodies: cg_write_cachegrind.c (the default
 * file, with the call graph cg_write_packed.c packs) and
 * cg_write_callgrind.c (--call-graph=callgrind).  cg_output.c owns the
 * file itself (its name, atomic replacement, errors). */
#ifndef CG_OUT_H
#define CG_OUT_H

#include "cg_lines.h"

/* A buffered file writer that notices failed writes. */
typedef struct {
    Int fd;
    Bool failed;
    UInt used;
    HChar buf[65536];
} CgOut;

void cg_out_flush(CgOut *o);
void cg_out_str(CgOut *o, const HChar *s);
void cg_out_bytes(CgOut *o, const HChar *b, SizeT n);
void cg_out_u64(CgOut *o, ULong v);

/* The events' names as the files write them, by event (cg_lines.h). */
extern const HChar *const cg_event_names[N_EVENTS];

/* What writing a profile wrote, for --stats. */
typedef struct {
    ULong files, fns, lines; /* fl=, fn= and count lines written */
    /* With --call-graph: the first recorded event's cost that ran outside
     * an activation of the function its lines belong to (in a caller's, as
     * a PLT stub does, or in none, before a thread's first entry). */
    ULong foreign;
    /* With --call-graph: the call paths written, and those left out below
     * --call-path-threshold. */
    UInt paths_written, paths_below;
    /* With --inline-frames: the instruction lines written (`#i`). */
    ULong inlined;
} CgWriteStats;

/* The functions of a region run (--toggle-collect) that have a count: the
 * others were never active in a region and are left out.  A function that
 * was has all its lines written, zero or not, as in a full run.  Names are
 * interned, so the set holds pointers, sorted. */
typedef struct {
    const HChar **fn;
    UInt n;
} CgFnSet;

/* The set of the functions of `ccs` with a count in one of the recorded
 * events `ev` (nev of them); free fn with VG_(free). */
void cg_fnset_counted(CgFnSet *s, LineCC **ccs, UInt n, const Int *ev, Int nev);
Bool cg_fnset_has(const CgFnSet *s, const HChar *fn);

/* The desc: lines (caches, fingerprint, and `desc`, a partial profile's,
 * or NULL) and the cmd: line, which both formats share. */
void cg_out_descs(CgOut *o, const HChar *desc);

/* A profile's body after the header the format has before its desc:
 * lines: Cachegrind's format, and Callgrind's with the call graph, whose
 * calls are those of `thread` (a cg_thread_key(): 0 for all threads).
 * Each makes `flat` (cg_lines_flat) once it has written what it reads
 * from the instruction centres (`#i`), and leaves it for its caller to
 * free. */
void cg_write_cachegrind_body(CgOut *o, CgFlat *flat, const HChar *desc, CgWriteStats *ws);
void cg_write_callgrind_body(CgOut *o, CgFlat *flat, const HChar *desc, ThreadId thread,
                             CgWriteStats *ws);
/* The call graph in the default profile, packed in `#` lines after its
 * events: line and inlined code's (cg_write_packed.c; docs/format.md, "The
 * call graph in a Cachegrind file"). */
void cg_write_graph(CgOut *o, LineCC **ccs, UInt n, CgWriteStats *ws);
/* Right after the events: line: with --inline-frames the costs of code by
 * instruction in `#i` lines, and the calls of `thread` (as the call
 * graph's: cg_write_inline.c); then `flat` made (cg_lines_flat), which
 * folds the instruction centres into lines, so it must come after. */
void cg_write_inlined_then_flat(CgOut *o, ThreadId thread, CgFlat *flat, CgWriteStats *ws);

/* Whether the flat part writes `cc` under a new fn= line after lines of
 * (file, fn): the rule of its fn= lines, which the packed call graph
 * counts to name functions. */
static inline Bool cg_flat_new_fn(const LineCC *cc, const HChar *file, const HChar *fn)
{
    return cc->file != file || cc->fn != fn;
}

/* The call graph as both formats write it (cg_write_callgrind.c): the
 * functions in the order of Callgrind's blocks (sorted by name, then entry
 * file, then object: each one's CgFn.index is its place), the self cost
 * lines under the function each belongs to, and the arcs of `thread` with
 * a call or a cost, sorted by caller, level, site and callee. */
struct CgFn;
struct CgArc;
struct CgPath;
typedef struct {
    struct CgFn *fn;
    LineCC *cc;
} CgOwnedLine;
typedef struct {
    ThreadId thread; /* whose profile: a cg_thread_key() (0: all threads) */
    Int ev[N_EVENTS], nev;
    ULong total[N_EVENTS];
    struct CgFn **fns;
    UInt n_fns;
    CgOwnedLine *own;
    UInt n_own;
    struct CgArc **arcs;
    UInt n_arcs;
    /* With levels (cg_levels_on): by function index, whether a call entered
     * it at recursion level 2, so that its lines are written apart by
     * level (NULL without levels). */
    Bool *rec_in;
} CgGraph;
void cg_graph_make(CgGraph *g, LineCC **ccs, UInt n, ThreadId thread);
void cg_graph_free(CgGraph *g);
/* The arcs from *ai on that differ only in their return address (two
 * calls on one line), written as one: the first of them, their calls and
 * inclusive costs summed (incl by position, g->nev of them); *ai moves
 * past them. */
const struct CgArc *cg_graph_arc_sum(const CgGraph *g, UInt *ai, ULong *calls, ULong *incl);
/* Which of the call paths `nodes` (n of them, by id - 1) the file holds,
 * in `keep` (n, zeroed): those of g's thread with a call or a cost, but
 * for those whose first event is below --call-path-threshold's share of
 * g's total (in *below) and that no kept path descends from; a root (a
 * thread's or a handler's first function) is always kept, so that every
 * root the readers need is there (post/model/fgraph.c, find_roots).  A
 * path left out keeps its cost in its parent's, as that path's self cost,
 * as a fold does.  Returns how many are kept. */
UInt cg_graph_paths_kept(const CgGraph *g, struct CgPath *const *nodes, UInt n, Bool *keep,
                         UInt *below);
/* The `# call paths:` line: how many paths were kept, folded and left out. */
void cg_graph_paths_header(CgOut *o, UInt kept, UInt below);
/* ws->foreign, from the paths (all of them) against the lines. */
void cg_graph_foreign(const CgGraph *g, CgWriteStats *ws);

#endif
