/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_regions.c: --toggle-collect (docs/tool.md, "Regions").
 *
 * A thread is in a region from the first instruction of a function whose
 * name matches a pattern until that activation returns to its caller,
 * including everything it calls.  Only counting stops outside regions: the
 * simulators see every access, so the caches and predictors are as warm
 * at a region's start as in a full run, and a region's misses are exactly
 * the misses a full run has at those moments.
 *
 * This file owns the patterns and the gate.  Every count goes through the
 * gate: generated code and helpers add cg.collect (1 in a region, 0
 * outside) where they would add 1.  Without patterns cg.collect is always
 * 1 and the hot tier's code is unchanged.  When a region opens and closes
 * is the activation stacks' business (cg_stack.c): an activation of a
 * matching function opens its thread's region when none is open, and the
 * region ends with it, so one mechanism follows calls, returns, longjmp,
 * signals and threads for the call graph and the regions alike. */
#include "cg_regions.h"
#include "cg_lines.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_seqmatch.h"
#include "pub_tool_threadstate.h"

void cg_regions_init(void)
{
    /* Callgrind starts with collection off when given patterns, unless
     * --collect-atstart=yes says otherwise (then a region is where it is
     * off). */
    cg.collect_base = cg.clo.as_callgrind ? cg.clo.collect_at_start : !cg_regions_on();
    cg.collect = cg.collect_base;
    if (cg.clo.n_toggle == 0) return;
    cg.toggle_hit = VG_(calloc)("cg.regions.hit", cg.clo.n_toggle, sizeof *cg.toggle_hit);
    cg.toggle_near = VG_(calloc)("cg.regions.near", cg.clo.n_toggle, sizeof *cg.toggle_near);
}

/* A pattern that matched no entry: names that contain it, when it has no
 * wildcard (Rust's `crate::path::name` and C++'s `ns::name(args)` for a
 * bare `name`). */
static void note_near(UInt i, const HChar *name)
{
    const HChar *pat = cg.clo.toggle[i];
    if (cg.toggle_hit[i] || VG_(strchr)(pat, '*') || VG_(strchr)(pat, '?')) return;
    if (!VG_(strstr)(name, pat)) return;
    const HChar **near = cg.toggle_near[i];
    for (UInt k = 0; k < CG_TOGGLE_NEAR; k++) {
        if (near[k] && VG_(strcmp)(near[k], name) == 0) return;
        if (!near[k]) {
            near[k] = VG_(strdup)("cg.regions.near", name);
            return;
        }
    }
}

void cg_regions_unmatched(void)
{
    for (UInt i = 0; i < cg.clo.n_toggle; i++) {
        if (cg.toggle_hit[i]) continue;
        VG_(umsg)
        ("Warning: --toggle-collect=%s matched no function that ran, so it counted "
         "nothing\n",
         cg.clo.toggle[i]);
        const HChar **near = cg.toggle_near[i];
        /* The likeliest reason in optimised code, and one the tool cannot
         * see: it reads no inline info (docs/cachegrind.md, "Regions"). */
        if (!near[0])
            VG_(umsg)
            ("  (a function that is only ever inlined has no entry of its own, so it "
             "cannot start a region)\n");
        if (near[0]) {
            VG_(umsg)("  functions whose names contain it:");
            for (UInt k = 0; k < CG_TOGGLE_NEAR && near[k]; k++)
                VG_(umsg)("%s %s", k ? "," : "", near[k]);
            VG_(umsg)
            ("\n  (a pattern matches the whole name: give one of these, or *%s*)\n",
             cg.clo.toggle[i]);
        }
    }
}

void cg_regions_set(Bool in)
{
    cg.collect = cg.collect_base ^ (ULong)in;
}

void cg_regions_toggle(void)
{
    cg.collect_base ^= 1;
    cg.collect ^= 1;
}

static IRExpr *bind(IRSB *out, IRType ty, IRExpr *e)
{
    IRTemp t = newIRTemp(out->tyenv, ty);
    addStmtToIRSB(out, IRStmt_WrTmp(t, e));
    return IRExpr_RdTmp(t);
}

Bool cg_regions_match(const HChar *name)
{
    Bool any = False;
    for (UInt i = 0; i < cg.clo.n_toggle; i++) {
        if (VG_(string_match)(cg.clo.toggle[i], name)) {
            cg.toggle_hit[i] = any = True;
        } else {
            note_near(i, name);
        }
    }
    return any;
}

IRExpr *cg_regions_gate(IRSB *out, IRExpr *delta)
{
    if (!cg_regions_on()) return delta;
    IRExpr *c =
        bind(out, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, mkIRExpr_HWord((HWord)&cg.collect)));
    if (delta->tag == Iex_Const && delta->Iex.Const.con->tag == Ico_U64 &&
        delta->Iex.Const.con->Ico.U64 == 1)
        return c;
    return bind(out, Ity_I64, IRExpr_Binop(Iop_And64, delta, c));
}
