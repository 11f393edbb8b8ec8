/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_write_inline.c: with --inline-frames, the costs of code by
 * instruction, in `#i` lines of the profile right after its events: line
 * (docs/format.md, "Inlined code in a Cachegrind file"), written before
 * anything folds the instruction centres into their lines (cg_lines_flat).
 *
 * Each line is one instruction centre of cg_lines.c: the object and the
 * address there at which the post-processors read the instruction's inline
 * chain from DWARF, and the flat line (file, function, line) whose costs
 * it is part of.  Those come as context lines, as fl= and fn= do in the
 * flat part, so that a run of instructions of one function in one file
 * names them once.  Upstream's readers skip `#` lines after events:, so
 * the flat part they read is unchanged.
 *
 * With the call graph, the calls follow, each the calls of one call site
 * (its return address less one lies in the call instruction, whose chain
 * it shares), named by its caller and callee as the call graph names them:
 * the post-processors give a call made from inlined code to the innermost
 * function of its call instruction's chain, and add its cost to every
 * inlined frame above. */
#include "cg_callgraph.h"
#include "cg_out.h"
#include "cg_stack.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

static void context(CgOut *o, const HChar *key, const HChar *value, const HChar **last)
{
    if (*last == value) return;
    cg_out_str(o, key);
    cg_out_str(o, value);
    cg_out_str(o, "\n");
    *last = value;
}

/* A function as the call graph names it: `NAME'2` at recursion level 2. */
static const HChar *level_name(const HChar *name, Bool rec)
{
    if (!rec) return name;
    HChar *n = VG_(malloc)("cg.out.level", VG_(strlen)(name) + 3);
    VG_(sprintf)(n, "%s'2", name);
    const HChar *i = cg_lines_intern(n);
    VG_(free)(n);
    return i;
}

/* Calls are written by object and address, as instructions are. */
typedef struct {
    const CgArc *a;
    const HChar *obj;
    Addr addr;
} InlCall;

static Int cmp_call(const void *pa, const void *pb)
{
    const InlCall *a = pa, *b = pb;
    if (a->obj != b->obj) {
        if (!a->obj || !b->obj) return a->obj ? -1 : 1;
        Int c = VG_(strcmp)(a->obj, b->obj);
        if (c) return c;
    }
    if (a->addr != b->addr) return a->addr < b->addr ? -1 : 1;
    /* One site's calls (an indirect call's callees; the caller at both
     * recursion levels) in an order of their own, not the table's. */
    const CgArc *x = a->a, *y = b->a;
    if (x->caller_rec != y->caller_rec) return x->caller_rec ? 1 : -1;
    Int c = VG_(strcmp)(x->callee->obj, y->callee->obj);
    if (!c) c = VG_(strcmp)(x->callee->file, y->callee->file);
    if (!c) c = VG_(strcmp)(x->callee->name, y->callee->name);
    if (c) return c;
    if (x->callee_rec != y->callee_rec) return x->callee_rec ? 1 : -1;
    return 0;
}

static void write_calls(CgOut *o, ThreadId thread, Int nev)
{
    UInt n;
    CgArc **arcs = cg_callgraph_arcs(&n);
    InlCall *v = VG_(malloc)("cg.out.inlcalls", (n ? n : 1) * sizeof *v);
    UInt k = 0;
    for (UInt i = 0; i < n; i++) {
        const CgArc *a = arcs[i];
        /* A call whose return address is not in its caller (a tail call,
         * a jump) has no call instruction of the caller's. */
        if (a->thread != thread || a->calls == 0 || a->ret == 0 || !a->caller) continue;
        if (cg_lines_fn_name(a->ret - 1) != a->caller->name) continue;
        if (!cg_lines_code_at(a->ret - 1, &v[k].obj, &v[k].addr)) continue;
        v[k++].a = a;
    }
    VG_(ssort)(v, k, sizeof *v, cmp_call);
    const HChar *obj = NULL, *file = NULL, *fn = NULL, *cobj = NULL, *cfile = NULL, *cfn = NULL;
    for (UInt i = 0; i < k; i++) {
        const CgArc *a = v[i].a;
        context(o, "#iob=", v[i].obj ? v[i].obj : "???", &obj);
        context(o, "#ifl=", a->caller->file, &file);
        context(o, "#ifn=", level_name(a->caller->name, a->caller_rec), &fn);
        context(o, "#icob=", a->callee->obj, &cobj);
        context(o, "#icfl=", a->callee->file, &cfile);
        context(o, "#icfn=", level_name(a->callee->name, a->callee_rec), &cfn);
        HChar addr[32];
        VG_(sprintf)(addr, "#ic 0x%lx ", (unsigned long)v[i].addr);
        cg_out_str(o, addr);
        cg_out_u64(o, a->calls);
        Int last = nev;
        while (last > 1 && a->incl[last - 1] == 0) last--;
        for (Int e = 0; e < last; e++) {
            cg_out_str(o, " ");
            cg_out_u64(o, a->incl[e]);
        }
        cg_out_str(o, "\n");
    }
    VG_(free)(v);
    VG_(free)(arcs);
}

static void write_inlined(CgOut *o, ThreadId thread, CgWriteStats *ws)
{
    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    CgInlined in;
    cg_lines_inlined(&in);
    cg_out_str(o, "# inline frames: " CG_PROJECT "; the `#i` lines up to the first fl= are the "
                  "costs by instruction (docs/format.md)\n");
    /* A report should not show "no inlined functions" as a fact about
     * the program when the run could not see any code. */
    if (in.n == 0) cg_out_str(o, "# inline frames: none found (no code with debug info ran)\n");
    /* An object's name cannot be "???" (the core names objects by path),
     * so that stands for none, as it does for files and functions. */
    const HChar *obj = NULL, *file = NULL, *fn = NULL;
    ULong c[N_EVENTS];
    for (UInt g = 0; g < in.n_objs; g++) {
        const CgObjCode *code = &in.objs[g];
        for (UInt i = 0; i < code->n; i++) {
            const LineCC *cc = code->cc[i];
            /* In Callgrind's format a line's self costs at recursion level
               2 are NAME'2's (LineCC.rec): its instructions' too. */
            for (Int level = cg_levels_on() ? 2 : 1; level >= 1; level--) {
                Bool any = False;
                for (Int e = 0; e < nev; e++) {
                    ULong rec = cg_levels_on() ? cc->rec[ev[e]] : 0;
                    c[e] = level == 2 ? rec : cc->ev[ev[e]] - rec;
                    any |= c[e] != 0;
                }
                if (!any) continue;
                context(o, "#iob=", code->obj ? code->obj : "???", &obj);
                context(o, "#ifl=", cc->file, &file);
                context(o, "#ifn=", level_name(cc->fn, level == 2), &fn);
                HChar addr[32];
                VG_(sprintf)(addr, "#i 0x%lx ", (unsigned long)(cc->addr - code->bias));
                cg_out_str(o, addr);
                cg_out_u64(o, cc->line);
                /* Counts left out at the end are 0, as in a count line. */
                Int last = nev;
                while (last > 1 && c[last - 1] == 0) last--;
                for (Int e = 0; e < last; e++) {
                    cg_out_str(o, " ");
                    cg_out_u64(o, c[e]);
                }
                cg_out_str(o, "\n");
                ws->inlined++;
            }
        }
    }
    cg_lines_inlined_free(&in);
    /* An arc's costs are the recorded events', in their order. */
    if (cg_graph_on()) write_calls(o, thread, nev);
}

void cg_write_inlined_then_flat(CgOut *o, ThreadId thread, CgFlat *flat, CgWriteStats *ws)
{
    if (cg.clo.inline_frames) write_inlined(o, thread, ws);
    cg_lines_flat(flat);
}
