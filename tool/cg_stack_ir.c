/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_stack_ir.c: the IR that follows activations (cg_stack.c has the
 * mechanism and its invariants): after the stack pointer may have risen,
 * the compare that finds returns; at an entry the call that opens an
 * activation; at an exit to a neighbouring entry the mark that says it is
 * no call; and where returns are made, the code that ends an activation
 * without a helper call.
 *
 * Returns ended by generated code (docs/tool.md, "The call graph").
 *
 * Where.  A superblock that writes the stack pointer compares it with the
 * innermost activation's (cg.stack_limit) where it leaves: at its end and
 * at each side exit after the write, under the exit's guard.  The code
 * that ends an activation inline is longer (about 350 bytes), so it goes
 * only at the end of a superblock that returns (Ijk_Ret), in the hot
 * tier's code: a cold translation there counts the returns it hands to
 * the helper, and after --hot-threshold of them is translated again, hot
 * (cg_tiers.c), as a block whose simulation helpers ran that often is.
 *
 * What.  A return ends the innermost activation inline when it alone has
 * ended (the stack pointer is above its entry's and not above the one's
 * below it) and when nothing but its costs and counters changes with it:
 * cg_stack.c gives such a frame a nonzero `pop_limit`, the limit after it
 * ends, and cg.pop_limit is the innermost frame's.  Anything else (a
 * fence, a region it opened, a fold, a root, a skipped object's call site,
 * recursion levels, several activations at once) goes to the helper.
 * Ending one: its cost since entry (the running totals less the frame's
 * start) added to its arc and its path node (each frame points at their
 * costs, or at cg.sink when it has none), its function's open count less
 * one, the thread's depth less one, and the frame below loaded as the
 * innermost.
 *
 * How.  IR has no branches inside a superblock, so the code runs whether
 * or not the activation ends, and when it does not every store writes back
 * what it read or goes to cg.sink (the addresses chosen by if-then-else):
 * no memory changes.  Every address it reads is valid either way: cg.top
 * points at the innermost frame, or at cg.no_frame when none is open. */
#include "cg_stack.h"
#include "cg_callgraph.h"
#include "cg_lines.h"
#include "cg_run.h"
#include "cg_skip.h"
#include "cg_tiers.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"

static IRExpr *bind(IRSB *out, IRType ty, IRExpr *e)
{
    IRTemp t = newIRTemp(out->tyenv, ty);
    addStmtToIRSB(out, IRStmt_WrTmp(t, e));
    return IRExpr_RdTmp(t);
}

static IRExpr *load(IRSB *out, IRType ty, IRExpr *addr)
{
    return bind(out, ty, IRExpr_Load(Iend_LE, ty, addr));
}

static IRExpr *at(const void *p)
{
    return mkIRExpr_HWord((HWord)p);
}

/* `base` plus a constant offset, in host words. */
static IRExpr *plus(IRSB *out, IRExpr *base, HWord off)
{
    Bool w64 = sizeof(HWord) == 8;
    return bind(out, w64 ? Ity_I64 : Ity_I32,
                IRExpr_Binop(w64 ? Iop_Add64 : Iop_Add32, base, mkIRExpr_HWord(off)));
}

static IRExpr *pick(IRSB *out, IRType ty, IRExpr *cond, IRExpr *yes, IRExpr *no)
{
    return bind(out, ty, IRExpr_ITE(cond, yes, no));
}

/* ------------------------------------------------------------------ */
/* Returns ended inline                                                */
/* ------------------------------------------------------------------ */

/* The helper of a returning superblock's cold code (`sbi` its record):
 * after --hot-threshold returns there it is translated again, hot, with
 * the code that ends activations inline. */
static VG_REGPARM(2) void leave_cold(UWord sp, SBInfo *sbi)
{
    if (++sbi->returns == cg.clo.hot_threshold) cg_tiers_queue(sbi);
    cg_stack_leave(sp);
}

/* The IR that ends the innermost activation where generated code can (the
 * stack pointer `sp`, cg.stack_limit loaded as `limit`); the condition on
 * which the helper must still end activations. */
static IRExpr *emit_return(IRSB *out, IRExpr *sp, IRExpr *limit, IRType word)
{
    Bool w64 = word == Ity_I64;
    IROp lt = w64 ? Iop_CmpLT64U : Iop_CmpLT32U, le = w64 ? Iop_CmpLE64U : Iop_CmpLE32U;
    IRType hw = sizeof(HWord) == 8 ? Ity_I64 : Ity_I32;
    tl_assert(hw == word);

    IRExpr *pop_limit = load(out, word, at(&cg.pop_limit));
    IRExpr *ended = bind(out, Ity_I1, IRExpr_Binop(lt, limit, sp));
    IRExpr *alone = bind(out, Ity_I1, IRExpr_Binop(le, sp, pop_limit));
    IRExpr *inline_end = bind(out, Ity_I1, IRExpr_Binop(Iop_And1, ended, alone));
    IRExpr *sink = at(cg.sink);

    IRExpr *top = load(out, hw, at(&cg.top));
    IRExpr *arc = load(out, hw, plus(out, top, offsetof(CgFrame, arc_incl)));
    IRExpr *node = load(out, hw, plus(out, top, offsetof(CgFrame, node_incl)));
    arc = pick(out, hw, inline_end, arc, sink);
    node = pick(out, hw, inline_end, node, sink);
    /* Two events at a time where their running totals are neighbours (with
     * both simulations, all 13 are). */
    IRExpr *words[CG_RUN_WORDS] = {NULL};
    for (Int i = 0; i < cg.graph_nev;) {
        Bool two = i + 1 < cg.graph_nev && cg.graph_ev[i + 1] == cg.graph_ev[i] + 1;
        IRType ty = two ? Ity_V128 : Ity_I64;
        IROp sub = two ? Iop_Sub64x2 : Iop_Sub64, add = two ? Iop_Add64x2 : Iop_Add64;
        IRExpr *start = load(out, ty, plus(out, top, offsetof(CgFrame, start) + 8 * i));
        /* The running totals were just stored one by one (a wide load of
         * two recent stores waits for both to reach the cache). */
        Int ev = cg.graph_ev[i];
        IRExpr *now = two ? bind(out, ty,
                                 IRExpr_Binop(Iop_64HLtoV128, cg_run_emit_total(out, words, ev + 1),
                                              cg_run_emit_total(out, words, ev)))
                          : cg_run_emit_total(out, words, ev);
        IRExpr *cost = bind(out, ty, IRExpr_Binop(sub, now, start));
        IRExpr *to[2] = {plus(out, arc, 8 * i), plus(out, node, 8 * i)};
        for (Int k = 0; k < 2; k++) {
            IRExpr *old = load(out, ty, to[k]);
            addStmtToIRSB(
                out, IRStmt_Store(Iend_LE, to[k], bind(out, ty, IRExpr_Binop(add, old, cost))));
        }
        i += two ? 2 : 1;
    }
    /* Counters are UInt: its function's open activations, the depth. */
    IRExpr *active = load(out, hw, plus(out, top, offsetof(CgFrame, active)));
    active = pick(out, hw, inline_end, active, sink);
    IRExpr *open = load(out, Ity_I32, active);
    addStmtToIRSB(out,
                  IRStmt_Store(Iend_LE, active,
                               bind(out, Ity_I32,
                                    IRExpr_Binop(Iop_Sub32, open, IRExpr_Const(IRConst_U32(1))))));
    IRExpr *depth_at = load(out, hw, at(&cg.stack_n));
    IRExpr *depth = load(out, Ity_I32, depth_at);
    IRExpr *less = bind(out, Ity_I32, IRExpr_Binop(Iop_Sub32, depth, IRExpr_Const(IRConst_U32(1))));
    addStmtToIRSB(out,
                  IRStmt_Store(Iend_LE, depth_at, pick(out, Ity_I32, inline_end, less, depth)));
    /* The frame below becomes the innermost. */
    IRExpr *below =
        bind(out, hw,
             IRExpr_Binop(w64 ? Iop_Sub64 : Iop_Sub32, top, mkIRExpr_HWord((HWord)cg.frame_bytes)));
    below = pick(out, hw, inline_end, below, top);
    IRExpr *next = load(out, word, plus(out, below, offsetof(CgFrame, pop_limit)));
    addStmtToIRSB(out, IRStmt_Store(Iend_LE, at(&cg.top), below));
    addStmtToIRSB(out, IRStmt_Store(Iend_LE, at(&cg.stack_limit),
                                    pick(out, word, inline_end, pop_limit, limit)));
    addStmtToIRSB(out, IRStmt_Store(Iend_LE, at(&cg.pop_limit), next));
    /* What is left for the helper: several activations ended, or one
     * that the code above may not end. */
    IRExpr *not_alone = bind(out, Ity_I1, IRExpr_Unop(Iop_Not1, alone));
    return bind(out, Ity_I1, IRExpr_Binop(Iop_And1, ended, not_alone));
}

/* ------------------------------------------------------------------ */
/* Superblocks, entries, fall-throughs                                 */
/* ------------------------------------------------------------------ */

IRExpr *cg_stack_sp(IRSB *out, const VexGuestLayout *layout, IRType word)
{
    return bind(out, word, IRExpr_Get(layout->offset_SP, word));
}

CgFn *cg_stack_entry_at(Addr addr)
{
    const HChar *name;
    if (!VG_(get_fnname_if_entry)(VG_(current_DiEpoch)(), addr, &name)) return NULL;
    return cg_callgraph_fn_at(addr);
}

void cg_stack_emit_enter(IRSB *out, IRExpr *sp, CgFn *fn)
{
    IRDirty *di = unsafeIRDirty_0_N(2, "cg_stack_enter", VG_(fnptr_to_fnentry)(cg_stack_enter),
                                    mkIRExprVec_2(sp, mkIRExpr_HWord((HWord)fn)));
    addStmtToIRSB(out, IRStmt_Dirty(di));
}

void cg_stack_prologue(IRSB *out, Addr addr, const VexGuestLayout *layout, IRType word)
{
    if (!cg_stack_on()) return;
    CgFn *fn = cg_stack_entry_at(addr);
    if (!fn) return;
    IRExpr *sp = cg_stack_sp(out, layout, word);
    if (!fn->skip) {
        cg_stack_emit_enter(out, sp, fn);
        return;
    }
    /* A skipped function's entry opens nothing, but may name a call site
     * (its helper ends first what the stack pointer shows has ended). */
    addStmtToIRSB(out, IRStmt_Dirty(unsafeIRDirty_0_N(1, "cg_stack_skip_enter",
                                                      VG_(fnptr_to_fnentry)(cg_stack_skip_enter),
                                                      mkIRExprVec_1(sp))));
}

Bool cg_stack_writes_sp(const IRTypeEnv *env, const IRStmt *st, const VexGuestLayout *layout)
{
    Int lo = layout->offset_SP, hi = layout->offset_SP + layout->sizeof_SP;
    switch (st->tag) {
    case Ist_Put: {
        Int off = st->Ist.Put.offset;
        return off < hi && off + sizeofIRType(typeOfIRExpr(env, st->Ist.Put.data)) > lo;
    }
    case Ist_PutI: {
        const IRRegArray *a = st->Ist.PutI.details->descr;
        Int end = a->base + a->nElems * sizeofIRType(a->elemTy);
        return a->base < hi && end > lo;
    }
    case Ist_Dirty: {
        const IRDirty *d = st->Ist.Dirty.details;
        for (Int i = 0; i < d->nFxState; i++) {
            if (d->fxState[i].fx == Ifx_Read) continue;
            Int n = d->fxState[i].nRepeats + 1;
            Int base = d->fxState[i].offset,
                end = base + (n - 1) * d->fxState[i].repeatLen + d->fxState[i].size;
            if (base < hi && end > lo) return True;
        }
        return False;
    }
    default:
        return False;
    }
}

/* Whether the return at `a` is in a function with a symbol: only such a
 * return is likely to end an activation (one opened at a function's
 * entry); elsewhere (a stripped program's own code) the code that ends one
 * inline would run at every return for nothing, and costs more than the
 * compare. */
static Bool in_named_function(Addr a)
{
    const HChar *name;
    return a != 0 && VG_(get_fnname)(VG_(current_DiEpoch)(), a, &name);
}

void cg_stack_emit_check(IRSB *out, const VexGuestLayout *layout, IRType word, IRExpr *exit_guard,
                         SBInfo *sbi, Bool hot, Addr returns_at)
{
    tl_assert(cg_stack_on());
    IRExpr *sp = cg_stack_sp(out, layout, word);
    Bool w64 = word == Ity_I64;
    IRExpr *limit =
        bind(out, word, IRExpr_Load(Iend_LE, word, mkIRExpr_HWord((HWord)&cg.stack_limit)));
    /* Where a superblock returns in hot code, the return's usual case is
     * generated code; cold code there counts its returns, to turn hot (the
     * code is long, and code-heavy programs translate much that runs a
     * few times).  With recursion levels or skipped objects no frame may
     * end inline (cg_stack.c, inline_end()): the code would only cost. */
    Bool site = returns_at && !exit_guard && sbi && !cg_levels_on() && !cg_skip_on() &&
                in_named_function(returns_at);
    IRDirty *di =
        site && !hot
            ? unsafeIRDirty_0_N(2, "cg_stack_leave_cold", VG_(fnptr_to_fnentry)(leave_cold),
                                mkIRExprVec_2(sp, mkIRExpr_HWord((HWord)sbi)))
            : unsafeIRDirty_0_N(1, "cg_stack_leave", VG_(fnptr_to_fnentry)(cg_stack_leave),
                                mkIRExprVec_1(sp));
    IRExpr *guard =
        site && hot ? emit_return(out, sp, limit, word)
                    : bind(out, Ity_I1, IRExpr_Binop(w64 ? Iop_CmpLT64U : Iop_CmpLT32U, limit, sp));
    /* At a side exit, only if it is taken: else the code after it runs in
     * the activation, as it would have before the next superblock. */
    if (exit_guard) guard = bind(out, Ity_I1, IRExpr_Binop(Iop_And1, exit_guard, guard));
    di->guard = guard;
    addStmtToIRSB(out, IRStmt_Dirty(di));
}

void cg_stack_emit_fall(IRSB *out, Addr next, IRExpr *guard)
{
    CgFn *fn = cg_stack_entry_at(next);
    if (!fn) return;
    IRExpr *where = mkIRExpr_HWord((HWord)&cg.fell_into);
    IRExpr *what = mkIRExpr_HWord((HWord)fn);
    addStmtToIRSB(out, guard ? IRStmt_StoreG(Iend_LE, where, what, guard)
                             : IRStmt_Store(Iend_LE, where, what));
}
