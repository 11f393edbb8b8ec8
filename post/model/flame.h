/* SPDX-License-Identifier: GPL-2.0-or-later */
/* flame.h: the calling-context tree that flame graphs and folded stacks
   draw (docs/post-processors.md, "Flame graphs").  A frame is a call path,
   its cost the inclusive cost of that path's activations.  Made exactly
   from our tool's call paths (the profile's paths), or, for a file that
   has only caller -> callee arcs (Callgrind's), estimated from the call
   graph: exact down to a function with several callers, a proportional
   split of its callees' costs below it, each such frame marked.  With
   cg_annotate --inline-frames=yes a function's frame holds frames for the
   functions inlined into it, its self cost split by the function's inline
   tree (inlined.h): exact where the function has one frame, else a
   proportional share, marked.  Under
   --diff the tree holds both profiles' paths, matched by their (file,
   function) names after --mod-*, each frame with both costs.  Direct
   recursion can be collapsed into one frame, and small frames pruned. */
#ifndef CG_FLAME_H
#define CG_FLAME_H

#include "fgraph.h"

enum cg_frame_kind {
    CG_FRAME_ROOT,   /* the whole profile */
    CG_FRAME_FN,     /* a function's activations on one path */
    CG_FRAME_REST,   /* what ran outside every path (a program's _start) */
    CG_FRAME_INLINED /* a function inlined into its parent frame's (--inline-frames) */
};
/* A frame's marks: estimates, and an inlined frame's. */
#define CG_EST_WIDTH   1 /* its cost is a proportional share, not measured */
#define CG_EST_SPLIT   2 /* its function has several frames: its callees' are split */
#define CG_EST_INLINED 4 /* an inlined function (CG_FRAME_INLINED) */

/* Whether a frame is a function's (called or inlined). */
static inline bool cg_frame_is_fn(uint8_t kind)
{
    return kind == CG_FRAME_FN || kind == CG_FRAME_INLINED;
}

typedef struct cg_frame {
    uint32_t parent;            /* CG_NONE: the root */
    uint32_t child, last, next; /* first and last child, next sibling: the order made */
    uint32_t file, fn;          /* a function's profile ids (else CG_NONE) */
    uint32_t rec;               /* levels of direct recursion collapsed into it */
    uint32_t depth;             /* the root's is 0 */
    uint8_t kind, est;
    cg_count calls[2]; /* per side */
} cg_frame;

typedef struct cg_flame {
    size_t nev;
    size_t sides;  /* 1, or 2 under --diff: 0 the new profile, 1 the old */
    bool estimate; /* made from arcs */
    cg_frame *f;
    size_t n, cap;
    cg_count *incl;            /* n x sides x nev */
    cg_count *self;            /* likewise, made by cg_flame_finish */
    cg_itab tab;               /* by (parent, kind, file, fn) */
    uint32_t max_rec;          /* the most levels collapsed into a frame */
    size_t est_pruned;         /* estimates: frames not made, below the threshold */
    cg_count *est_pruned_cost; /* sides x nev: what they held */
} cg_flame;

static inline cg_count *cg_frame_incl(const cg_flame *fl, size_t i, size_t side)
{
    return fl->incl + (i * fl->sides + side) * fl->nev;
}
static inline cg_count *cg_frame_self(const cg_flame *fl, size_t i, size_t side)
{
    return fl->self + (i * fl->sides + side) * fl->nev;
}

/* Why no tree can be made for a profile (NULL: one can). */
const char *cg_flame_absent(const cg_profile *p, const cg_fgraph *g, bool diff);
/* The tree of profile p (read, its call graph g made from it, so that its
   functions are g's); an estimate when some input has no paths, with
   frames below `pct` percent of the total in every event not made.  The
   caller has checked cg_flame_absent.  `inlined`: with the profile's
   inlined frames (cg_annotate --inline-frames=yes), else their costs in the
   frames they were inlined into. */
void cg_flame_make(cg_flame *fl, const cg_profile *p, const cg_fgraph *g, bool diff, double pct,
                   bool inlined);
/* The same tree with every frame whose function is its parent's merged
   into the parent (deep;deep;deep -> deep, rec 2). */
void cg_flame_collapse(const cg_flame *in, cg_flame *out);
void cg_flame_free(cg_flame *fl);

/* The frames a page draws: keep[i] for the root, the rest and every frame
   whose parent is kept, no deeper than max_depth, holding at least `pct`
   percent of its side's total in some event.  *n_pruned and cost[sides x
   nev] (zeroed by the caller) say what the others held. */
void cg_flame_prune(const cg_flame *fl, double pct, uint32_t max_depth, bool *keep,
                    size_t *n_pruned, cg_count *cost);

/* A frame's name: the function's, `all` for the root, `(outside any call)`
   for the rest. */
const cg_str *cg_frame_name(const cg_flame *fl, const cg_profile *p, size_t i);

#endif
