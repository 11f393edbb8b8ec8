/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_callgraph.h: what --call-graph=yes records: the functions that calls
 * enter, and the arcs between them with their call counts and inclusive
 * costs.  The activation stacks that find the calls are cg_stack.c's. */
#ifndef CG_CALLGRAPH_H
#define CG_CALLGRAPH_H

#include "cg_state.h"

/* A function as the profile names it: its name and the file of its entry
 * (two static functions of one name in two files are two functions). */
typedef struct CgFn {
    struct CgFn *next;        /* hash chain, by name */
    const HChar *name;        /* interned, as the flat profile's fn= */
    const HChar *file;        /* interned: the file of its entry, "???" when unknown */
    const HChar *obj;         /* interned: the object it lives in, "???" when unknown */
    UInt line;                /* the line of its entry (0: unknown) */
    Bool region;              /* its name matches a --toggle-collect pattern */
    Bool skip;                /* its object is skipped (--obj-skip: cg_skip.c) */
    UInt id;                  /* 0, 1, ... in the order made: its slot in CgStack.active */
    UInt index;               /* its position in the output, while it is written */
    struct CgArc *last;       /* the arc into it found last (most calls repeat one) */
    struct CgPath *last_path; /* the path into it found last */
} CgFn;

/* Calls from one call site of one function into another.  A function
 * called while an activation of it is open on the same thread is called at
 * recursion level 2 (written F'2, as Callgrind names it), and calls made
 * by such an activation come from F'2: so the calls into F itself start
 * its outermost activations, and their costs add up to F's inclusive cost. */
typedef struct CgArc {
    struct CgArc *next; /* hash chain */
    CgFn *caller, *callee;
    Bool caller_rec, callee_rec; /* level 2 or deeper */
    ThreadId thread;             /* whose calls: cg_thread_key() */
    Addr ret;                    /* the return address the call left (0: none) */
    const HChar *site_file;      /* the call site: the line before the return */
    UInt site_line;              /* address if it lies in the caller, else the caller's entry */
    ULong calls;
    ULong incl[N_EVENTS]; /* the recorded events (cg_lines_recorded), in their order */
} CgArc;

/* A call path: the activations of a function called along one path from a
 * root (a thread's or a signal handler's first function), all of them
 * added up.  Paths form a tree; a node's self cost is its inclusive cost
 * minus its children's.  The table holds at most --max-call-paths of them. */
typedef struct CgPath {
    struct CgPath *next; /* hash chain, by (parent, fn) */
    struct CgPath *parent;
    CgFn *fn;
    struct CgPath *last_child; /* the child found last (calls repeat) */
    struct CgArc *arc;         /* the arc of the last call along this path */
    UInt id;                   /* 1, 2, ... in the order made: a parent before its children */
    ThreadId thread;           /* whose calls: cg_thread_key() (a root's, and so its tree's) */
    ULong calls;
    ULong incl[0]; /* one per recorded event (cg_lines_recorded), in its order */
} CgPath;

void cg_callgraph_init(void);
/* The function whose entry is `a` (translation time; `a` must be an entry). */
CgFn *cg_callgraph_fn_at(Addr a);
/* The arc for a call by thread `thread` (a cg_thread_key()) from `caller`
 * (NULL: none) into `callee` that left `ret` as its return address (run
 * time; made the first time); `via`, when not NULL, is the call's path
 * node, which remembers its last arc.  `site`, when not NULL, is the line
 * the call is made from instead (a call from skipped code: cg_skip.c).
 * Most calls repeat the last one made along their path, which is looked
 * at inline (a call per function entry). */
struct LineCC;
static inline Bool cg_arc_is(const CgArc *a, ThreadId thread, const CgFn *caller, Bool caller_rec,
                             const CgFn *callee, Bool callee_rec, Addr ret)
{
    return a && a->caller == caller && a->callee == callee && a->ret == ret &&
           a->caller_rec == caller_rec && a->callee_rec == callee_rec && a->thread == thread;
}
CgArc *cg_callgraph_arc_slow(ThreadId thread, CgPath *via, CgFn *caller, Bool caller_rec,
                             CgFn *callee, Bool callee_rec, Addr ret, const struct LineCC *site);
_Static_assert((CG_ARC_CACHE & (CG_ARC_CACHE - 1)) == 0, "CG_ARC_CACHE is a power of two");
static inline UInt cg_arc_slot(Addr ret)
{
    return (UInt)(ret ^ (ret >> 12)) & (CG_ARC_CACHE - 1);
}
static inline CgArc *cg_callgraph_arc(ThreadId thread, CgPath *via, CgFn *caller, Bool caller_rec,
                                      CgFn *callee, Bool callee_rec, Addr ret,
                                      const struct LineCC *site)
{
    if (!site) {
        if (via && cg_arc_is(via->arc, thread, caller, caller_rec, callee, callee_rec, ret))
            return via->arc;
        CgArc *a = cg.arc_by_ret[cg_arc_slot(ret)];
        if (cg_arc_is(a, thread, caller, caller_rec, callee, callee_rec, ret)) {
            if (via) via->arc = a;
            return a;
        }
    }
    return cg_callgraph_arc_slow(thread, via, caller, caller_rec, callee, callee_rec, ret, site);
}
/* The node of the path `parent` (NULL: a root of `thread`'s) then `fn`,
 * made the first time; NULL when it is new and the table is full.  Most
 * calls repeat their parent's last. */
CgPath *cg_callgraph_path_slow(ThreadId thread, CgPath *parent, CgFn *fn);
static inline CgPath *cg_callgraph_path(ThreadId thread, CgPath *parent, CgFn *fn)
{
    if (parent && parent->last_child && parent->last_child->fn == fn) return parent->last_child;
    return cg_callgraph_path_slow(thread, parent, fn);
}
/* The nodes, by id: nodes[0] has id 1. */
CgPath *const *cg_callgraph_paths(UInt *n);
/* The calls and costs of every arc and node of `thread` (a
 * cg_thread_key()) to 0 (they stay). */
void cg_callgraph_zero(ThreadId thread);
/* The function a line cost centre belongs to: the one of its name whose
 * entry is in its file, else the first of its name, else a new one (code
 * no call entered). */
CgFn *cg_callgraph_home(const HChar *name, const HChar *file);
/* All functions and all arcs, in no order (VG_(free) the arrays). */
CgFn **cg_callgraph_fns(UInt *n);
CgArc **cg_callgraph_arcs(UInt *n);
/* After an object was added to those skipped: every function's skip flag
 * again. */
void cg_callgraph_reskip(void);
/* For --stats. */
UInt cg_callgraph_n_fns(void);
UInt cg_callgraph_n_arcs(void);
/* Bytes the graph's tables hold. */
ULong cg_callgraph_bytes(void);

#endif
