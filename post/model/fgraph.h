/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fgraph.h: the call graph as the reports show it, one node per function
   (docs/post-processors.md, "The call graph").  Built on the graph as the
   file writes it (callgraph.h: `fib` and `fib'2` apart, cycles found
   there), it folds each node's name to its function's (`fib'2` -> `fib`)
   unless asked not to, and works out per function what can be known: its
   inclusive cost (the calls into its level-1 nodes, those without a
   recursion level), whether that figure is exact, its calls; per pair of
   functions the calls that started an outermost activation of the callee
   (they carry a cost) and those made while it was running (counted only);
   the cycles that make figures inexact, each exact as a whole; and the
   union of the activations of a set of functions, for a limit on them. */
#ifndef CG_FGRAPH_H
#define CG_FGRAPH_H

#include "callgraph.h"

/* One function. */
typedef struct cg_ffn {
    uint32_t cycle;  /* its cycle (cg_fgraph.cycles), or CG_NONE */
    bool exact;      /* incl is its exact inclusive cost, else a lower bound */
    bool shared;     /* several functions of the file have its name */
    cg_count calls;  /* calls that started an outermost activation */
    cg_count rcalls; /* calls made while it was running already */
    /* Its name without the place that tells it from others of that name
       (the first name_len bytes of its name: fgraph.c, name_functions). */
    uint32_t name_len;
} cg_ffn;

/* The calls from one function to another, over every call site. */
typedef struct cg_farc {
    uint32_t from, to;
    cg_count count;  /* calls that started an outermost activation of `to` */
    cg_count rcount; /* the others (recursive, nested in one of those) */
} cg_farc;

/* A cycle: nodes calling each other round that are not told apart by
   recursion levels (Callgrind's --separate-recs=1), whose members'
   inclusive costs cannot be known, only the cycle's as a whole. */
typedef struct cg_fcycle {
    uint32_t *members; /* functions, by name */
    size_t n_members;
} cg_fcycle;

typedef struct cg_fgraph {
    size_t nev;
    bool folded;
    bool levels;      /* some node has a recursion level (folded only) */
    cg_graph g;       /* the graph as written, solved */
    uint32_t *fn_of;  /* node -> function */
    bool *level1;     /* node: without a recursion level (all, unfolded) */
    cg_strtab names;  /* function i is names.strs[i] */
    cg_ffn *fns;      /* names.n of them */
    cg_count *self;   /* names.n x nev */
    cg_count *incl;   /* names.n x nev */
    cg_farc *arcs;    /* by (from, to) */
    uint32_t *arc_cc; /* what the outermost calls cost: a handle in ccs */
    cg_ccs ccs;
    size_t n_arcs;
    uint32_t *first_out; /* arcs from f: first_out[f] .. first_out[f + 1] */
    uint32_t *first_in;  /* arcs into f: in_arcs[first_in[f] .. first_in[f + 1]] */
    uint32_t *in_arcs;
    cg_fcycle *cycles;
    cg_count *cycle_self, *cycle_incl; /* n_cycles x nev */
    size_t n_cycles;
    /* The one map from what the profile read to functions, made once with
       the graph: places says where each function is (cg_fn_key), nodes
       maps a key read on this side to its node (value node + 1), whose
       function fn_of gives.  Once cg_fgraph_rename has given a profile the
       functions' names, func_of maps that profile's name ids (n_names) to
       functions, and name_of[F] is function F's name id there. */
    cg_places places;
    cg_u64map nodes;
    uint32_t *func_of, *name_of;
    size_t n_read, n_read_files, n_names;
    /* With our tool's call paths: names.n x nev, what each function's root
       activations cost (those no call entered: a thread's first function,
       a signal handler, a region entered from outside), and whether a
       function nobody calls costs them (fgraph.c, find_roots) rather
       than its self cost and its calls; NULL without. */
    cg_count *root_incl;
    bool *rooted;
} cg_fgraph;

/* The function graph of profile p's calls on one side (p read, not yet
   renamed by cg_fgraph_rename); `fold` folds recursion levels and caller
   contexts (each name is folded here, once: func_of). */
void cg_fgraph_build(cg_fgraph *f, const cg_profile *p, bool fold, enum cg_side side);
void cg_fgraph_free(cg_fgraph *f);

static inline size_t cg_fgraph_n(const cg_fgraph *f)
{
    return f->names.n;
}
static inline const cg_count *cg_ffn_self(const cg_fgraph *f, uint32_t fn)
{
    return f->self + (size_t)fn * f->nev;
}
static inline const cg_count *cg_ffn_incl(const cg_fgraph *f, uint32_t fn)
{
    return f->incl + (size_t)fn * f->nev;
}
/* What arc's outermost calls cost (in buf, nev counts, or the store's). */
static inline const cg_count *cg_farc_cc(const cg_fgraph *f, uint32_t arc, cg_count *buf)
{
    return cg_ccs_get(&f->ccs, f->arc_cc[arc], buf);
}
/* Whether arc a carries a cost to show: it started activations, or has a
   cost (a call still running at a dump counts 0, a --diff may cancel
   counts); one made only while its callee ran carries none of its own. */
static inline bool cg_farc_carries(const cg_fgraph *f, uint32_t a)
{
    return f->arcs[a].count || f->arc_cc[a]; /* a handle of 0 costs nothing */
}
/* The function called `name`, or CG_NONE (for tests: the reports key on
   func_of). */
uint32_t cg_fgraph_find(const cg_fgraph *f, const cg_str *name);

/* The call graph of what p read when every input has its calls (a
   Cachegrind profile among them would leave them incomplete), made from the
   names as written, p then renamed (cg_fgraph_rename) so that every report
   row is a function of the graph, and its calls dropped (the graph has
   them); NULL otherwise, p's entries then keyed by file and name alone
   (cg_fgraph_apply).  cg_fgraph_destroy frees it. */
cg_fgraph *cg_fgraph_of_profile(cg_profile *p, bool fold);
/* Its two steps: the graph of what p read (NULL when some input has no
   calls), p's calls dropped as soon as the graph holds them (they are much
   of a profile's memory); and p renamed to a graph's functions.  The graph
   may be applied to another profile of the same inputs read the same way
   (a second read, which need not store the calls: cg_profile.skip_arcs),
   whose names then have the same ids); with f NULL (no graph), p's
   entries are keyed by file and name alone, as the reports show them. */
cg_fgraph *cg_fgraph_of_calls(cg_profile *p, bool fold);
void cg_fgraph_apply(cg_fgraph *f, cg_profile *p);
void cg_fgraph_destroy(cg_fgraph *f);

/* Renames the functions of p's entries and call paths (p as f was made
   from, or read alike) to their functions' names, and keys the entries by
   file and that name alone (merging those that then coincide), so that
   every report row is a function of f, which f->func_of then gives.
   Nothing may be read into p afterwards. */
void cg_fgraph_rename(cg_fgraph *f, cg_profile *p);

/* The cost of the union of the activations of the functions with
   match[fn] set: what a run that counts only while one of them is running
   would count (--toggle-collect).  lo and hi (nev each, set here) bound
   it; they are equal, and the result true, when the file decides it. */
bool cg_fgraph_union(const cg_fgraph *f, const bool *match, cg_count *lo, cg_count *hi);

#endif
