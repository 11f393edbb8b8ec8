/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_run.c: the words the hot tier adds the running totals to (docs/tool.md,
 * "The call graph").
 *
 * Why.  Every flush group of the hot tier adds its counts to the running
 * totals as it adds them to its lines: with both simulations up to five
 * constant kinds and a misprediction per branch, each a load, an add and a
 * store of its own word.  Kinds that go together share one 64-bit word, a
 * 32-bit half each: Ir with Dr, Bc with its mispredictions Bcm, Bi with
 * Bim; so a group makes one add for each pair.  A kind without a partner
 * in the mode (Dw; Ir alone) is added to cg.run itself.
 *
 * Invariants.  A half never carries into its neighbour: the words are
 * folded into cg.run (and zeroed) before C code reads or writes cg.run, and
 * at least once per scheduling quantum, when the scheduler resumes a
 * thread (cg_stack_thread_runs; Valgrind's quantum is 100,000 superblocks,
 * measured on a loop without system calls); a superblock adds at most
 * CG_RUN_SB_EVENTS to a half (cg_instrument.c asserts it), so a quantum
 * adds at most 100,000 * 4,096 < 2^32.  The true total of an event is
 * cg.run[ev] plus its half: folding keeps it, and the code that ends an
 * activation inline (cg_stack_ir.c) adds the half to what it reads.  The
 * words are the running thread's: a thread switch folds them first.  No
 * check is made in generated code: a guarded call to fold, after the adds
 * or at superblocks' starts, cost more than the adds it saved (measured on
 * gzip with both simulations, 0.14 s). */
#include "cg_run.h"
#include "cg_records.h"
#include "pub_tool_libcassert.h"

/* The pairs, low half first. */
static const Int pairs[][2] = {{EV_Ir, EV_Dr}, {EV_Bc, EV_Bcm}, {EV_Bi, EV_Bim}};

/* Whether generated code counts `ev` in this mode. */
static Bool counted_inline(Int ev)
{
    switch (ev) {
    case EV_Ir:
        return True;
    case EV_Dr:
    case EV_Dw:
        return cg.clo.cache_sim;
    case EV_Bc:
    case EV_Bi:
    case EV_Bcm:
    case EV_Bim:
        return cg.clo.branch_sim;
    default:
        return False;
    }
}

void cg_run_init(void)
{
    Int n = 0;
    for (Int ev = 0; ev < N_EVENTS; ev++) cg.run_word_of[ev] = -1;
    for (UInt p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        if (!counted_inline(pairs[p][0]) || !counted_inline(pairs[p][1])) continue;
        tl_assert(n < CG_RUN_WORDS);
        for (Int h = 0; h < 2; h++) {
            cg.run_word_of[pairs[p][h]] = n;
            cg.run_half[pairs[p][h]] = h;
        }
        cg.run_packed[n++] = 0;
    }
    cg.run_n_words = n;
}

void cg_run_fold(void)
{
    for (Int p = 0, n = 0; n < cg.run_n_words; p++) {
        Int lo = pairs[p][0], hi = pairs[p][1];
        if (cg.run_word_of[lo] < 0) continue;
        ULong w = cg.run_packed[n];
        cg.run[lo] += (UInt)w;
        cg.run[hi] += w >> 32;
        cg.run_packed[n++] = 0;
    }
}

static IRExpr *bind(IRSB *out, IRType ty, IRExpr *e)
{
    IRTemp t = newIRTemp(out->tyenv, ty);
    addStmtToIRSB(out, IRStmt_WrTmp(t, e));
    return IRExpr_RdTmp(t);
}

static IRExpr *at(const void *p)
{
    return mkIRExpr_HWord((HWord)p);
}

/* `*counter += delta`, inline. */
static void emit_add(IRSB *out, ULong *counter, IRExpr *delta)
{
    IRExpr *old = bind(out, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, at(counter)));
    IRExpr *sum = bind(out, Ity_I64, IRExpr_Binop(Iop_Add64, old, delta));
    addStmtToIRSB(out, IRStmt_Store(Iend_LE, at(counter), sum));
}

static void add_to(IRSB *out, CgRunAdds *a, Int word, IRExpr *v)
{
    a->add[word] = a->add[word] ? bind(out, Ity_I64, IRExpr_Binop(Iop_Add64, a->add[word], v)) : v;
}

void cg_run_begin(IRSB *out, CgRunAdds *a, const UChar *kinds, IRExpr *gate)
{
    ULong c[CG_RUN_WORDS] = {0};
    for (Int i = 0; i < CG_RUN_WORDS; i++) a->add[i] = NULL;
    for (Int k = 0; k < CG_COUNTED_KINDS; k++) {
        if (kinds[k] == 0) continue;
        Int ev = cg_counted_kinds[k], word = cg.run_word_of[ev];
        tl_assert(counted_inline(ev));
        if (word >= 0) {
            c[word] += (ULong)kinds[k] << (32 * cg.run_half[ev]);
            continue;
        }
        IRExpr *n = IRExpr_Const(IRConst_U64(kinds[k]));
        if (gate) n = bind(out, Ity_I64, IRExpr_Binop(Iop_Mul64, gate, n));
        emit_add(out, &cg.run[ev], n);
    }
    for (Int i = 0; i < cg.run_n_words; i++) {
        if (c[i] == 0) continue;
        IRExpr *n = IRExpr_Const(IRConst_U64(c[i]));
        a->add[i] = gate ? bind(out, Ity_I64, IRExpr_Binop(Iop_Mul64, gate, n)) : n;
    }
}

void cg_run_count(IRSB *out, CgRunAdds *a, Int ev, IRExpr *n)
{
    Int word = cg.run_word_of[ev];
    if (word < 0) {
        emit_add(out, &cg.run[ev], n);
        return;
    }
    if (cg.run_half[ev])
        n = bind(out, Ity_I64, IRExpr_Binop(Iop_Shl64, n, IRExpr_Const(IRConst_U8(32))));
    add_to(out, a, word, n);
}

void cg_run_end(IRSB *out, CgRunAdds *a)
{
    for (Int i = 0; i < cg.run_n_words; i++)
        if (a->add[i]) emit_add(out, &cg.run_packed[i], a->add[i]);
}

IRExpr *cg_run_emit_total(IRSB *out, IRExpr *words[CG_RUN_WORDS], Int ev)
{
    IRExpr *run = bind(out, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, at(&cg.run[ev])));
    Int word = cg.run_word_of[ev];
    if (word < 0) return run;
    if (!words[word])
        words[word] = bind(out, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, at(&cg.run_packed[word])));
    IRExpr *half =
        cg.run_half[ev]
            ? bind(out, Ity_I64, IRExpr_Binop(Iop_Shr64, words[word], IRExpr_Const(IRConst_U8(32))))
            : bind(out, Ity_I64,
                   IRExpr_Unop(Iop_32Uto64,
                               bind(out, Ity_I32, IRExpr_Unop(Iop_64to32, words[word]))));
    return bind(out, Ity_I64, IRExpr_Binop(Iop_Add64, run, half));
}
