/* SPDX-License-Identifier: GPL-2.0-or-later */
/* callgraph.h: the call graph as the file writes it, the base the
   functions' graph (fgraph.h, which the reports read) is made on: nodes
   are functions as the file names them (`fib` and `fib'2` apart), arcs the
   calls between them summed over call sites, and its cycles (strongly
   connected components, found with Tarjan's algorithm), each with its cost
   as a whole (docs/post-processors.md, "The call graph").  What a function
   costs is worked out in fgraph.c alone. */
#ifndef CG_WRITTEN_GRAPH_H
#define CG_WRITTEN_GRAPH_H

#include "profile.h"

typedef struct cg_garc {
    uint32_t from, to;
    cg_count count;
} cg_garc;

typedef struct cg_graph {
    size_t nev;
    size_t n;        /* nodes */
    cg_count *self;  /* n x nev: self cost */
    uint32_t *cycle; /* the node's cycle (2 nodes or more), else CG_NONE */
    size_t n_cycles;
    cg_count *cycle_incl; /* n_cycles x nev: the cost of each cycle as a whole */
    cg_garc *arcs;        /* sorted by (from, to), one per pair of nodes */
    uint32_t *arc_cc;     /* the inclusive cost each carries: its handle in ccs */
    cg_ccs ccs;
    size_t n_arcs, cap_arcs;
    uint32_t *first_in, *first_out; /* cg_adjacency_make's, by cg_graph_solve */
    uint32_t *in_arcs;
} cg_graph;

/* An empty graph of n nodes and nev events; arcs and self costs are added,
   then cg_graph_solve works everything out. */
void cg_graph_init(cg_graph *g, size_t n, size_t nev);
void cg_graph_free(cg_graph *g);
static inline cg_count *cg_graph_self(const cg_graph *g, uint32_t node)
{
    return g->self + (size_t)node * g->nev;
}
/* The inclusive cost arc a carries (in buf, nev counts, or the store's). */
static inline const cg_count *cg_garc_cc(const cg_graph *g, uint32_t a, cg_count *buf)
{
    return cg_ccs_get(&g->ccs, g->arc_cc[a], buf);
}
/* The index of m arcs among n nodes, sorted by their first node: each arc
   a struct of `size` bytes that starts with its two nodes (uint32_t from,
   to).  The arcs from v are first_out[v] .. first_out[v + 1] (indices into
   the array itself); those into v are in_arcs[first_in[v] .. first_in[v +
   1]]. */
void cg_adjacency_make(size_t n, const void *arcs, size_t m, size_t size, uint32_t **first_out,
                       uint32_t **first_in, uint32_t **in_arcs);
/* Adds `count` calls from `from` to `to` carrying inclusive cost cc. */
void cg_graph_add_arc(cg_graph *g, uint32_t from, uint32_t to, cg_count count, const cg_count *cc);
/* Merges the arcs between the same nodes, indexes them, finds the cycles
   (components of two nodes or more: a node that only calls itself is
   plain recursion, whose nested activations the calls from outside already
   contain) and what each costs as a whole: the calls entering it, or,
   entered by none, its members' self costs and the calls leaving it. */
void cg_graph_solve(cg_graph *g);

/* Callgrind names a function F called while it is running already `F'N`
   (its recursion level, N >= 2), and under --separate-callers adds its
   callers: `F'g'h`, `F'2'g'h`.  bases: the function part (up to the first
   `'`) of every name of fns, what a caller can be called (made here;
   cg_strtab_free it). */
void cg_fold_bases(const cg_strtab *fns, cg_strtab *bases);
/* The length of the function name that `name` folds to: F when all that
   follows is a level and callers found in `bases`, else the whole name
   (Rust and C++ names may hold `'` themselves).  *level: it has a level. */
size_t cg_fold_len(const cg_strtab *bases, const char *name, size_t len, bool *level);

/* Where a function is, which tells two functions of one name apart
   (docs/post-processors.md, "The call graph"): the file name of its
   object (the path's last part, so that a program's libc is one object
   whichever directory each run loaded it from), as Callgrind keeps its
   functions apart, recursion levels included.  Entries without an object
   (a merged Cachegrind profile's) join the function of their name when it
   is in one object; else they are a function apart, in no object. */
typedef struct cg_places {
    cg_strtab objs;    /* the objects' file names */
    uint32_t *obj_of;  /* profile object id -> id in objs */
    size_t n_objs;     /* the profile's objects when made */
    uint32_t obj_none; /* the profile's object of entries without one */
    uint32_t *sole;    /* name id -> its one object (CG_NONE: none or several) */
    size_t n_names;
} cg_places;

/* The places of what p read (its entries and calls). */
void cg_places_init(cg_places *pl, const cg_profile *p);
void cg_places_free(cg_places *pl);
/* A function's key: its name (fn id) in its place, as the profile read
   them. */
uint64_t cg_fn_key(const cg_places *pl, uint32_t obj, uint32_t fn);
/* The name of the place of key k (an object's file name, or `no object`). */
const char *cg_fn_key_place(const cg_places *pl, uint64_t k, size_t *len);
static inline uint32_t cg_fn_key_name(uint64_t k)
{
    return (uint32_t)k;
}

/* The graph of a profile's calls on one side (CG_SIDE_SUM: as summed; the
   others need cg_profile.keep_sides): one node per function (cg_fn_key)
   read on that side, entries' self costs and calls' callees alike;
   key[v] is node v's key, nodes maps a key to its node (value node + 1)
   and called_as[v] is the file the calls into v name (cfi=): CG_NONE
   when none does, CG_CALLED_AS_MANY when they name several (made here:
   free all three). */
void cg_graph_of_profile(cg_graph *g, const cg_profile *p, enum cg_side side, const cg_places *pl,
                         uint64_t **key, cg_u64map *nodes, uint32_t **called_as);
#define CG_CALLED_AS_MANY (CG_NONE - 1)

#endif
