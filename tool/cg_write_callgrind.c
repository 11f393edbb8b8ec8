/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_write_callgrind.c: the body of a --call-graph=callgrind profile, in
 * Callgrind's format (docs/format.md, "What the tool writes with
 * --call-graph=callgrind"): the same self cost lines as the flat profile,
 * grouped under the function each belongs to, each function's calls with
 * their inclusive costs, and the call paths in `#` lines; and the graph as
 * both formats write it (CgGraph: which functions, lines, calls and paths,
 * in which order), which cg_write_packed.c packs into the default
 * profile. */
#include "cg_out.h"
#include "cg_callgraph.h"
#include "cg_regions.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"

static Int cmp_fn(const void *pa, const void *pb)
{
    const CgFn *a = *(const CgFn *const *)pa, *b = *(const CgFn *const *)pb;
    Int c = VG_(strcmp)(a->name, b->name);
    if (c) return c;
    c = VG_(strcmp)(a->file, b->file);
    return c ? c : VG_(strcmp)(a->obj, b->obj);
}

/* A function's lines in its own file first, then the others by file. */
static Int cmp_file_in(const CgFn *fn, const HChar *a, const HChar *b)
{
    if (a == b) return 0;
    if (a == fn->file) return -1;
    if (b == fn->file) return 1;
    return VG_(strcmp)(a, b);
}

static Int cmp_owned(const void *pa, const void *pb)
{
    const CgOwnedLine *a = pa, *b = pb;
    if (a->fn != b->fn) return a->fn->index < b->fn->index ? -1 : 1;
    Int c = cmp_file_in(a->fn, a->cc->file, b->cc->file);
    if (c) return c;
    return a->cc->line < b->cc->line ? -1 : a->cc->line > b->cc->line;
}

static Int cmp_arc(const void *pa, const void *pb)
{
    const CgArc *a = *(const CgArc *const *)pa, *b = *(const CgArc *const *)pb;
    if (a->caller != b->caller) return a->caller->index < b->caller->index ? -1 : 1;
    if (a->caller_rec != b->caller_rec) return a->caller_rec < b->caller_rec ? -1 : 1;
    Int c = cmp_file_in(a->caller, a->site_file, b->site_file);
    if (c) return c;
    if (a->site_line != b->site_line) return a->site_line < b->site_line ? -1 : 1;
    if (a->callee != b->callee) return a->callee->index < b->callee->index ? -1 : 1;
    return a->callee_rec < b->callee_rec ? -1 : a->callee_rec > b->callee_rec;
}

/* `key=value`, and `'2` after a recursion level's name. */
static void out_name(CgOut *o, const HChar *key, const HChar *value, Bool rec)
{
    cg_out_str(o, key);
    cg_out_str(o, value);
    if (rec) cg_out_str(o, "'2");
    cg_out_str(o, "\n");
}

/* `v` indexed by event through `ev`, or by position when `ev` is NULL. */
static void out_costs(CgOut *o, UInt line, const ULong *v, const Int *ev, Int nev)
{
    cg_out_u64(o, line);
    for (Int e = 0; e < nev; e++) {
        cg_out_str(o, " ");
        cg_out_u64(o, v[ev ? ev[e] : e]);
    }
    cg_out_str(o, "\n");
}

/* The cost lines that follow are in `file` (fi=, or fe= back to the
 * function's own file). */
static void out_file(CgOut *o, const CgFn *fn, const HChar **cur, const HChar *file)
{
    if (file == *cur) return;
    out_name(o, file == fn->file ? "fe=" : "fi=", file, False);
    *cur = file;
}

/* The least first-event cost of a call path that the file holds, of a
 * profile whose first event totals `total`: --call-path-threshold's share
 * of it, rounded up, computed without overflow (total * share would
 * overflow). */
static ULong least_path_cost(ULong total)
{
    const ULong all = CG_PATH_SHARE_ALL;
    ULong share = cg.clo.path_share;
    tl_assert(share <= all);
    return total / all * share + (total % all * share + all - 1) / all;
}

UInt cg_graph_paths_kept(const CgGraph *g, CgPath *const *nodes, UInt n, Bool *keep, UInt *below)
{
    ULong least = least_path_cost(g->total[cg.graph_ev[0]]);
    UInt kept = 0;
    *below = 0;
    for (UInt i = n; i-- > 0;) {
        const CgPath *x = nodes[i];
        tl_assert(x->id == i + 1);
        if (x->thread != g->thread) continue;
        Bool any = x->calls != 0;
        for (Int e = 0; e < cg.graph_nev && !any; e++) any = x->incl[e] != 0;
        if (any && !keep[i] && x->parent && x->incl[0] < least)
            (*below)++;
        else
            keep[i] |= any;
        if (!keep[i]) continue;
        kept++;
        if (x->parent) keep[x->parent->id - 1] = True;
    }
    return kept;
}

void cg_graph_paths_header(CgOut *o, UInt kept, UInt below)
{
    HChar buf[300];
    VG_(sprintf)
    (buf,
     "# call paths: %u nodes (--max-call-paths=%u); %llu calls folded into an open "
     "path of their function, %llu into their caller's; %u below "
     "--call-path-threshold left out\n",
     kept, cg.clo.max_paths, cg.stat_folded, cg.stat_truncated, below);
    cg_out_str(o, buf);
}

void cg_graph_foreign(const CgGraph *g, CgWriteStats *ws)
{
    UInt n;
    CgPath *const *nodes = cg_callgraph_paths(&n);
    /* What ran outside its own function's activations: each function's
     * flat self cost above its paths' self cost (first event). */
    Long *diff = VG_(calloc)("cg.out.foreign", g->n_fns + 1, sizeof *diff);
    for (UInt i = 0; i < g->n_own; i++)
        diff[g->own[i].fn->index] += g->own[i].cc->ev[cg.graph_ev[0]];
    for (UInt i = 0; i < n; i++) {
        const CgPath *x = nodes[i];
        if (x->thread != g->thread) continue;
        diff[x->fn->index] -= x->incl[0];
        if (x->parent) diff[x->parent->fn->index] += x->incl[0];
    }
    ws->foreign = 0;
    for (UInt f = 0; f < g->n_fns; f++)
        if (diff[f] > 0) ws->foreign += diff[f];
    VG_(free)(diff);
}

/* The call paths, in `#` lines that Callgrind's readers skip
 * (docs/format.md, "What the tool writes with --call-graph=callgrind"):
 * the functions they name (by their index in the graph), then each node
 * kept, parents first. */
static void write_paths(CgOut *o, const CgGraph *g, CgWriteStats *ws)
{
    UInt n, below;
    CgPath *const *nodes = cg_callgraph_paths(&n);
    Bool *keep = VG_(calloc)("cg.out.paths", n + 1, sizeof *keep);
    Bool *named = VG_(calloc)("cg.out.pathfns", g->n_fns + 1, sizeof *named);
    UInt kept = cg_graph_paths_kept(g, nodes, n, keep, &below);
    for (UInt i = 0; i < n; i++)
        if (keep[i]) named[nodes[i]->fn->index] = True;
    cg_graph_paths_header(o, kept, below);
    ws->paths_written = kept;
    ws->paths_below = below;
    HChar buf[200];
    for (UInt f = 0; f < g->n_fns; f++) {
        if (!named[f]) continue;
        VG_(sprintf)(buf, "# cp-fl=%u ", f);
        out_name(o, buf, g->fns[f]->file, False);
        VG_(sprintf)(buf, "# cp-fn=%u ", f);
        out_name(o, buf, g->fns[f]->name, False);
    }
    for (UInt i = 0; i < n; i++) {
        const CgPath *x = nodes[i];
        if (!keep[i]) continue;
        VG_(sprintf)
        (buf, "# cp=%u %u %u %llu", x->id, x->parent ? x->parent->id : 0, x->fn->index, x->calls);
        cg_out_str(o, buf);
        for (Int e = 0; e < cg.graph_nev; e++) {
            cg_out_str(o, " ");
            cg_out_u64(o, x->incl[e]);
        }
        cg_out_str(o, "\n");
    }
    cg_graph_foreign(g, ws);
    VG_(free)(named);
    VG_(free)(keep);
}

void cg_graph_make(CgGraph *g, LineCC **ccs, UInt n, ThreadId thread)
{
    g->thread = thread;
    g->nev = cg_lines_recorded(g->ev);
    CgFnSet keep = {NULL, 0};
    if (cg_regions_on()) cg_fnset_counted(&keep, ccs, n, g->ev, g->nev);
    g->own = VG_(malloc)("cg.out.owned", (n ? n : 1) * sizeof *g->own);
    g->n_own = 0;
    VG_(memset)(g->total, 0, sizeof g->total);
    for (UInt i = 0; i < n; i++) {
        if (keep.fn && !cg_fnset_has(&keep, ccs[i]->fn)) continue;
        g->own[g->n_own++] = (CgOwnedLine){cg_callgraph_home(ccs[i]->fn, ccs[i]->file), ccs[i]};
        for (Int e = 0; e < g->nev; e++) g->total[g->ev[e]] += ccs[i]->ev[g->ev[e]];
    }
    if (keep.fn) VG_(free)(keep.fn);
    g->fns = cg_callgraph_fns(&g->n_fns);
    VG_(ssort)(g->fns, g->n_fns, sizeof *g->fns, cmp_fn);
    for (UInt i = 0; i < g->n_fns; i++) g->fns[i]->index = i;
    VG_(ssort)(g->own, g->n_own, sizeof *g->own, cmp_owned);
    UInt n_arcs, kept = 0;
    g->arcs = cg_callgraph_arcs(&n_arcs);
    for (UInt i = 0; i < n_arcs; i++) {
        if (g->arcs[i]->thread != thread) continue;
        Bool any = g->arcs[i]->calls != 0;
        for (Int e = 0; e < g->nev && !any; e++) any = g->arcs[i]->incl[e] != 0;
        if (any) g->arcs[kept++] = g->arcs[i];
    }
    g->n_arcs = kept;
    VG_(ssort)(g->arcs, g->n_arcs, sizeof *g->arcs, cmp_arc);
    g->rec_in = NULL;
    if (cg_levels_on()) {
        g->rec_in = VG_(calloc)("cg.out.recin", g->n_fns + 1, sizeof *g->rec_in);
        for (UInt i = 0; i < g->n_arcs; i++)
            if (g->arcs[i]->callee_rec) g->rec_in[g->arcs[i]->callee->index] = True;
    }
}

void cg_graph_free(CgGraph *g)
{
    VG_(free)(g->arcs);
    VG_(free)(g->fns);
    VG_(free)(g->own);
    if (g->rec_in) VG_(free)(g->rec_in);
}

/* The counts a line is written with under a function's block at `rec`
 * (0: level 1, 1: level 2 and deeper), into `v` by event: all of them,
 * unless the function's lines are written apart by level (`split`); False
 * when they are all 0 at level 2 (nothing to write there). */
static Bool level_costs(const LineCC *cc, Bool split, Int rec, ULong *v)
{
    Bool any = False;
    for (Int e = 0; e < N_EVENTS; e++) {
        ULong r = split ? cc->rec[e] : 0;
        v[e] = rec ? r : cc->ev[e] - r;
        any |= v[e] != 0;
    }
    return !rec || any;
}

/* Each function's block: ob=, fl=, fn=, its self cost lines and its
 * calls; a function that made calls while recursive has a second block,
 * fn=NAME'2, which also holds its self costs at recursion level 2 and
 * deeper (level 1's are then what is left in the first block's), as
 * Callgrind writes them, so that Callgrind's readers add a function's self
 * cost to its calls into its own level 2 without counting the deeper
 * levels' twice. */
static void write_blocks(CgOut *o, const CgGraph *g, CgWriteStats *ws)
{
    Int nev = g->nev;
    const HChar *obj = NULL, *file = NULL;
    UInt li = 0, ai = 0;
    for (UInt f = 0; f < g->n_fns; f++) {
        CgFn *fn = g->fns[f];
        UInt first = li, end = li;
        while (end < g->n_own && g->own[end].fn == fn) end++;
        Bool split = g->rec_in && g->rec_in[f];
        ULong v[N_EVENTS];
        for (Int rec = 0; rec < 2; rec++) {
            Bool lines = !rec && first < end;
            for (li = first; rec && split && li < end && !lines; li++)
                lines = level_costs(g->own[li].cc, True, 1, v);
            Bool calls =
                ai < g->n_arcs && g->arcs[ai]->caller == fn && g->arcs[ai]->caller_rec == rec;
            if (!lines && !calls) continue;
            if (fn->obj != obj) out_name(o, "ob=", obj = fn->obj, False);
            if (fn->file != file) ws->files++;
            out_name(o, "fl=", file = fn->file, False);
            out_name(o, "fn=", fn->name, rec);
            ws->fns++;
            const HChar *cur = fn->file;
            for (li = first; li < end && (!rec || split); li++) {
                if (!level_costs(g->own[li].cc, split, rec, v)) continue;
                out_file(o, fn, &cur, g->own[li].cc->file);
                out_costs(o, g->own[li].cc->line, v, g->ev, nev);
                ws->lines++;
            }
            while (ai < g->n_arcs && g->arcs[ai]->caller == fn && g->arcs[ai]->caller_rec == rec) {
                ULong calls, incl[N_EVENTS];
                const CgArc *a = cg_graph_arc_sum(g, &ai, &calls, incl);
                out_file(o, fn, &cur, a->site_file);
                /* As Callgrind: the callee's object and file only where
                 * they are not the current ones, which readers take when
                 * they are left out.  callgrind_annotate keys a callee
                 * named by cfi= on the path as written, but a function on
                 * its fl= with the working directory cut off: a cfi= that
                 * repeats the current file would make the function two. */
                if (a->callee->obj != fn->obj) out_name(o, "cob=", a->callee->obj, False);
                if (a->callee->file != cur) out_name(o, "cfi=", a->callee->file, False);
                out_name(o, "cfn=", a->callee->name, a->callee_rec);
                cg_out_str(o, "calls=");
                cg_out_u64(o, calls);
                cg_out_str(o, " ");
                cg_out_u64(o, a->callee->line);
                cg_out_str(o, "\n");
                out_costs(o, a->site_line, incl, NULL, nev);
            }
        }
        li = end;
    }
}

const CgArc *cg_graph_arc_sum(const CgGraph *g, UInt *ai, ULong *calls, ULong *incl)
{
    /* Arcs that differ only in their return address (two calls on one
     * line) are written as one. */
    const CgArc *a = g->arcs[*ai];
    *calls = 0;
    for (Int e = 0; e < g->nev; e++) incl[e] = 0;
    for (; *ai < g->n_arcs && cmp_arc(&g->arcs[*ai], &a) == 0; (*ai)++) {
        *calls += g->arcs[*ai]->calls;
        for (Int e = 0; e < g->nev; e++) incl[e] += g->arcs[*ai]->incl[e];
    }
    return a;
}

void cg_write_callgrind_body(CgOut *o, CgFlat *flat, const HChar *desc, ThreadId thread,
                             CgWriteStats *ws)
{
    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    HChar pid[32];
    VG_(sprintf)(pid, "pid: %d\n", VG_(getpid)());
    /* A combined file's later parts start at their part header. */
    if (!(cg.clo.combine_dumps && cg.combined_open))
        cg_out_str(o, "# callgrind format\nversion: 1\ncreator: " CG_PROJECT "\n");
    cg_out_str(o, pid);
    if (cg.clo.as_callgrind) {
        /* Callgrind numbers the dumps of a process from 1, the last one too. */
        HChar part[32];
        VG_(sprintf)(part, "part: %u\n", cg.parts + 1);
        cg_out_str(o, part);
    }
    if (thread != 0) {
        HChar line[32];
        VG_(sprintf)(line, "thread: %u\n", thread);
        cg_out_str(o, line);
    }
    cg_out_descs(o, desc);
    cg_out_str(o, "positions: line\n");
    /* Callgrind's long names of the time events, with their unit. */
    static const HChar *const units[] = {"", "ms", "us", "ns"};
    if (cg.clo.systime != CG_SYSTIME_NO) {
        cg_out_str(o, "event: sysTime : sysTime (elapsed ");
        cg_out_str(o, units[cg.clo.systime]);
        cg_out_str(o, ")\n");
    }
    if (cg.clo.systime == CG_SYSTIME_NSEC)
        cg_out_str(o, "event: sysCpuTime : sysCpuTime (system cpu ns)\n");
    cg_out_str(o, "events:");
    for (Int e = 0; e < nev; e++) {
        cg_out_str(o, " ");
        cg_out_str(o, cg_event_names[ev[e]]);
    }
    cg_out_str(o, "\n");
    cg_write_inlined_then_flat(o, thread, flat, ws);
    CgGraph g;
    cg_graph_make(&g, flat->lines, flat->n, thread);
    write_blocks(o, &g, ws);
    write_paths(o, &g, ws);
    cg_out_str(o, "totals:");
    for (Int e = 0; e < g.nev; e++) {
        cg_out_str(o, " ");
        cg_out_u64(o, g.total[g.ev[e]]);
    }
    cg_out_str(o, "\n");
    cg_graph_free(&g);
}
