/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_output.c: everything the tool writes at exit: the cachegrind.out file
 * (docs/format.md, "What the tool writes"), the summary on stderr
 * (docs/cachegrind.md, "The summary on standard error") and --stats. */
#include "cg_output.h"
#include "cg_caches.h"
#include "cg_callgraph.h"
#include "cg_regions.h"
#include "cg_tiers.h"
#include "cg_repeat.h"
#include "cg_stack.h"
#include "cacheconf.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

/* ------------------------------------------------------------------ */
/* A buffered file writer that notices failed writes                   */
/* ------------------------------------------------------------------ */

typedef struct {
    Int fd;
    Bool failed;
    UInt used;
    HChar buf[65536];
} Out;

static void out_flush(Out *o)
{
    UInt done = 0;
    while (done < o->used && !o->failed) {
        Int n = VG_(write)(o->fd, o->buf + done, o->used - done);
        if (n <= 0)
            o->failed = True;
        else
            done += n;
    }
    o->used = 0;
}

static void out_str(Out *o, const HChar *s)
{
    for (; *s; s++) {
        if (o->used == sizeof o->buf) out_flush(o);
        o->buf[o->used++] = *s;
    }
}

static void out_u64(Out *o, ULong v)
{
    HChar tmp[24];
    Int i = sizeof tmp;
    tmp[--i] = 0;
    do {
        tmp[--i] = '0' + v % 10;
        v /= 10;
    } while (v);
    out_str(o, tmp + i);
}

/* ------------------------------------------------------------------ */
/* Which events are written                                            */
/* ------------------------------------------------------------------ */

static const HChar *events_line(void)
{
    if (cg.clo.cache_sim && cg.clo.branch_sim)
        return "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim\n";
    if (cg.clo.cache_sim) return "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw \n";
    if (cg.clo.branch_sim) return "events: Ir Bc Bcm Bi Bim\n";
    return "events: Ir\n";
}

/* ------------------------------------------------------------------ */
/* The output file                                                     */
/* ------------------------------------------------------------------ */

typedef struct {
    ULong files, fns, lines; /* fl=, fn= and count lines written */
    /* With --call-graph: the first recorded event's cost that ran outside
     * an activation of the function its lines belong to (in a caller's, as
     * a PLT stub does, or in none, before a thread's first entry). */
    ULong foreign;
} WriteStats;

/* The functions of a region run (--toggle-collect) that have a count: the
 * others were never active in a region and are left out.  A function that
 * was has all its lines written, zero or not, as in a full run.  Names are
 * interned, so the set holds pointers, sorted. */
typedef struct {
    const HChar **fn;
    UInt n;
} FnSet;

static Int cmp_ptr(const void *a, const void *b)
{
    Addr x = (Addr) * (const HChar *const *)a, y = (Addr) * (const HChar *const *)b;
    return x < y ? -1 : x > y;
}

static void counted_fns(FnSet *s, LineCC **ccs, UInt n, const Int *ev, Int nev)
{
    s->fn = VG_(malloc)("cg.out.fns", (n ? n : 1) * sizeof *s->fn);
    s->n = 0;
    for (UInt i = 0; i < n; i++) {
        Bool any = False;
        for (Int e = 0; e < nev && !any; e++) any = ccs[i]->ev[ev[e]] != 0;
        if (any && (s->n == 0 || s->fn[s->n - 1] != ccs[i]->fn)) s->fn[s->n++] = ccs[i]->fn;
    }
    VG_(ssort)(s->fn, s->n, sizeof *s->fn, cmp_ptr);
}

static Bool fnset_has(const FnSet *s, const HChar *fn)
{
    UInt lo = 0, hi = s->n;
    while (lo < hi) {
        UInt mid = lo + (hi - lo) / 2;
        if ((Addr)s->fn[mid] < (Addr)fn)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->n && s->fn[lo] == fn;
}

/* The desc: lines (caches, fingerprint, and `desc`, a partial profile's,
 * or NULL) and the cmd: line, which both formats share. */
static void write_descs(Out *o, const HChar *desc)
{
    static const HChar *names[] = {"I1", "D1", "LL"};
    if (cg.clo.cache_sim) {
        for (Int i = 0; i < 3; i++) {
            HChar desc[128];
            cg_cache_desc(i, desc, sizeof desc);
            out_str(o, "desc: ");
            out_str(o, names[i]);
            out_str(o, " cache:         ");
            out_str(o, desc);
            out_str(o, "\n");
        }
    }
    if (cg.clo.fingerprint) {
        HChar fp[256];
        cg_repeat_fingerprint(fp, sizeof fp);
        out_str(o, fp);
        out_str(o, "\n");
    }
    if (desc) {
        out_str(o, desc);
        out_str(o, "\n");
    }

    out_str(o, "cmd: ");
    out_str(o, VG_(args_the_exename));
    for (Word i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
        out_str(o, " ");
        out_str(o, *(HChar **)VG_(indexXA)(VG_(args_for_client), i));
    }
    out_str(o, "\n");
}

static void write_callgrind_body(Out *o, LineCC **ccs, UInt n, const HChar *desc, WriteStats *ws);

static void write_body(Out *o, LineCC **ccs, UInt n, const HChar *desc, WriteStats *ws)
{
    if (cg_stack_on()) {
        write_callgrind_body(o, ccs, n, desc, ws);
        return;
    }
    write_descs(o, desc);
    out_str(o, events_line());

    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    FnSet keep = {NULL, 0};
    if (cg_regions_on()) counted_fns(&keep, ccs, n, ev, nev);
    const HChar *file = NULL, *fn = NULL;
    ULong total[N_EVENTS] = {0};
    for (UInt i = 0; i < n; i++) {
        LineCC *cc = ccs[i];
        if (keep.fn && !fnset_has(&keep, cc->fn)) continue;
        Bool new_file = cc->file != file;
        if (new_file) {
            out_str(o, "fl=");
            out_str(o, cc->file);
            out_str(o, "\n");
            file = cc->file;
            ws->files++;
        }
        if (new_file || cc->fn != fn) {
            out_str(o, "fn=");
            out_str(o, cc->fn);
            out_str(o, "\n");
            fn = cc->fn;
            ws->fns++;
        }
        out_u64(o, cc->line);
        for (Int e = 0; e < nev; e++) {
            out_str(o, " ");
            out_u64(o, cc->ev[ev[e]]);
            total[ev[e]] += cc->ev[ev[e]];
        }
        out_str(o, "\n");
        ws->lines++;
    }
    out_str(o, "summary:");
    for (Int e = 0; e < nev; e++) {
        out_str(o, " ");
        out_u64(o, total[ev[e]]);
    }
    out_str(o, "\n");
    if (keep.fn) VG_(free)(keep.fn);
}

/* ------------------------------------------------------------------ */
/* The call graph, in Callgrind's format                               */
/* ------------------------------------------------------------------ */

/* With --call-graph=yes the file is in Callgrind's format (docs/format.md,
 * "What the tool writes with --call-graph"): the same self cost lines,
 * grouped under the function each belongs to, and each function's calls
 * with their inclusive costs. */

static const HChar *const event_names[N_EVENTS] = {
    "Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw", "Bc", "Bcm", "Bi", "Bim",
};

/* A self cost line and the function it is written under. */
typedef struct {
    CgFn *fn;
    LineCC *cc;
} OwnedLine;

static Int cmp_fn(const void *pa, const void *pb)
{
    const CgFn *a = *(const CgFn *const *)pa, *b = *(const CgFn *const *)pb;
    Int c = VG_(strcmp)(a->name, b->name);
    return c ? c : VG_(strcmp)(a->file, b->file);
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
    const OwnedLine *a = pa, *b = pb;
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

static void out_line(Out *o, const HChar *key, const HChar *value, Bool rec)
{
    out_str(o, key);
    out_str(o, value);
    if (rec) out_str(o, "'2");
    out_str(o, "\n");
}

/* `v` indexed by event through `ev`, or by position when `ev` is NULL. */
static void out_costs(Out *o, UInt line, const ULong *v, const Int *ev, Int nev)
{
    out_u64(o, line);
    for (Int e = 0; e < nev; e++) {
        out_str(o, " ");
        out_u64(o, v[ev ? ev[e] : e]);
    }
    out_str(o, "\n");
}

/* The cost lines that follow are in `file` (fi=, or fe= back to the
 * function's own file). */
static void out_file(Out *o, const CgFn *fn, const HChar **cur, const HChar *file)
{
    if (file == *cur) return;
    out_line(o, file == fn->file ? "fe=" : "fi=", file, False);
    *cur = file;
}

/* The call paths, in `#` lines that Callgrind's readers skip
 * (docs/format.md, "What the tool writes with --call-graph"): the functions they name (by their
 * index in `fns`), then each node with a cost or a call, or with such a descendant, parents first.
 */
static void write_paths(Out *o, CgFn **fns, UInt n_fns, const OwnedLine *own, UInt n_own,
                        WriteStats *ws)
{
    UInt n;
    CgPath *const *nodes = cg_callgraph_paths(&n);
    Bool *keep = VG_(calloc)("cg.out.paths", n + 1, sizeof *keep);
    Bool *named = VG_(calloc)("cg.out.pathfns", n_fns + 1, sizeof *named);
    UInt kept = 0;
    for (UInt i = n; i-- > 0;) {
        const CgPath *x = nodes[i];
        for (Int e = 0; e < cg.graph_nev && !keep[i]; e++) keep[i] = x->incl[e] != 0;
        keep[i] |= x->calls != 0;
        if (!keep[i]) continue;
        kept++;
        named[x->fn->index] = True;
        if (x->parent) keep[x->parent->id - 1] = True;
    }
    HChar buf[200];
    VG_(sprintf)
    (buf,
     "# call paths: %u nodes (--max-call-paths=%u); %llu calls folded into an open "
     "path of their function, %llu into their caller's\n",
     kept, cg.clo.max_paths, cg.stat_folded, cg.stat_truncated);
    out_str(o, buf);
    for (UInt f = 0; f < n_fns; f++) {
        if (!named[f]) continue;
        VG_(sprintf)(buf, "# cp-fl=%u ", f);
        out_str(o, buf);
        out_line(o, "", fns[f]->file, False);
        VG_(sprintf)(buf, "# cp-fn=%u ", f);
        out_str(o, buf);
        out_line(o, "", fns[f]->name, False);
    }
    for (UInt i = 0; i < n; i++) {
        const CgPath *x = nodes[i];
        if (!keep[i]) continue;
        VG_(sprintf)
        (buf, "# cp=%u %u %u %llu", x->id, x->parent ? x->parent->id : 0, x->fn->index, x->calls);
        out_str(o, buf);
        for (Int e = 0; e < cg.graph_nev; e++) {
            out_str(o, " ");
            out_u64(o, x->incl[e]);
        }
        out_str(o, "\n");
    }
    /* What ran outside its own function's activations: each function's
     * flat self cost above its paths' self cost (first event). */
    Long *diff = VG_(calloc)("cg.out.foreign", n_fns + 1, sizeof *diff);
    for (UInt i = 0; i < n_own; i++) diff[own[i].fn->index] += own[i].cc->ev[cg.graph_ev[0]];
    for (UInt i = 0; i < n; i++) {
        const CgPath *x = nodes[i];
        diff[x->fn->index] -= x->incl[0];
        if (x->parent) diff[x->parent->fn->index] += x->incl[0];
    }
    ws->foreign = 0;
    for (UInt f = 0; f < n_fns; f++)
        if (diff[f] > 0) ws->foreign += diff[f];
    VG_(free)(diff);
    VG_(free)(named);
    VG_(free)(keep);
}

static void write_callgrind_body(Out *o, LineCC **ccs, UInt n, const HChar *desc, WriteStats *ws)
{
    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    FnSet keep = {NULL, 0};
    if (cg_regions_on()) counted_fns(&keep, ccs, n, ev, nev);
    OwnedLine *own = VG_(malloc)("cg.out.owned", (n ? n : 1) * sizeof *own);
    UInt n_own = 0;
    ULong total[N_EVENTS] = {0};
    for (UInt i = 0; i < n; i++) {
        if (keep.fn && !fnset_has(&keep, ccs[i]->fn)) continue;
        own[n_own++] = (OwnedLine){cg_callgraph_home(ccs[i]->fn, ccs[i]->file), ccs[i]};
        for (Int e = 0; e < nev; e++) total[ev[e]] += ccs[i]->ev[ev[e]];
    }
    UInt n_fns, n_arcs, kept = 0;
    CgFn **fns = cg_callgraph_fns(&n_fns);
    VG_(ssort)(fns, n_fns, sizeof *fns, cmp_fn);
    for (UInt i = 0; i < n_fns; i++) fns[i]->index = i;
    VG_(ssort)(own, n_own, sizeof *own, cmp_owned);
    CgArc **arcs = cg_callgraph_arcs(&n_arcs);
    for (UInt i = 0; i < n_arcs; i++) {
        Bool any = arcs[i]->calls != 0;
        for (Int e = 0; e < nev && !any; e++) any = arcs[i]->incl[e] != 0;
        if (any) arcs[kept++] = arcs[i];
    }
    n_arcs = kept;
    VG_(ssort)(arcs, n_arcs, sizeof *arcs, cmp_arc);

    HChar pid[32];
    VG_(sprintf)(pid, "pid: %d\n", VG_(getpid)());
    out_str(o, "# callgrind format\nversion: 1\ncreator: " CG_PROJECT "\n");
    out_str(o, pid);
    write_descs(o, desc);
    out_str(o, "positions: line\nevents:");
    for (Int e = 0; e < nev; e++) {
        out_str(o, " ");
        out_str(o, event_names[ev[e]]);
    }
    out_str(o, "\n");

    const HChar *obj = NULL, *file = NULL;
    UInt li = 0, ai = 0;
    for (UInt f = 0; f < n_fns; f++) {
        CgFn *fn = fns[f];
        for (Int rec = 0; rec < 2; rec++) {
            Bool lines = !rec && li < n_own && own[li].fn == fn;
            Bool calls = ai < n_arcs && arcs[ai]->caller == fn && arcs[ai]->caller_rec == rec;
            if (!lines && !calls) continue;
            if (fn->obj != obj) out_line(o, "ob=", obj = fn->obj, False);
            if (fn->file != file) ws->files++;
            out_line(o, "fl=", file = fn->file, False);
            out_line(o, "fn=", fn->name, rec);
            ws->fns++;
            const HChar *cur = fn->file;
            for (; !rec && li < n_own && own[li].fn == fn; li++) {
                out_file(o, fn, &cur, own[li].cc->file);
                out_costs(o, own[li].cc->line, own[li].cc->ev, ev, nev);
                ws->lines++;
            }
            while (ai < n_arcs && arcs[ai]->caller == fn && arcs[ai]->caller_rec == rec) {
                /* Arcs that differ only in their return address (two
                 * calls on one line) are written as one. */
                const CgArc *a = arcs[ai];
                ULong calls = 0, incl[N_EVENTS] = {0};
                for (; ai < n_arcs && cmp_arc(&arcs[ai], &a) == 0; ai++) {
                    calls += arcs[ai]->calls;
                    for (Int e = 0; e < nev; e++) incl[e] += arcs[ai]->incl[e];
                }
                out_file(o, fn, &cur, a->site_file);
                out_line(o, "cob=", a->callee->obj, False);
                out_line(o, "cfi=", a->callee->file, False);
                out_line(o, "cfn=", a->callee->name, a->callee_rec);
                out_str(o, "calls=");
                out_u64(o, calls);
                out_str(o, " ");
                out_u64(o, a->callee->line);
                out_str(o, "\n");
                out_costs(o, a->site_line, incl, NULL, nev);
            }
        }
    }
    write_paths(o, fns, n_fns, own, n_own, ws);
    out_str(o, "totals:");
    for (Int e = 0; e < nev; e++) {
        out_str(o, " ");
        out_u64(o, total[ev[e]]);
    }
    out_str(o, "\n");
    VG_(free)(arcs);
    VG_(free)(fns);
    VG_(free)(own);
    if (keep.fn) VG_(free)(keep.fn);
}

/* Writes a profile.  The final one (`exclusive` false): a new or regular
 * file is written under a temporary name and renamed into place, so a
 * failure never leaves a truncated profile under the final name; anything
 * else (a device such as /dev/null, a FIFO, a symbolic link) is written
 * directly, as upstream does, since renaming would replace it.  A partial
 * one (`exclusive`): created only if nothing has the name, and removed
 * again if it cannot be written whole. */
static CgWriteResult write_file(const HChar *name, Bool exclusive, const HChar *desc, LineCC **ccs,
                                UInt n, WriteStats *ws)
{
    struct vg_stat st;
    HChar link;
    Bool exists = !exclusive && !sr_isError(VG_(stat)(name, &st));
    Bool is_link = !exclusive && VG_(readlink)(name, &link, 1) >= 0;
    Bool atomic = !exclusive && !is_link && (!exists || VKI_S_ISREG(st.mode));

    HChar *tmp = VG_(malloc)("cg.out.tmpname", VG_(strlen)(name) + 32);
    VG_(sprintf)(tmp, "%s.tmp.%d", name, VG_(getpid)());
    const HChar *path = atomic ? tmp : name;

    /* A directory cannot be opened for writing: the same error either way. */
    Int fd = -1;
    if (!(exists && VKI_S_ISDIR(st.mode))) {
        Int how = exclusive ? VKI_O_EXCL : VKI_O_TRUNC;
        SysRes sr = VG_(open)(path, VKI_O_CREAT | how | VKI_O_WRONLY, VKI_S_IRUSR | VKI_S_IWUSR);
        if (!sr_isError(sr)) {
            fd = sr_Res(sr);
        } else if (exclusive && sr_Err(sr) == VKI_EEXIST) {
            VG_(free)(tmp);
            return CG_NAME_TAKEN;
        }
    }
    if (fd < 0) {
        VG_(umsg)("error: can't open output data file '%s'\n", name);
        VG_(umsg)("       ... so detailed results will be missing.\n");
        VG_(free)(tmp);
        return CG_NOT_WRITTEN;
    }
    Out *o = VG_(malloc)("cg.out.buf", sizeof *o);
    o->fd = fd;
    o->failed = False;
    o->used = 0;
    write_body(o, ccs, n, desc, ws);
    out_flush(o);
    VG_(close)(o->fd);
    CgWriteResult r = CG_WRITTEN;
    if (o->failed || (atomic && VG_(rename)(tmp, name) != 0)) {
        if (atomic || exclusive) VG_(unlink)(path);
        VG_(umsg)("error: can't write output data file '%s'\n", name);
        VG_(umsg)("       ... so detailed results will be missing.\n");
        ws->files = ws->fns = ws->lines = 0;
        r = CG_NOT_WRITTEN;
    }
    VG_(free)(o);
    VG_(free)(tmp);
    return r;
}

CgWriteResult cg_write_partial(const HChar *name, const HChar *desc)
{
    UInt n;
    LineCC **ccs = cg_lines_sorted(&n);
    WriteStats ws = {0};
    CgWriteResult r = write_file(name, True, desc, ccs, n, &ws);
    VG_(free)(ccs);
    return r;
}

/* ------------------------------------------------------------------ */
/* The summary on stderr                                               */
/* ------------------------------------------------------------------ */

/* Digits plus room for the thousands separators. */
static Int width(ULong n)
{
    Int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d + (d - 1) / 3;
}

static ULong max64(ULong a, ULong b)
{
    return a > b ? a : b;
}

static const HChar *num(HChar *buf, ULong v)
{
    cacheconf_commas(v, buf, 32);
    return buf;
}

static double pct(ULong part, ULong whole)
{
    return part * 100.0 / whole;
}

/* `label a  (b rd   + c wr)` and its rate companion, for the D, LL and
 * branch sections, which share a shape but not their words. */
static void triple_line(const HChar *label, const HChar *mid, const HChar *end, ULong a, ULong b,
                        ULong c, Int l1, Int l2, Int l3)
{
    HChar x[32], y[32], z[32];
    VG_(umsg)
    ("%s %*s  (%*s %s + %*s %s)\n", label, l1, num(x, a), l2, num(y, b), mid, l3, num(z, c), end);
}

static void triple_rate(const HChar *label, double a, double b, double c, Int l1, Int l2, Int l3,
                        const HChar *close)
{
    VG_(umsg)("%s%*.1f%% (%*.1f%%     + %*.1f%%%s)\n", label, l1, a, l2, b, l3, c, close);
}

static void print_summary(const ULong *t)
{
    HChar buf[32];
    ULong Ir = t[EV_Ir], Dr = t[EV_Dr], Dw = t[EV_Dw], Bc = t[EV_Bc], Bi = t[EV_Bi];
    Int l1 = width(Ir);
    Int l2 = width(max64(Dr, Bc));
    Int l3 = width(max64(Dw, Bi));

    VG_(umsg)("I refs:        %*s\n", l1, num(buf, Ir));
    if (cg.clo.cache_sim) {
        ULong I1m = t[EV_I1mr], ILm = t[EV_ILmr];
        ULong D1mr = t[EV_D1mr], DLmr = t[EV_DLmr], D1mw = t[EV_D1mw], DLmw = t[EV_DLmw];
        VG_(umsg)("I1  misses:    %*s\n", l1, num(buf, I1m));
        VG_(umsg)("LLi misses:    %*s\n", l1, num(buf, ILm));
        ULong Ia = Ir ? Ir : 1;
        VG_(umsg)("I1  miss rate: %*.2f%%\n", l1, pct(I1m, Ia));
        VG_(umsg)("LLi miss rate: %*.2f%%\n", l1, pct(ILm, Ia));
        VG_(umsg)("\n");

        ULong Da = Dr + Dw;
        triple_line("D refs:       ", "rd  ", "wr", Da, Dr, Dw, l1, l2, l3);
        triple_line("D1  misses:   ", "rd  ", "wr", D1mr + D1mw, D1mr, D1mw, l1, l2, l3);
        triple_line("LLd misses:   ", "rd  ", "wr", DLmr + DLmw, DLmr, DLmw, l1, l2, l3);
        /* Zero denominators become 1 only now, after the counts were
         * printed, and the bumped values feed the LL rates too. */
        ULong Dra = Dr ? Dr : 1, Dwa = Dw ? Dw : 1, Daa = Da ? Da : 1;
        triple_rate("D1  miss rate: ", pct(D1mr + D1mw, Daa), pct(D1mr, Dra), pct(D1mw, Dwa), l1,
                    l2, l3, "  ");
        triple_rate("LLd miss rate: ", pct(DLmr + DLmw, Daa), pct(DLmr, Dra), pct(DLmw, Dwa), l1,
                    l2, l3, "  ");
        VG_(umsg)("\n");

        triple_line("LL refs:      ", "rd  ", "wr", I1m + D1mr + D1mw, I1m + D1mr, D1mw, l1, l2,
                    l3);
        triple_line("LL misses:    ", "rd  ", "wr", ILm + DLmr + DLmw, ILm + DLmr, DLmw, l1, l2,
                    l3);
        triple_rate("LL miss rate:  ", pct(ILm + DLmr + DLmw, Ia + Daa), pct(ILm + DLmr, Ia + Dra),
                    pct(DLmw, Dwa), l1, l2, l3, "  ");
    }
    if (cg.clo.branch_sim) {
        /* Upstream bumps zero branch counts before printing anything, so a
         * run without indirect branches shows `1 ind`. */
        ULong Bcb = Bc ? Bc : 1, Bib = Bi ? Bi : 1;
        ULong Bcm = t[EV_Bcm], Bim = t[EV_Bim];
        VG_(umsg)("\n");
        triple_line("Branches:     ", "cond", "ind", Bcb + Bib, Bcb, Bib, l1, l2, l3);
        triple_line("Mispredicts:  ", "cond", "ind", Bcm + Bim, Bcm, Bim, l1, l2, l3);
        triple_rate("Mispred rate:  ", pct(Bcm + Bim, Bcb + Bib), pct(Bcm, Bcb), pct(Bim, Bib), l1,
                    l2, l3, "   ");
    }
}

static void print_stats(const WriteStats *ws)
{
    const DebugLookupStats *s = &cg.lookups;
    ULong lookups = s->full + s->file_line + s->fn_only + s->none;
    VG_(dmsg)("\n");
    VG_(dmsg)("cachegrind: distinct files     : %llu\n", ws->files);
    VG_(dmsg)("cachegrind: distinct functions : %llu\n", ws->fns);
    VG_(dmsg)("cachegrind: distinct lines     : %llu\n", ws->lines);
    VG_(dmsg)("cachegrind: distinct instrs NoX: %llu\n", cg.stat_nox);
    VG_(dmsg)("cachegrind: distinct instrs Gen: %llu\n", cg.stat_gen);
    VG_(dmsg)("cachegrind: debug lookups      : %llu\n", lookups);
    VG_(dmsg)
    ("cachegrind: with full      info:%6.1f%% (%llu)\n", s->full * 100.0 / lookups, s->full);
    VG_(dmsg)
    ("cachegrind: with file/line info:%6.1f%% (%llu)\n", s->file_line * 100.0 / lookups,
     s->file_line);
    VG_(dmsg)
    ("cachegrind: with fn name   info:%6.1f%% (%llu)\n", s->fn_only * 100.0 / lookups, s->fn_only);
    VG_(dmsg)
    ("cachegrind: with zero      info:%6.1f%% (%llu)\n", s->none * 100.0 / lookups, s->none);
    VG_(dmsg)("cachegrind: string table size: %u\n", cg.names.count);
    VG_(dmsg)("cachegrind: CC table size: %u\n", cg.cc_count);
    VG_(dmsg)("cachegrind: InstrInfo table size: %u\n", cg_tiers_live_superblocks());
    if (!cg_stack_on()) return;
    UInt n_paths;
    (void)cg_callgraph_paths(&n_paths);
    VG_(dmsg)
    ("cachegrind: call graph: activations %llu, loops not pushed %llu, deepest %llu\n",
     cg.stat_calls, cg.stat_loops, cg.stat_max_depth);
    VG_(dmsg)
    ("cachegrind: call graph: functions %u, arcs %u, path nodes %u (of at most %u)\n",
     cg_callgraph_n_fns(), cg_callgraph_n_arcs(), n_paths, cg.clo.max_paths);
    VG_(dmsg)
    ("cachegrind: call graph: calls folded into an open path %llu, into the caller's %llu\n",
     cg.stat_folded, cg.stat_truncated);
    VG_(dmsg)
    ("cachegrind: call graph: memory %llu bytes in tables, %llu in stacks\n", cg_callgraph_bytes(),
     cg_stack_bytes());
    VG_(dmsg)
    ("cachegrind: call graph: %s outside its function's activations: %llu\n",
     event_names[cg.graph_ev[0]], ws->foreign);
}

void cg_write_results(void)
{
    /* Expanded only now, so that a forked child names its own file. */
    HChar *name = VG_(expand_file_name)("--cachegrind-out-file", cg.clo.out_file);

    UInt n;
    LineCC **ccs = cg_lines_sorted(&n);
    WriteStats ws = {0};
    write_file(name, False, NULL, ccs, n, &ws);

    ULong total[N_EVENTS] = {0};
    for (UInt i = 0; i < n; i++)
        for (Int e = 0; e < N_EVENTS; e++) total[e] += ccs[i]->ev[e];
    VG_(free)(ccs);
    VG_(free)(name);

    if (VG_(clo_verbosity) == 0) return;
    print_summary(total);
    if (VG_(clo_stats)) print_stats(&ws);
}
