/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_emit.c: the IR emitters.
 *
 * Simulation: helpers only count misses and mispredictions, and the common
 * cache hit never calls one.  A hit in the most-recently-used way of a set
 * changes no state, so generated code tests that way inline and calls the
 * helper only when it does not hold; an instruction fetched from the line the
 * previous instruction of the superblock ended in is such a hit by
 * construction and needs no code at all.  Where the cold tier saw an event
 * hit way 1 often, its hot code settles that case inline too (way-1 sites).
 * Sets and ways are reached only through sim/cache.h's layout functions,
 * which the helpers (cg_runtime.c) use too. */
#include "cg_emit.h"
#include "cg_regions.h"
#include "cg_runtime.h"
#include "cg_stack.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"

static IRExpr *hword(HWord h)
{
    return mkIRExpr_HWord(h);
}

static void emit_helper(Emitter *w, const HChar *name, void *fn, IRExpr **args, Int nargs,
                        IRExpr *guard)
{
    IRDirty *di = unsafeIRDirty_0_N(nargs, name, VG_(fnptr_to_fnentry)(fn), args);
    if (guard) di->guard = guard;
    addStmtToIRSB(w->out, IRStmt_Dirty(di));
}

void cg_emit_count(Emitter *w, ULong *counter)
{
    IRTypeEnv *env = w->out->tyenv;
    IRTemp old = newIRTemp(env, Ity_I64), new = newIRTemp(env, Ity_I64);
    IRExpr *one = cg_regions_gate(w->out, IRExpr_Const(IRConst_U64(1)));
    addStmtToIRSB(w->out, IRStmt_WrTmp(old, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)counter))));
    addStmtToIRSB(w->out, IRStmt_WrTmp(new, IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(old), one)));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)counter), IRExpr_RdTmp(new)));
}

/* The inline data and branch code computes on 64-bit guest words; a 32-bit
 * platform (x86, later) calls the helpers for those events instead. */
#define INLINE_WORD_OPS (sizeof(HWord) == 8)

static IRExpr *mkconst64(ULong v)
{
    return IRExpr_Const(IRConst_U64(v));
}

static IRExpr *bind(Emitter *w, IRType ty, IRExpr *e)
{
    IRTemp t = newIRTemp(w->out->tyenv, ty);
    addStmtToIRSB(w->out, IRStmt_WrTmp(t, e));
    return IRExpr_RdTmp(t);
}

/* Way 0 of the set of the constant block `b` (its most recently used block). */
static IRExpr *way0_of(Emitter *w, const Cache *c, ULong b)
{
    return bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)cache_set(c, b))));
}

/* Inline code for a way-1 site (cg_tiers.c): ways 0 and 1 of the set at
 * `set` (an I64 address) are loaded; a hit in way 1 swaps them, as the helper would, and
 * anything else writes them back unchanged.  The stores are unconditional
 * because VEX has no cheap conditional store: the swap is an XOR with the
 * two tags' difference masked by "way 1 hit".  Returns the guard of the
 * helper call: neither way holds `block`.  (A block that spans two lines
 * can be in neither: its first block belongs to another set.) */
static IRExpr *settle_way1(Emitter *w, IRExpr *set, IRExpr *block)
{
    IRExpr *set1 = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, set, mkconst64(cache_way_offset(1))));
    IRExpr *w0 = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, set));
    IRExpr *w1 = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, set1));
    IRExpr *hit1 = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpEQ64, w1, block));
    IRExpr *one = bind(w, Ity_I64, IRExpr_Unop(Iop_1Uto64, hit1));
    IRExpr *mask = bind(w, Ity_I64, IRExpr_Binop(Iop_Sub64, mkconst64(0), one));
    IRExpr *diff = bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, w0, w1));
    IRExpr *flip = bind(w, Ity_I64, IRExpr_Binop(Iop_And64, diff, mask));
    addStmtToIRSB(w->out,
                  IRStmt_Store(Iend_LE, set, bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, w0, flip))));
    addStmtToIRSB(w->out,
                  IRStmt_Store(Iend_LE, set1, bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, w1, flip))));
    IRExpr *not0 = bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, w0, block));
    IRExpr *keep = bind(w, Ity_I64, IRExpr_Unop(Iop_Not64, mask));
    IRExpr *rest = bind(w, Ity_I64, IRExpr_Binop(Iop_And64, not0, keep));
    return bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, rest, mkconst64(0)));
}

/* I1 for one instruction.  Its address is known now, so an inline check is
 * one load and one compare against constants per line it touches.  An
 * instruction that spans two lines references both blocks in turn; when
 * each is already the most recently used way of its own set, neither
 * reference changes anything.  (With a single set both blocks share way 0,
 * so the check always fails and the helper does the work.) */
static void emit_fetch(Emitter *w, InstrInfo *ii, UInt len, Bool same_i1_line, Bool way1_site)
{
    if (same_i1_line) return;
    const Cache *i1 = &cg.I1;
    ULong b1 = ii->addr >> i1->line_bits, b2 = (ii->addr + len - 1) >> i1->line_bits;
    IRExpr *guard = NULL;
    if (b2 == b1 && way1_site && i1->assoc >= 2) {
        guard = settle_way1(w, hword((HWord)cache_set(i1, b1)), mkconst64(b1));
    } else if (b2 == b1) {
        guard = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, way0_of(w, i1, b1), mkconst64(b1)));
    } else if (b2 == b1 + 1) {
        IRExpr *d1 = bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, way0_of(w, i1, b1), mkconst64(b1)));
        IRExpr *d2 = bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, way0_of(w, i1, b2), mkconst64(b2)));
        IRExpr *d = bind(w, Ity_I64, IRExpr_Binop(Iop_Or64, d1, d2));
        guard = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, d, mkconst64(0)));
    }
    emit_helper(w, "cg_helper_ir", cg_helper_ir, mkIRExprVec_2(hword((HWord)ii), hword(len)), 2,
                guard);
}

static IRExpr *binop(Emitter *w, IROp op, IRExpr *a, IRExpr *b)
{
    return bind(w, Ity_I64, IRExpr_Binop(op, a, b));
}

static IRExpr *shift_const(Emitter *w, IRExpr *x, Int by)
{
    if (by == 0) return x;
    if (by > 0) return binop(w, Iop_Shr64, x, IRExpr_Const(IRConst_U8(by)));
    return binop(w, Iop_Shl64, x, IRExpr_Const(IRConst_U8(-by)));
}

/* The byte offset, within c->tags, of way 0 of the set that holds the block
 * of address x.  With a power-of-two associativity this is one shift and
 * one mask (none of the first when line size == 8 * associativity). */
static IRExpr *way0_offset(Emitter *w, const Cache *c, IRExpr *x)
{
    Int s = VG_(log2)(cache_set_bytes(c));
    if (s >= 0)
        return binop(w, Iop_And64, shift_const(w, x, (Int)c->line_bits - s),
                     mkconst64(c->set_mask << s));
    IRExpr *set = binop(w, Iop_And64, shift_const(w, x, c->line_bits), mkconst64(c->set_mask));
    return binop(w, Iop_Mul64, set, mkconst64(cache_set_bytes(c)));
}

/* A call of the data helper for one access, under `guard` (NULL: always). */
static void emit_data_helper(Emitter *w, InstrInfo *ii, Bool is_write, Int size, IRExpr *addr,
                             IRExpr *guard)
{
    DataHelper h;
    cg_data_helper(is_write, size, &h);
    IRExpr **args = h.nargs == 2 ? mkIRExprVec_2(hword((HWord)ii), addr)
                                 : mkIRExprVec_3(hword((HWord)ii), addr, hword(size));
    emit_helper(w, h.name, h.fn, args, h.nargs, guard);
}

/* D1 for one data access.  It is a hit that changes nothing when its block
 * is in way 0 of its set and it does not span two lines; only otherwise is
 * the helper called.  Both tests are one: way 0 of the set of the access's
 * *last* byte must hold the block of its *first* byte.  A block can only sit
 * in its own set (or be an initial zero tag, i.e. addresses below the line
 * size, which no access reaches), and with two or more sets consecutive
 * blocks are in different sets. */
static void emit_data(Emitter *w, InstrInfo *ii, Bool is_write, Int size, IRExpr *addr,
                      Bool way1_site)
{
    const Cache *d1 = &cg.D1;

    /* The same address and no more bytes than the D1 access just before:
     * its lines are most recently used now, so this one changes nothing. */
    Bool repeat =
        w->have_last_d && d1->sets >= 2 && size <= w->last_d_size && eqIRAtom(addr, w->last_d_addr);
    w->have_last_d = True;
    w->last_d_addr = addr;
    w->last_d_size = size;
    if (repeat) return;

    IRExpr *b1 = shift_const(w, addr, d1->line_bits);
    IRExpr *last = addr;
    if (size > 1) last = binop(w, Iop_Add64, addr, mkconst64(size - 1));
    IRExpr *p = binop(w, Iop_Add64, way0_offset(w, d1, d1->sets >= 2 ? last : addr),
                      mkconst64((HWord)d1->tags));
    if (way1_site && d1->sets >= 2 && d1->assoc >= 2) {
        emit_data_helper(w, ii, is_write, size, addr, settle_way1(w, p, b1));
        return;
    }
    IRExpr *way0 = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, p));
    IRExpr *guard;
    if (size > 1 && d1->sets < 2) {
        IRExpr *b2 = shift_const(w, last, d1->line_bits);
        IRExpr *diff =
            binop(w, Iop_Or64, binop(w, Iop_Xor64, way0, b1), binop(w, Iop_Xor64, b1, b2));
        guard = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, diff, mkconst64(0)));
    } else {
        guard = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, way0, b1));
    }
    emit_data_helper(w, ii, is_write, size, addr, guard);
}

/* `*counter += delta`, inline. */
static void emit_add(Emitter *w, ULong *counter, IRExpr *delta)
{
    IRExpr *old = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)counter)));
    IRExpr *sum = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, old, delta));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)counter), sum));
}

/* `miss` (0 or 1) events `ev` into a line through the gate, and with
 * --call-graph into the running totals too (cg_stack.c), and with levels
 * into the line's recursion-level part through cg.rec_gate. */
static void emit_count_event(Emitter *w, LineCC *cc, Int ev, IRExpr *miss)
{
    IRExpr *delta = cg_regions_gate(w->out, miss);
    emit_add(w, &cc->ev[ev], delta);
    if (cg_graph_on()) cg_run_count(w->out, &w->run, ev, delta);
    if (cg_levels_on()) {
        IRExpr *g = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)&cg.rec_gate)));
        emit_add(w, &cc->rec[ev], bind(w, Ity_I64, IRExpr_Binop(Iop_And64, miss, g)));
    }
}

void cg_emit_rec_count(Emitter *w, ULong *counter)
{
    tl_assert(cg_levels_on());
    emit_add(w, counter,
             bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)&cg.rec_gate))));
}

void cg_emit_run(Emitter *w, const UChar *kinds)
{
    IRExpr *gate = cg_regions_gate(w->out, mkconst64(1));
    cg_run_begin(w->out, &w->run, kinds, gate->tag == Iex_Const ? NULL : gate);
}

void cg_emit_run_end(Emitter *w)
{
    cg_run_end(w->out, &w->run);
}

/* The conditional predictor (sim/branch.h), inline: the branch address is a
 * constant, so only the history part of the counter index is computed, and
 * the saturating update is a lookup in the predictor's transition table. */
static void emit_cond_branch(Emitter *w, InstrInfo *ii, IRExpr *taken)
{
    CondPredictor *p = &cg.cond;
    ULong addr_bits = (ii->addr >> BRANCH_LO) & ((1u << COND_ADDR_BITS) - 1);
    ULong hist_mask = (1u << COND_HIST_BITS) - 1;

    IRExpr *h = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)&p->history)));
    IRExpr *hm = bind(w, Ity_I64, IRExpr_Binop(Iop_And64, h, mkconst64(hist_mask)));
    IRExpr *hs =
        bind(w, Ity_I64, IRExpr_Binop(Iop_Shl64, hm, IRExpr_Const(IRConst_U8(COND_ADDR_BITS))));
    IRExpr *pc =
        bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, hs, mkconst64((HWord)p->counters + addr_bits)));
    IRExpr *c8 = bind(w, Ity_I8, IRExpr_Load(Iend_LE, Ity_I8, pc));
    IRExpr *c = bind(w, Ity_I64, IRExpr_Unop(Iop_8Uto64, c8));

    /* Predicted taken iff the counter is 2 or 3. */
    IRExpr *pred = bind(w, Ity_I64, IRExpr_Binop(Iop_Shr64, c, IRExpr_Const(IRConst_U8(1))));
    IRExpr *miss = bind(w, Ity_I64, IRExpr_Binop(Iop_Xor64, pred, taken));
    emit_count_event(w, ii->cc, EV_Bcm, miss);

    IRExpr *h1 = bind(w, Ity_I64, IRExpr_Binop(Iop_Shl64, h, IRExpr_Const(IRConst_U8(1))));
    IRExpr *h2 = bind(w, Ity_I64, IRExpr_Binop(Iop_Or64, h1, taken));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)&p->history), h2));

    IRExpr *c2 = bind(w, Ity_I64, IRExpr_Binop(Iop_Shl64, c, IRExpr_Const(IRConst_U8(1))));
    IRExpr *ti = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, taken, c2));
    IRExpr *pn = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, ti, mkconst64((HWord)cond_next_state)));
    IRExpr *n8 = bind(w, Ity_I8, IRExpr_Load(Iend_LE, Ity_I8, pn));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, pc, n8));
}

/* The indirect predictor (sim/branch.h), inline: the table slot is a constant. */
static void emit_indirect_branch(Emitter *w, InstrInfo *ii, IRExpr *target)
{
    IndPredictor *p = &cg.ind;
    uint64_t *slot = &p->targets[(ii->addr >> BRANCH_LO) & (IND_ENTRIES - 1)];
    IRExpr *old = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)slot)));
    IRExpr *ne = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, old, target));
    emit_count_event(w, ii->cc, EV_Bim, bind(w, Ity_I64, IRExpr_Unop(Iop_1Uto64, ne)));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)slot), target));
}

void cg_emit_event(Emitter *w, SBInfo *sbi, const Event *ev, Bool way1_site)
{
    InstrInfo *ii = &sbi->instrs[ev->instr];
    switch (ev->tag) {
    case Ev_Ir:
        if (cg.clo.cache_sim) emit_fetch(w, ii, ev->size, ev->same_i1_line, way1_site);
        break;
    case Ev_Dr:
    case Ev_Dm:
    case Ev_Dw:
        if (INLINE_WORD_OPS)
            emit_data(w, ii, ev->tag == Ev_Dw, ev->size, ev->addr, way1_site);
        else
            emit_data_helper(w, ii, ev->tag == Ev_Dw, ev->size, ev->addr, NULL);
        break;
    case Ev_Bc:
        if (INLINE_WORD_OPS)
            emit_cond_branch(w, ii, ev->arg);
        else
            emit_helper(w, "cg_helper_bc", cg_helper_bc, mkIRExprVec_2(hword((HWord)ii), ev->arg),
                        2, NULL);
        break;
    case Ev_Bi:
        if (INLINE_WORD_OPS)
            emit_indirect_branch(w, ii, ev->arg);
        else
            emit_helper(w, "cg_helper_bi", cg_helper_bi, mkIRExprVec_2(hword((HWord)ii), ev->arg),
                        2, NULL);
        break;
    }
}

void cg_emit_cold_flush(Emitter *w, SBInfo *sbi, FlushGroup *grp, const Event *q, Int n)
{
    Int slot = 0;
    for (Int i = 0; i < n; i++) {
        const Event *ev = &q[i];
        IRExpr *v = ev->tag == Ev_Dr || ev->tag == Ev_Dm || ev->tag == Ev_Dw ? ev->addr
                    : ev->tag == Ev_Ir                                       ? NULL
                                                                             : ev->arg;
        if (v) addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)&cg.scratch[slot++]), v));
    }
    emit_helper(w, "cg_helper_group", cg_helper_group,
                mkIRExprVec_2(hword((HWord)sbi), hword((HWord)grp)), 2, NULL);
}

void cg_emit_guarded(Emitter *w, InstrInfo *ii, Bool is_write, Int size, IRExpr *addr,
                     IRExpr *guard)
{
    /* It may or may not touch D1, so no later access can count on it. */
    w->have_last_d = False;
    IRExpr **args = mkIRExprVec_3(hword((HWord)ii), addr, hword(size));
    if (is_write)
        emit_helper(w, "cg_helper_guarded_dw", cg_helper_guarded_dw, args, 3, guard);
    else
        emit_helper(w, "cg_helper_guarded_dr", cg_helper_guarded_dr, args, 3, guard);
}

IRExpr *cg_emit_taken(Emitter *w, IRExpr *guard, Bool inverted)
{
    IRTypeEnv *env = w->out->tyenv;
    IRType wty = sizeof(HWord) == 8 ? Ity_I64 : Ity_I32;

    IRTemp wide = newIRTemp(env, wty);
    addStmtToIRSB(w->out,
                  IRStmt_WrTmp(wide, IRExpr_Unop(wty == Ity_I64 ? Iop_1Uto64 : Iop_1Uto32, guard)));
    IRTemp taken = wide;
    if (inverted) {
        taken = newIRTemp(env, wty);
        IRExpr *one = wty == Ity_I64 ? IRExpr_Const(IRConst_U64(1)) : IRExpr_Const(IRConst_U32(1));
        addStmtToIRSB(w->out,
                      IRStmt_WrTmp(taken, IRExpr_Binop(wty == Ity_I64 ? Iop_Xor64 : Iop_Xor32,
                                                       IRExpr_RdTmp(wide), one)));
    }
    return IRExpr_RdTmp(taken);
}
