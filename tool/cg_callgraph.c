/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_callgraph.c: the functions and arcs of --call-graph=yes (docs/tool.md,
 * "The call graph").  Its tables are the cg.graph_* fields.
 *
 * Functions are made at translation time, when a superblock starts at an
 * entry, so the helpers that run at every call never read debug info.
 * Arcs are made at run time, the first time a call site calls a function;
 * the call site's line is read then, while the caller's object is surely
 * still loaded.  Both tables only grow: a function or arc that a dump or
 * ZERO_STATS reset stays, with zero counts, and is left out of the file. */
#include "cg_callgraph.h"
#include "cg_lines.h"
#include "cg_regions.h"
#include "cg_skip.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"

static UInt ptr_hash(const void *p)
{
    ULong k = (ULong)(Addr)p * 0x9E3779B97F4A7C15ULL;
    return (UInt)(k ^ (k >> 31));
}

static UInt arc_hash(const CgFn *caller, const CgFn *callee, Addr ret, ThreadId thread)
{
    ULong k = (ULong)(Addr)caller * 0x9E3779B97F4A7C15ULL;
    k ^= (ULong)(Addr)callee * 0xC2B2AE3D27D4EB4FULL;
    k ^= (ULong)ret * 0x165667B19E3779F9ULL;
    k ^= (ULong)thread * 0x27D4EB2F165667C5ULL;
    return (UInt)(k ^ (k >> 29));
}

/* Doubles a chained table whose entries start with their `next` pointer. */
static void **grow(void **old, UInt *n_buckets, UInt (*hash)(const void *))
{
    UInt nb = *n_buckets ? 2 * *n_buckets : 1024;
    tl_assert((nb & (nb - 1)) == 0); /* bucket = hash & (nb - 1) */
    void **b = VG_(calloc)("cg.graph.table", nb, sizeof *b);
    for (UInt i = 0; i < *n_buckets; i++) {
        for (void *e = old[i], *next; e; e = next) {
            next = *(void **)e;
            UInt h = hash(e) & (nb - 1);
            *(void **)e = b[h];
            b[h] = e;
        }
    }
    if (old) VG_(free)(old);
    *n_buckets = nb;
    return b;
}

static UInt fn_entry_hash(const void *e)
{
    return ptr_hash(((const CgFn *)e)->name);
}

static UInt arc_entry_hash(const void *e)
{
    const CgArc *a = e;
    return arc_hash(a->caller, a->callee, a->ret, a->thread);
}

static UInt node_hash(ThreadId thread, const CgPath *parent, const CgFn *fn)
{
    return arc_hash(NULL, fn, (Addr)parent, thread);
}

static UInt node_entry_hash(const void *e)
{
    const CgPath *n = e;
    return node_hash(n->thread, n->parent, n->fn);
}

void cg_callgraph_init(void)
{
    cg.graph_fns = (CgFn **)grow(NULL, &cg.graph_fn_buckets, fn_entry_hash);
    cg.graph_arcs = (CgArc **)grow(NULL, &cg.graph_arc_buckets, arc_entry_hash);
    cg.graph_node_table = (CgPath **)grow(NULL, &cg.graph_node_buckets, node_entry_hash);
    /* Without the call graph (regions alone) frames keep no totals. */
    cg.graph_nev = cg.clo.call_graph != CG_GRAPH_NO ? cg_lines_recorded(cg.graph_ev) : 0;
    cg.graph_first = cg.graph_nev > 0 ? cg.graph_ev[0] : -1;
    for (Int i = 1; i < cg.graph_nev; i++)
        if (cg.graph_ev[i] != cg.graph_ev[0] + i) cg.graph_first = -1;
}

/* Which of two functions of one name is taken for a line of it: the one
 * whose entry is in the line's file, else the first in the order the files
 * write functions (file, then object): the reader of a Cachegrind file's
 * call graph applies the same rule (docs/format.md). */
static Bool before(const CgFn *a, const CgFn *b)
{
    Int c = VG_(strcmp)(a->file, b->file);
    return c < 0 || (c == 0 && VG_(strcmp)(a->obj, b->obj) < 0);
}

static CgFn *find_fn(const HChar *name, const HChar *file, Bool any_file)
{
    CgFn *best = NULL;
    for (CgFn *f = cg.graph_fns[ptr_hash(name) & (cg.graph_fn_buckets - 1)]; f; f = f->next) {
        if (f->name != name || (!any_file && f->file != file)) continue;
        Bool here = f->file == file, best_here = best && best->file == file;
        if (!best || (here && !best_here) || (here == best_here && before(f, best))) best = f;
    }
    return best;
}

static CgFn *new_fn(const HChar *name, const HChar *file, UInt line, const HChar *obj)
{
    CgFn *f = VG_(calloc)("cg.graph.fn", 1, sizeof *f);
    f->name = name;
    f->file = file;
    f->line = line;
    f->obj = obj;
    f->id = cg.graph_fn_count;
    UInt h = ptr_hash(name) & (cg.graph_fn_buckets - 1);
    f->next = cg.graph_fns[h];
    cg.graph_fns[h] = f;
    if (++cg.graph_fn_count > cg.graph_fn_buckets)
        cg.graph_fns = (CgFn **)grow((void **)cg.graph_fns, &cg.graph_fn_buckets, fn_entry_hash);
    return f;
}

CgFn *cg_callgraph_fn_at(Addr a)
{
    const HChar *name = cg_lines_fn_name(a), *file;
    UInt line;
    tl_assert(name); /* an entry has a symbol */
    cg_lines_where(a, &file, &line);
    CgFn *f = find_fn(name, file, False);
    if (f) return f;
    DebugInfo *di = VG_(find_DebugInfo)(VG_(current_DiEpoch)(), a);
    const HChar *obj =
        cg_lines_intern_in(&cg.graph_objs, di ? VG_(DebugInfo_get_filename)(di) : "???");
    f = new_fn(name, file, line, obj);
    f->region = cg_regions_on() && cg_regions_match(name);
    f->skip = cg_skip_on() && cg_skip_at(a);
    return f;
}

CgFn *cg_callgraph_home(const HChar *name, const HChar *file)
{
    CgFn *f = find_fn(name, file, True);
    return f ? f : new_fn(name, file, 0, cg_lines_intern_in(&cg.graph_objs, "???"));
}

/* The call site of a call from `caller` that left `ret`: the line of the
 * call instruction (the byte before the return address) when it lies in
 * the caller, else the caller's entry (a tail call or a jump: the return
 * address is an older caller's). */
static void call_site(CgArc *a, const LineCC *site)
{
    const CgFn *c = a->caller;
    if (site) {
        a->site_file = site->file;
        a->site_line = site->line;
        return;
    }
    a->site_file = c ? c->file : cg_lines_intern("???");
    a->site_line = c ? c->line : 0;
    if (!c || a->ret == 0) return;
    if (cg_lines_fn_name(a->ret - 1) != c->name) return;
    cg_lines_where(a->ret - 1, &a->site_file, &a->site_line);
}

static CgArc *lookup_arc(ThreadId thread, CgFn *caller, Bool caller_rec, CgFn *callee,
                         Bool callee_rec, Addr ret, const LineCC *site)
{
    CgArc *a = callee->last;
    if (cg_arc_is(a, thread, caller, caller_rec, callee, callee_rec, ret)) return a;
    UInt h = arc_hash(caller, callee, ret, thread) & (cg.graph_arc_buckets - 1);
    for (a = cg.graph_arcs[h]; a; a = a->next)
        if (cg_arc_is(a, thread, caller, caller_rec, callee, callee_rec, ret))
            return callee->last = a;
    a = VG_(calloc)("cg.graph.arc", 1, sizeof *a);
    a->thread = thread;
    a->caller = caller;
    a->callee = callee;
    a->caller_rec = caller_rec;
    a->callee_rec = callee_rec;
    a->ret = ret;
    call_site(a, site);
    a->next = cg.graph_arcs[h];
    cg.graph_arcs[h] = a;
    if (++cg.graph_arc_count > cg.graph_arc_buckets)
        cg.graph_arcs =
            (CgArc **)grow((void **)cg.graph_arcs, &cg.graph_arc_buckets, arc_entry_hash);
    return callee->last = a;
}

/* After the last call made along their path (cg_callgraph.h), the last
 * call into their callee. */
CgArc *cg_callgraph_arc_slow(ThreadId thread, CgPath *via, CgFn *caller, Bool caller_rec,
                             CgFn *callee, Bool callee_rec, Addr ret, const LineCC *site)
{
    /* A call from skipped code is one from its site's line. */
    if (site) ret = (Addr)site;
    if (via && cg_arc_is(via->arc, thread, caller, caller_rec, callee, callee_rec, ret))
        return via->arc;
    CgArc *a = lookup_arc(thread, caller, caller_rec, callee, callee_rec, ret, site);
    if (via) via->arc = a;
    cg.arc_by_ret[cg_arc_slot(ret)] = a;
    return a;
}

/* After the parent's last call (cg_callgraph.h), the last call into `fn`
 * (a function that calls several in turn). */
CgPath *cg_callgraph_path_slow(ThreadId thread, CgPath *parent, CgFn *fn)
{
    CgPath *n = fn->last_path;
    if (n && n->parent == parent && n->thread == thread) return parent ? parent->last_child = n : n;
    UInt h = node_hash(thread, parent, fn) & (cg.graph_node_buckets - 1);
    for (n = cg.graph_node_table[h]; n; n = n->next)
        if (n->parent == parent && n->fn == fn && n->thread == thread) break;
    if (n) {
        fn->last_path = n;
        return parent ? parent->last_child = n : n;
    }
    if (cg.graph_n_nodes >= cg.clo.max_paths) return NULL;
    n = VG_(calloc)("cg.graph.node", 1, sizeof *n + cg.graph_nev * sizeof n->incl[0]);
    fn->last_path = n;
    n->thread = thread;
    n->parent = parent;
    n->fn = fn;
    n->id = cg.graph_n_nodes + 1;
    n->next = cg.graph_node_table[h];
    cg.graph_node_table[h] = n;
    if (cg.graph_n_nodes == cg.graph_max_nodes) {
        cg.graph_max_nodes = cg.graph_max_nodes ? 2 * cg.graph_max_nodes : 1024;
        cg.graph_nodes = VG_(realloc)("cg.graph.nodes", cg.graph_nodes,
                                      cg.graph_max_nodes * sizeof *cg.graph_nodes);
    }
    cg.graph_nodes[cg.graph_n_nodes++] = n;
    if (parent) parent->last_child = n;
    if (cg.graph_n_nodes > cg.graph_node_buckets)
        cg.graph_node_table =
            (CgPath **)grow((void **)cg.graph_node_table, &cg.graph_node_buckets, node_entry_hash);
    return n;
}

CgPath *const *cg_callgraph_paths(UInt *n)
{
    *n = cg.graph_n_nodes;
    return cg.graph_nodes;
}

void cg_callgraph_zero(ThreadId thread)
{
    for (UInt i = 0; i < cg.graph_n_nodes; i++) {
        CgPath *n = cg.graph_nodes[i];
        if (n->thread != thread) continue;
        n->calls = 0;
        VG_(memset)(n->incl, 0, cg.graph_nev * sizeof n->incl[0]);
    }
    for (UInt i = 0; i < cg.graph_arc_buckets; i++)
        for (CgArc *a = cg.graph_arcs[i]; a; a = a->next) {
            if (a->thread != thread) continue;
            a->calls = 0;
            VG_(memset)(a->incl, 0, sizeof a->incl);
        }
}

/* Every entry of a chained table (entries start with their `next`
 * pointer), in no order, in a new array. */
static void **flatten(void **table, UInt buckets, UInt count, UInt *n)
{
    void **v = VG_(malloc)("cg.graph.list", (count + 1) * sizeof *v);
    UInt k = 0;
    for (UInt i = 0; i < buckets; i++)
        for (void *e = table[i]; e; e = *(void **)e) v[k++] = e;
    tl_assert(k == count);
    *n = k;
    return v;
}

CgFn **cg_callgraph_fns(UInt *n)
{
    return (CgFn **)flatten((void **)cg.graph_fns, cg.graph_fn_buckets, cg.graph_fn_count, n);
}

CgArc **cg_callgraph_arcs(UInt *n)
{
    return (CgArc **)flatten((void **)cg.graph_arcs, cg.graph_arc_buckets, cg.graph_arc_count, n);
}

void cg_callgraph_reskip(void)
{
    for (UInt i = 0; i < cg.graph_fn_buckets; i++)
        for (CgFn *f = cg.graph_fns[i]; f; f = f->next) f->skip = cg_skip_object(f->obj);
}

UInt cg_callgraph_n_fns(void)
{
    return cg.graph_fn_count;
}

UInt cg_callgraph_n_arcs(void)
{
    return cg.graph_arc_count;
}

ULong cg_callgraph_bytes(void)
{
    return cg.graph_fn_count * (ULong)sizeof(CgFn) + cg.graph_arc_count * (ULong)sizeof(CgArc) +
           cg.graph_n_nodes * (ULong)(sizeof(CgPath) + cg.graph_nev * sizeof(ULong)) +
           (cg.graph_fn_buckets + cg.graph_arc_buckets + cg.graph_node_buckets +
            cg.graph_max_nodes) *
               (ULong)sizeof(void *);
}
