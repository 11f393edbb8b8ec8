/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inlined.h: our tool's costs by instruction (its `#i`
   lines: docs/format.md, "Inlined code in a Cachegrind file").  Each is one
   instruction: its object and its address there, where a report reads its
   inline chain from the object's DWARF, and the flat line (file, function,
   line) whose self costs include it.  They are a breakdown of part of the
   flat profile, never costs of their own: a line's costs less its
   instructions' are the line's code that was not inlined.  Merged over the
   inputs by all five keys, as lines are, each side of a --diff apart (its
   counts as the file has them, never subtracted: the rewrite knows the
   sides).

   With the call graph, the calls made from inlined code too: each one
   the calls of one call instruction (its object and address) from a
   caller to a callee, named as the call graph names them, with their
   count and inclusive costs: again a breakdown of calls the graph has. */
#ifndef CG_INLINED_H
#define CG_INLINED_H

#include <stddef.h>
#include <stdint.h>

#include "ccstore.h"
#include "hashtab.h"

#define CG_NO_NODE UINT32_MAX

typedef struct cg_inl {
    uint32_t obj, file, fn; /* names in the profile's tables, after --mod-* */
    int64_t line;
    uint64_t addr;
    uint32_t cc;  /* its counts' handle in cg_inls.ccs */
    uint8_t side; /* a --diff's side it was read on (enum cg_side's 0 or 1) */
    /* Not an instruction but code a Callgrind file names as inlined
       (CodSpeed's `cfni=NAME`): the function inlined, one level deep, into
       `fn`; obj and addr CG_NONE and 0.  CG_NONE for our tool's lines. */
    uint32_t inner;
} cg_inl;

typedef struct cg_inl_call {
    uint32_t obj;
    uint64_t addr;
    uint32_t file, fn;         /* the caller: its entry file and name */
    uint32_t cobj, cfile, cfn; /* the callee */
    cg_count count;
    uint32_t cc;  /* its inclusive costs' handle in cg_inls.call_ccs */
    uint8_t side; /* as cg_inl's */
} cg_inl_call;

/* What the rewrite (inline-frames.h) found: per out-of-line function, the
   tree of the chains inlined into it, each node a frame (its function and
   file) with the self cost of the instructions whose innermost frame it
   is; a root is the out-of-line function (parent CG_NONE), its cost what
   was not inlined.  Flame graphs split a function's frames by it. */
typedef struct cg_inl_node {
    uint32_t parent, child, next; /* first child, next sibling (CG_NONE: none) */
    uint32_t fn, file;
} cg_inl_node;

typedef struct cg_inls {
    cg_inl *v;
    size_t n, cap;
    cg_ccs ccs;
    cg_itab tab;
    cg_inl_call *calls;
    size_t n_calls, cap_calls;
    cg_ccs call_ccs;
    cg_itab call_tab;
    cg_inl_node *nodes;
    size_t n_nodes, cap_nodes;
    cg_count *node_cc; /* n_nodes x nev */
    size_t cap_node_cc, nev;
    /* Where in its tree each call from inlined code was made: the node of
       its call instruction's innermost frame, and the callee's name (no
       recursion level). */
    struct cg_inl_site {
        uint32_t root, node, callee;
    } * sites;
    size_t n_sites, cap_sites;
} cg_inls;

void cg_inls_init(cg_inls *s, size_t nev);
void cg_inls_free(cg_inls *s);
/* The index of the instruction with these keys, made (zero) when new. */
uint32_t cg_inls_get(cg_inls *s, uint32_t obj, uint64_t addr, uint32_t file, uint32_t fn,
                     int64_t line, uint8_t side, uint32_t inner);
/* Adds sign times v to instruction i's counts (overflow ruled out by the
   caller, as for lines). */
void cg_inls_add(cg_inls *s, uint32_t i, const cg_count *v, int sign);
/* Instruction i's counts: into the store, or buf filled. */
const cg_count *cg_inls_cc(const cg_inls *s, uint32_t i, cg_count *buf);
/* The same for calls: the index of the call of these keys, made (zero)
   when new; adding sign times `count` calls and inclusive costs v; call
   i's inclusive costs. */
uint32_t cg_inls_call_get(cg_inls *s, const cg_inl_call *key);
void cg_inls_call_add(cg_inls *s, uint32_t i, cg_count count, const cg_count *v, int sign);
const cg_count *cg_inls_call_cc(const cg_inls *s, uint32_t i, cg_count *buf);
/* The child of node `parent` (CG_NONE: the roots) for (fn, file), made
   when new (cost zero); a node's costs. */
uint32_t cg_inls_node(cg_inls *s, uint32_t parent, uint32_t fn, uint32_t file);
static inline cg_count *cg_inls_node_cc(const cg_inls *s, uint32_t i)
{
    return s->node_cc + (size_t)i * s->nev;
}

#endif
