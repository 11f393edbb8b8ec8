/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_write_packed.c: the call graph of the default profile, packed into
 * `#` lines after its events: line (docs/format.md, "The call graph in a
 * Cachegrind file"), so that upstream's readers, which skip those lines,
 * read the file as Cachegrind's and ours get the calls and call paths.
 *
 * Why packed.  The graph is what a Callgrind file adds to a flat one, and
 * written as Callgrind's text it was 5-13 times the flat file on programs
 * with many calls and little line information (python, gcc's cc1), where
 * the names of the functions were written twice over and the arcs' costs
 * took more room than the flat lines.  So a function is named by the
 * flat part's fn= line that has its name (the k-th fn= line of the file:
 * the flat part is written after the graph, in an order known here), and
 * the numbers are a stream of variable-length digits without separators,
 * five bits a character.  Only the objects' and files' names and the few
 * functions with no fn= line of their own are written out.
 *
 * What the stream holds is exactly what the Callgrind format's blocks say
 * (cg_write_callgrind.c, CgGraph): our readers turn it back into those
 * lines, so both formats give one call graph. */
#include "cg_out.h"
#include "cg_callgraph.h"
#include "cg_regions.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"

/* The digits of the stream (docs/format.md): a number is written five
 * bits at a time, least significant first, each group as the digit of its
 * value, plus 32 on every group but the last. */
static const HChar digits[65] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/";

/* The stream's digits so far. */
typedef struct {
    HChar *buf;
    SizeT n, cap;
} Stream;

static void put_digit(Stream *s, UInt d)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 65536;
        s->buf = VG_(realloc)("cg.out.packed", s->buf, s->cap);
    }
    s->buf[s->n++] = digits[d];
}

static void put(Stream *s, ULong v)
{
    while (v >= 32) {
        put_digit(s, 32 | (UInt)(v & 31));
        v >>= 5;
    }
    put_digit(s, (UInt)v);
}

/* A signed number, zigzagged: 0, -1, 1, -2, ... as 0, 1, 2, 3, ... */
static void put_signed(Stream *s, Long v)
{
    put(s, v < 0 ? ((ULong)(-(v + 1)) << 1) | 1 : (ULong)v << 1);
}

/* Interned names (files, objects) numbered in their sorted order: a
 * sorted array, searched by name (one interned pointer per name). */
typedef struct {
    const HChar **name;
    UInt n;
} NameSet;

static Int cmp_name(const void *a, const void *b)
{
    return VG_(strcmp)(*(const HChar *const *)a, *(const HChar *const *)b);
}

static void nameset_sort(NameSet *t)
{
    VG_(ssort)(t->name, t->n, sizeof *t->name, cmp_name);
    UInt k = 0;
    for (UInt i = 0; i < t->n; i++)
        if (k == 0 || t->name[k - 1] != t->name[i]) t->name[k++] = t->name[i];
    t->n = k;
}

static UInt nameset_index(const NameSet *t, const HChar *name)
{
    UInt lo = 0, hi = t->n;
    while (lo < hi) {
        UInt mid = lo + (hi - lo) / 2;
        Int c = VG_(strcmp)(t->name[mid], name);
        if (c == 0) return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    tl_assert2(0, "name not in its table: %s", name);
    return 0;
}

/* The flat part's fn= lines, as cg_write_cachegrind_body writes them:
 * (file, function) in order, the first numbered 1. */
typedef struct {
    const HChar *file, *fn;
    UInt ordinal;
} FlatFn;

static Int cmp_flat_by_ptr(const void *pa, const void *pb)
{
    const FlatFn *a = pa, *b = pb;
    if (a->fn != b->fn) return (Addr)a->fn < (Addr)b->fn ? -1 : 1;
    if (a->file != b->file) return (Addr)a->file < (Addr)b->file ? -1 : 1;
    return 0;
}

/* The ordinal of the fn= line of (file, fn) in `byptr` (sorted by
 * cmp_flat_by_ptr), 0 when the flat part has none. */
static UInt flat_ordinal(const FlatFn *byptr, UInt n, const HChar *file, const HChar *fn)
{
    FlatFn key = {file, fn, 0};
    UInt lo = 0, hi = n;
    while (lo < hi) {
        UInt mid = lo + (hi - lo) / 2;
        Int c = cmp_flat_by_ptr(&byptr[mid], &key);
        if (c == 0) return byptr[mid].ordinal;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* The packed order of the functions: by the ordinal of their name's fn=
 * line (those without one last, by name), then object, so that the
 * function the readers put a fn= line's own costs under (the first with
 * its ordinal, as in Callgrind's blocks the first of its name and file) is
 * found without names. */
typedef struct {
    CgFn *fn;
    UInt ordinal; /* 0: none */
} Packed;

static Int cmp_packed(const void *pa, const void *pb)
{
    const Packed *a = pa, *b = pb;
    if (a->ordinal != b->ordinal) {
        if (!a->ordinal || !b->ordinal) return a->ordinal ? -1 : 1;
        return a->ordinal < b->ordinal ? -1 : 1;
    }
    Int c = a->ordinal ? 0 : VG_(strcmp)(a->fn->name, b->fn->name);
    if (c) return c;
    c = VG_(strcmp)(a->fn->file, b->fn->file);
    return c ? c : VG_(strcmp)(a->fn->obj, b->fn->obj);
}

/* `#TAG name` lines, one per name of `t`. */
static void out_names(CgOut *o, const HChar *tag, const NameSet *t)
{
    for (UInt i = 0; i < t->n; i++) {
        cg_out_str(o, tag);
        cg_out_str(o, t->name[i]);
        cg_out_str(o, "\n");
    }
}

/* The stream, cut into `#=` lines. */
static void out_stream(CgOut *o, const Stream *s)
{
    enum { WIDTH = 250 };
    for (SizeT i = 0; i < s->n; i += WIDTH) {
        cg_out_str(o, "#=");
        cg_out_bytes(o, s->buf + i, s->n - i < WIDTH ? s->n - i : WIDTH);
        cg_out_str(o, "\n");
    }
}

/* What packing a graph needs: the graph, the flat part's fn= lines (in
 * order, and sorted by their names' pointers for lookups), the placements
 * (fn= line, CgFn.index) pairs, the call paths kept, the functions the
 * section names in packed order (pidx: a CgFn.index -> its packed index,
 * NOT_PACKED for a function with nothing to say: in a --toggle-collect run
 * most functions have no line, call or path), the names written out, and
 * the stream. */
#define NOT_PACKED (~0U)
typedef struct {
    CgGraph g;
    FlatFn *flat, *byptr;
    UInt n_flat;
    UInt *extra, n_extra;
    CgPath *const *nodes;
    UInt n_nodes, kept, below;
    Bool *keep;
    Packed *pk;
    UInt n_packed, *pidx;
    NameSet files, objs, named;
    Stream s;
} Pack;

/* The flat part's fn= lines, as cg_write_cachegrind_body writes them (the
 * same region filter, the same rule for a new fn= line). */
static void pack_flat(Pack *p, LineCC **ccs, UInt n)
{
    CgFnSet counted = {NULL, 0};
    if (cg_regions_on()) cg_fnset_counted(&counted, ccs, n, p->g.ev, p->g.nev);
    p->flat = VG_(malloc)("cg.out.flatfn", (n ? n : 1) * sizeof *p->flat);
    p->n_flat = 0;
    const HChar *file = NULL, *fn = NULL;
    for (UInt i = 0; i < n; i++) {
        if (counted.fn && !cg_fnset_has(&counted, ccs[i]->fn)) continue;
        if (!cg_flat_new_fn(ccs[i], file, fn)) continue;
        file = ccs[i]->file;
        fn = ccs[i]->fn;
        p->flat[p->n_flat] = (FlatFn){file, fn, p->n_flat + 1};
        p->n_flat++;
    }
    if (counted.fn) VG_(free)(counted.fn);
    p->byptr = VG_(malloc)("cg.out.flatfn", (p->n_flat ? p->n_flat : 1) * sizeof *p->byptr);
    for (UInt i = 0; i < p->n_flat; i++) p->byptr[i] = p->flat[i];
    VG_(ssort)(p->byptr, p->n_flat, sizeof *p->byptr, cmp_flat_by_ptr);
}

/* fn= lines with a graph function's name but not its entry file (code
 * inlined from a header, say): their costs go under the first function of
 * that name (g.fns is sorted by name, then file, then object). */
static void pack_placements(Pack *p)
{
    const CgGraph *g = &p->g;
    p->extra = VG_(malloc)("cg.out.extra", (2 * p->n_flat + 1) * sizeof *p->extra);
    p->n_extra = 0;
    for (UInt i = 0; i < p->n_flat; i++) {
        const FlatFn *x = &p->flat[i];
        UInt lo = 0, hi = g->n_fns;
        while (lo < hi) {
            UInt mid = lo + (hi - lo) / 2;
            if (VG_(strcmp)(g->fns[mid]->name, x->fn) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        Bool any = lo < g->n_fns && g->fns[lo]->name == x->fn, entry = False;
        for (UInt f = lo; any && f < g->n_fns && g->fns[f]->name == x->fn; f++)
            entry |= g->fns[f]->file == x->file;
        if (!any || entry) continue;
        p->extra[2 * p->n_extra] = x->ordinal;
        p->extra[2 * p->n_extra + 1] = lo;
        p->n_extra++;
    }
}

/* The call paths the file holds. */
static void pack_paths(Pack *p)
{
    p->nodes = cg_callgraph_paths(&p->n_nodes);
    p->keep = VG_(calloc)("cg.out.paths", p->n_nodes + 1, sizeof *p->keep);
    p->kept = cg_graph_paths_kept(&p->g, p->nodes, p->n_nodes, p->keep, &p->below);
}

/* The functions the section names, in packed order, and the names to
 * write out: those with a fn= line of their own, a call, a call path
 * kept, or the fn= lines of a placement. */
static void pack_order(Pack *p)
{
    const CgGraph *g = &p->g;
    UInt n = g->n_fns ? g->n_fns : 1;
    Bool *used = VG_(calloc)("cg.out.used", n, sizeof *used);
    for (UInt a = 0; a < g->n_arcs; a++)
        used[g->arcs[a]->caller->index] = used[g->arcs[a]->callee->index] = True;
    for (UInt i = 0; i < p->n_nodes; i++)
        if (p->keep[i]) used[p->nodes[i]->fn->index] = True;
    for (UInt i = 0; i < p->n_extra; i++) used[p->extra[2 * i + 1]] = True;
    p->pk = VG_(malloc)("cg.out.packed", n * sizeof *p->pk);
    p->pidx = VG_(malloc)("cg.out.packed", n * sizeof *p->pidx);
    p->files = (NameSet){VG_(malloc)("cg.out.files", (n + g->n_arcs) * sizeof(HChar *)), 0};
    p->objs = (NameSet){VG_(malloc)("cg.out.objs", n * sizeof(HChar *)), 0};
    p->named = (NameSet){VG_(malloc)("cg.out.named", n * sizeof(HChar *)), 0};
    p->n_packed = 0;
    for (UInt f = 0; f < g->n_fns; f++) {
        CgFn *fn = g->fns[f];
        UInt ordinal = flat_ordinal(p->byptr, p->n_flat, fn->file, fn->name);
        p->pidx[f] = NOT_PACKED;
        if (!ordinal && !used[f]) continue;
        p->pk[p->n_packed++] = (Packed){fn, ordinal};
        p->files.name[p->files.n++] = fn->file;
        p->objs.name[p->objs.n++] = fn->obj;
        if (!ordinal) p->named.name[p->named.n++] = fn->name;
    }
    for (UInt a = 0; a < g->n_arcs; a++) p->files.name[p->files.n++] = g->arcs[a]->site_file;
    nameset_sort(&p->files);
    nameset_sort(&p->objs);
    nameset_sort(&p->named);
    VG_(ssort)(p->pk, p->n_packed, sizeof *p->pk, cmp_packed);
    for (UInt k = 0; k < p->n_packed; k++) p->pidx[p->pk[k].fn->index] = k;
    VG_(free)(used);
}

static void put_functions(Pack *p)
{
    put(&p->s, p->n_packed);
    UInt prev = 0;
    for (UInt k = 0; k < p->n_packed; k++) {
        const CgFn *fn = p->pk[k].fn;
        if (p->pk[k].ordinal) {
            put(&p->s, p->pk[k].ordinal - prev + 1);
            prev = p->pk[k].ordinal;
        } else {
            put(&p->s, 0);
            put(&p->s, nameset_index(&p->named, fn->name));
        }
        put(&p->s, nameset_index(&p->objs, fn->obj));
        put(&p->s, nameset_index(&p->files, fn->file));
        put(&p->s, fn->line);
    }
}

static void put_placements(Pack *p)
{
    put(&p->s, p->n_extra);
    UInt prev = 0;
    for (UInt i = 0; i < p->n_extra; i++) {
        put(&p->s, p->extra[2 * i] - prev);
        put(&p->s, p->pidx[p->extra[2 * i + 1]]);
        prev = p->extra[2 * i];
    }
}

/* One block: the calls of `fn` at level `rec` from arc *ai on (g.arcs is
 * sorted by caller, then level), `count` of them once summed; `prev` the
 * packed index of the previous block's function. */
static void put_block(Pack *p, const CgFn *fn, Int rec, UInt *ai, UInt count, UInt *prev)
{
    UInt k = p->pidx[fn->index];
    put(&p->s, (ULong)(k - *prev) * 2 + (ULong)rec);
    *prev = k;
    put(&p->s, count);
    const HChar *cur = fn->file;
    Long line = 0;
    for (UInt i = 0; i < count; i++) {
        ULong calls, incl[N_EVENTS];
        const CgArc *a = cg_graph_arc_sum(&p->g, ai, &calls, incl);
        if (a->site_file == cur) {
            put(&p->s, 0);
        } else {
            put(&p->s, nameset_index(&p->files, a->site_file) + 1);
            cur = a->site_file;
        }
        put_signed(&p->s, (Long)a->site_line - line);
        line = a->site_line;
        put(&p->s, (ULong)p->pidx[a->callee->index] * 2 + (a->callee_rec ? 1 : 0));
        put(&p->s, calls);
        for (Int e = 0; e < p->g.nev; e++) put(&p->s, incl[e]);
    }
}

/* The blocks (a function's calls at one level), in packed order. */
static void put_blocks(Pack *p)
{
    const CgGraph *g = &p->g;
    UInt *first = VG_(malloc)("cg.out.arcs", (g->n_fns + 1) * sizeof *first);
    for (UInt f = 0; f <= g->n_fns; f++) first[f] = g->n_arcs;
    for (UInt a = g->n_arcs; a-- > 0;) first[g->arcs[a]->caller->index] = a;
    UInt n_blocks = 0;
    for (UInt a = 0; a < g->n_arcs; a++)
        n_blocks += a == 0 || g->arcs[a]->caller != g->arcs[a - 1]->caller ||
                    g->arcs[a]->caller_rec != g->arcs[a - 1]->caller_rec;
    put(&p->s, n_blocks);
    UInt prev = 0;
    for (UInt k = 0; k < p->n_packed; k++) {
        const CgFn *fn = p->pk[k].fn;
        UInt ai = first[fn->index];
        for (Int rec = 0; rec < 2; rec++) {
            UInt end = ai, count = 0;
            while (end < g->n_arcs && g->arcs[end]->caller == fn &&
                   g->arcs[end]->caller_rec == rec) {
                ULong calls, incl[N_EVENTS];
                (void)cg_graph_arc_sum(g, &end, &calls, incl);
                count++;
            }
            if (count) put_block(p, fn, rec, &ai, count, &prev);
            tl_assert(ai == end);
        }
    }
    VG_(free)(first);
}

/* The call paths kept, parents first, numbered anew from 1. */
static void put_paths(Pack *p)
{
    UInt *id = VG_(calloc)("cg.out.paths", p->n_nodes + 1, sizeof *id);
    put(&p->s, p->kept);
    UInt next = 0;
    for (UInt i = 0; i < p->n_nodes; i++) {
        const CgPath *x = p->nodes[i];
        if (!p->keep[i]) continue;
        id[i] = ++next;
        put(&p->s, x->parent ? next - id[x->parent->id - 1] : 0);
        put(&p->s, p->pidx[x->fn->index]);
        put(&p->s, x->calls);
        for (Int e = 0; e < p->g.nev; e++) put(&p->s, x->incl[e]);
    }
    tl_assert(next == p->kept);
    VG_(free)(id);
}

void cg_write_graph(CgOut *o, LineCC **ccs, UInt n, CgWriteStats *ws)
{
    Pack p = {0};
    cg_graph_make(&p.g, ccs, n, 0);
    tl_assert(p.g.nev == cg.graph_nev);
    pack_flat(&p, ccs, n);
    pack_placements(&p);
    pack_paths(&p);
    pack_order(&p);
    put(&p.s, 1); /* the layout's version */
    put(&p.s, (ULong)p.g.nev);
    put_functions(&p);
    put_placements(&p);
    put_blocks(&p);
    put_paths(&p);
    ws->paths_written = p.kept;
    ws->paths_below = p.below;
    cg_graph_foreign(&p.g, ws);

    cg_out_str(o, "# call graph, packed: " CG_PROJECT "; the `#` lines up to the first fl= "
                  "are its calls and call paths (docs/format.md)\n");
    out_names(o, "#o", &p.objs);
    out_names(o, "#f", &p.files);
    out_names(o, "#n", &p.named);
    cg_graph_paths_header(o, p.kept, p.below);
    out_stream(o, &p.s);

    if (p.s.buf) VG_(free)(p.s.buf);
    VG_(free)(p.named.name);
    VG_(free)(p.objs.name);
    VG_(free)(p.files.name);
    VG_(free)(p.pidx);
    VG_(free)(p.pk);
    VG_(free)(p.keep);
    VG_(free)(p.extra);
    VG_(free)(p.byptr);
    VG_(free)(p.flat);
    cg_graph_free(&p.g);
}
