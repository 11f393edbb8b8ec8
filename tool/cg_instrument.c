/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_instrument.c: the IR walk.  It turns each superblock's instructions and
 * memory accesses into events, queues them, and flushes the queue exactly
 * where upstream Cachegrind does, because a fault in the middle of a block
 * loses whatever is still queued (docs/tool.md, "Events and flush points").
 * Each flush becomes a flush group of the superblock's record
 * (cg_records.c); the IR for it comes from cg_emit.c, in the tier that
 * cg_tiers.c chose for the superblock. */
#include "cg_instrument.h"
#include "cg_emit.h"
#include "cg_repeat.h"
#include "cg_clients.h"
#include "cg_skip.h"
#include "cg_stack.h"
#include "cg_threads.h"
#include "cg_tiers.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"

typedef struct {
    Emitter e;
    SBInfo *sbi;
    UInt cur;     /* index of the current instruction, valid once n_seen > 0 */
    UInt cur_len; /* and its length */
    UInt n_seen;  /* IMarks processed so far */
    Event q[CG_QUEUE_SIZE];
    Int nq;
    const HotBlock *hot; /* its way-1 sites when hot; NULL when cold */
    Bool count_stats;    /* false when only the tier changes: upstream has no such translation */
    /* The I1 block the previous instruction's fetch ended in, which is the
     * most recently used way of its set when the next fetch is simulated. */
    Bool have_last_i1;
    ULong last_i1_block;
    /* Activations: the address right after the previous instruction, and
     * the entries found inside the superblock whose activations are not
     * opened yet (cg_stack.c, "Entries"): each opens at the next flush
     * point, between the queued events before it (q[0 .. at)) and those
     * after it. */
    const IRSB *in; /* the superblock, and the index of the statement walked */
    Int at;
    const VexGuestLayout *layout;
    IRType word;
    Addr prev_end;
    struct {
        Int at;
        IRExpr *sp;
        struct CgFn *fn;
    } entries[CG_QUEUE_SIZE + 1];
    Int n_entries;
    /* Whether a statement walked so far may have written the stack
     * pointer: then where the superblock leaves, returns are looked for. */
    Bool sp_written;
} Walk;

static UShort counted_kind(EventTag tag)
{
    switch (tag) {
    case Ev_Ir:
        return EV_Ir;
    case Ev_Dr:
    case Ev_Dm:
        return EV_Dr; /* a modify counts as a read */
    case Ev_Dw:
        return EV_Dw;
    case Ev_Bc:
        return EV_Bc;
    case Ev_Bi:
        return EV_Bi;
    }
    tl_assert(0);
}

/* Whether simulation has any work for this event (cold tier). */
static Bool needs_simulation(const Event *ev)
{
    switch (ev->tag) {
    case Ev_Ir:
        return cg.clo.cache_sim && !ev->same_i1_line;
    default:
        return True; /* data and branch events exist only when simulated */
    }
}

/* The flush group of the queued events q[from .. to), and its IR. */
static void emit_group(Walk *w, Int from, Int to)
{
    const Event *q = &w->q[from];
    Int n = to - from;
    SBInfo *sbi = w->sbi;
    tl_assert(sbi->n_groups < sbi->max_groups);
    tl_assert(sbi->n_counted + n <= sbi->max_counted);
    FlushGroup *grp = &sbi->groups[sbi->n_groups++];
    grp->execs = 0;
    grp->runs = 0;
    grp->first = sbi->n_counted;
    grp->count = n;
    /* The events with simulator work first (their order is the simulator's,
     * and the only ones with run-time values), then those without. */
    Bool sim[CG_QUEUE_SIZE];
    UInt at[CG_QUEUE_SIZE], n_sim = 0;
    for (Int i = 0; i < n; i++) n_sim += sim[i] = needs_simulation(&q[i]);
    for (Int i = 0, s = 0, rest = n_sim; i < n; i++) at[i] = sim[i] ? s++ : rest++;
    grp->n_sim = n_sim;
    for (Int i = 0; i < n; i++) {
        const Event *ev = &q[i];
        CountedEvent *ce = &sbi->counted[grp->first + at[i]];
        ce->instr = ev->instr;
        ce->ev = counted_kind(ev->tag);
        ce->spare = 0;
        ce->size = ev->size;
        ce->way1 = 0;
    }
    sbi->n_counted += n;
    if (cg_graph_on()) {
        UChar *kinds = sbi->kinds[grp - sbi->groups];
        VG_(memset)(kinds, 0, CG_COUNTED_KINDS);
        for (Int i = 0; i < n; i++)
            for (Int k = 0; k < CG_COUNTED_KINDS; k++)
                if (cg_counted_kinds[k] == counted_kind(q[i].tag)) kinds[k]++;
    }
    Bool any_work = n_sim > 0;

    if (w->hot || !any_work) {
        cg_emit_count(&w->e, &grp->execs);
        if (cg_levels_on()) cg_emit_rec_count(&w->e, &sbi->rec_execs[grp - sbi->groups]);
        if (cg_graph_on()) cg_emit_run(&w->e, sbi->kinds[grp - sbi->groups]);
        if (w->hot)
            for (Int i = 0; i < n; i++)
                cg_emit_event(&w->e, sbi, &q[i], cg_tiers_is_way1_site(w->hot, grp->first + at[i]));
        if (cg_graph_on()) cg_emit_run_end(&w->e);
    } else {
        cg_emit_cold_flush(&w->e, sbi, grp, q, n);
    }
}

/* A flush point: the queued events become flush groups, one per stretch
 * between the entries found among them, each entry's activation opened in
 * between.  The flush point is the same, so a fault loses the same events
 * as upstream's; only the counting is split, so that the running totals
 * and the region gate change at the entry. */
static void flush(Walk *w)
{
    Int from = 0;
    for (Int k = 0; k < w->n_entries; k++) {
        if (w->entries[k].at > from) emit_group(w, from, w->entries[k].at);
        from = w->entries[k].at;
        cg_stack_emit_enter(w->e.out, w->entries[k].sp, w->entries[k].fn);
    }
    if (w->nq > from) emit_group(w, from, w->nq);
    w->n_entries = 0;
    w->nq = 0;
}

static void enqueue(Walk *w, EventTag tag, Int size, IRExpr *addr, IRExpr *arg)
{
    if (w->nq == CG_QUEUE_SIZE) flush(w);
    Event *ev = &w->q[w->nq++];
    ev->tag = tag;
    ev->instr = w->cur;
    ev->size = size;
    ev->addr = addr;
    ev->arg = arg;
    ev->same_i1_line = False;
}

static void add_ir(Walk *w)
{
    InstrInfo *ii = &w->sbi->instrs[w->cur];
    /* Only --stats shows this: whether upstream's single-line fast case
     * applies (same line size in I1 and LL, instruction inside one line). */
    Addr last = ii->addr + w->cur_len - 1;
    if (!w->count_stats) {
    } else if (cg.i1_line_bits == cg.ll_line_bits &&
               (ii->addr >> cg.i1_line_bits) == (last >> cg.i1_line_bits)) {
        cg.stat_nox++;
    } else {
        cg.stat_gen++;
    }
    enqueue(w, Ev_Ir, w->cur_len, NULL, NULL);

    /* Instructions of a superblock run back to back with no other fetch in
     * between, so after a fetch the line it ended in is the most recently
     * used way of its set: a fetch wholly inside that line changes nothing. */
    if (!cg.clo.cache_sim) return;
    ULong b1 = ii->addr >> cg.i1_line_bits, b2 = last >> cg.i1_line_bits;
    w->q[w->nq - 1].same_i1_line = w->have_last_i1 && b1 == b2 && b1 == w->last_i1_block;
    w->have_last_i1 = True;
    w->last_i1_block = b2;
}

static void add_dr(Walk *w, Int size, IRExpr *addr)
{
    tl_assert(isIRAtom(addr));
    tl_assert(size >= 1 && size <= cg.min_line_size);
    enqueue(w, Ev_Dr, size, addr, NULL);
}

static void add_dw(Walk *w, Int size, IRExpr *addr)
{
    tl_assert(isIRAtom(addr));
    tl_assert(size >= 1 && size <= cg.min_line_size);
    /* A write straight after a read of the same place by the same
     * instruction becomes one modify access. */
    if (w->nq > 0) {
        Event *last = &w->q[w->nq - 1];
        if (last->tag == Ev_Dr && last->instr == w->cur && last->size == size &&
            eqIRAtom(last->addr, addr)) {
            last->tag = Ev_Dm;
            return;
        }
    }
    enqueue(w, Ev_Dw, size, addr, NULL);
}

static void add_guarded(Walk *w, Bool is_write, Int size, IRExpr *addr, IRExpr *guard)
{
    tl_assert(isIRAtom(addr) && isIRAtom(guard));
    tl_assert(size >= 1 && size <= cg.min_line_size);
    flush(w);
    /* Not part of any flush group: the helper counts the access itself. */
    cg_emit_guarded(&w->e, &w->sbi->instrs[w->cur], is_write, size, addr, guard);
}

static Int clamp_to_line(Int size)
{
    return size > cg.min_line_size ? cg.min_line_size : size;
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */
/* ------------------------------------------------------------------ */

static ULong const_value(const IRConst *c)
{
    switch (c->tag) {
    case Ico_U32:
        return c->Ico.U32;
    case Ico_U64:
        return c->Ico.U64;
    default:
        VG_(tool_panic)("cachegrind: unexpected exit destination type");
    }
}

/* A conditional side exit: the guard says whether the exit is taken, which
 * means "branch not taken" when the exit goes to the next instruction (iropt
 * inverted a chased branch, or a REP loop's exit). */
static void add_bc(Walk *w, IRStmt *st)
{
    InstrInfo *ii = &w->sbi->instrs[w->cur];
    ULong next_addr = ii->addr + w->cur_len;
    Bool inverted = const_value(st->Ist.Exit.dst) == next_addr;
    enqueue(w, Ev_Bc, 0, NULL, cg_emit_taken(&w->e, st->Ist.Exit.guard, inverted));
}

static void handle_imark(Walk *w, IRStmt *st)
{
    Addr addr = st->Ist.IMark.addr;
    Int len = st->Ist.IMark.len;
    if (len == 0) len = VG_MIN_INSTR_SZB; /* VEX could not decode it */
    tl_assert((len >= VG_MIN_INSTR_SZB && len <= VG_MAX_INSTR_SZB) || len == VG_CLREQ_SZB);
    tl_assert(w->n_seen < w->sbi->n_instrs);

    /* An entry inside the superblock: a jump VEX followed led here. */
    if (cg_stack_on() && w->n_seen > 0 && addr != w->prev_end) {
        struct CgFn *fn = cg_stack_entry_at(addr);
        if (fn) {
            tl_assert(w->n_entries <= CG_QUEUE_SIZE);
            w->entries[w->n_entries].at = w->nq;
            w->entries[w->n_entries].sp =
                cg_stack_entry_sp(w->e.out, w->in, w->at, w->layout, w->word);
            w->entries[w->n_entries].fn = fn;
            w->n_entries++;
        }
    }
    w->prev_end = addr + len;
    w->cur = w->n_seen++;
    InstrInfo *ii = &w->sbi->instrs[w->cur];
    ii->addr = addr;
    w->cur_len = len;
    ii->cc = cg_lines_get(addr, w->count_stats);
    add_ir(w);
}

static void handle_stmt(Walk *w, IRStmt *st, IRTypeEnv *env_in)
{
    Bool cache = cg.clo.cache_sim;
    switch (st->tag) {
    case Ist_NoOp:
    case Ist_AbiHint:
    case Ist_MBE:
        break;
    case Ist_Put:
    case Ist_PutI:
        w->sp_written |= cg_stack_on() && cg_stack_writes_sp(env_in, st, w->layout);
        break;
    case Ist_IMark:
        handle_imark(w, st);
        break;
    case Ist_WrTmp: {
        IRExpr *data = st->Ist.WrTmp.data;
        if (cache && data->tag == Iex_Load)
            add_dr(w, sizeofIRType(data->Iex.Load.ty), data->Iex.Load.addr);
        break;
    }
    case Ist_Store:
        if (cache)
            add_dw(w, sizeofIRType(typeOfIRExpr(env_in, st->Ist.Store.data)), st->Ist.Store.addr);
        break;
    case Ist_StoreG: {
        IRStoreG *sg = st->Ist.StoreG.details;
        if (cache)
            add_guarded(w, True, sizeofIRType(typeOfIRExpr(env_in, sg->data)), sg->addr, sg->guard);
        break;
    }
    case Ist_LoadG: {
        IRLoadG *lg = st->Ist.LoadG.details;
        IRType loaded = Ity_INVALID, widened = Ity_INVALID;
        typeOfIRLoadGOp(lg->cvt, &widened, &loaded);
        if (cache) add_guarded(w, False, sizeofIRType(loaded), lg->addr, lg->guard);
        break;
    }
    case Ist_Dirty: {
        IRDirty *d = st->Ist.Dirty.details;
        w->sp_written |= cg_stack_on() && cg_stack_writes_sp(env_in, st, w->layout);
        if (d->mFx == Ifx_None) break;
        tl_assert(d->mAddr != NULL && d->mSize != 0);
        if (!cache) break;
        Int size = clamp_to_line(d->mSize);
        if (d->mFx == Ifx_Read || d->mFx == Ifx_Modify) add_dr(w, size, d->mAddr);
        if (d->mFx == Ifx_Write || d->mFx == Ifx_Modify) add_dw(w, size, d->mAddr);
        break;
    }
    case Ist_CAS: {
        IRCAS *cas = st->Ist.CAS.details;
        Int size = sizeofIRType(typeOfIRExpr(env_in, cas->dataLo));
        if (cas->dataHi) size *= 2; /* double CAS, e.g. cmpxchg16b */
        if (!cache) break;
        size = clamp_to_line(size);
        add_dr(w, size, cas->addr);
        add_dw(w, size, cas->addr);
        break;
    }
    case Ist_LLSC:
        if (st->Ist.LLSC.storedata == NULL) {
            if (cache)
                add_dr(w, sizeofIRType(typeOfIRTemp(env_in, st->Ist.LLSC.result)),
                       st->Ist.LLSC.addr);
            flush(w);
        } else if (cache) {
            add_dw(w, sizeofIRType(typeOfIRExpr(env_in, st->Ist.LLSC.storedata)),
                   st->Ist.LLSC.addr);
        }
        break;
    case Ist_Exit: {
        IRJumpKind jk = st->Ist.Exit.jk;
        if (cg.clo.branch_sim && (jk == Ijk_Boring || jk == Ijk_Call || jk == Ijk_Ret))
            add_bc(w, st);
        flush(w);
        if (cg_stack_on() && jk != Ijk_Call && const_value(st->Ist.Exit.dst) == w->prev_end)
            cg_stack_emit_fall(w->e.out, w->prev_end, st->Ist.Exit.guard);
        if (w->sp_written)
            cg_stack_emit_check(w->e.out, w->layout, w->word, st->Ist.Exit.guard, NULL, False, 0);
        break;
    }
    default:
        ppIRStmt(st);
        tl_assert(0);
    }
}

/* The instructions of a superblock, and upper bounds on its flushes and
 * queued events, so the record (whose counters the generated code
 * addresses directly) is sized once.  The stretch between two flush points
 * holds at most `pending` events, which make at most
 * ceil(pending / CG_QUEUE_SIZE) flush groups; a cruder bound made records a
 * tenth larger on code-heavy programs. */
static void bounds(const IRSB *sb, UInt *n_instrs, UInt *max_groups, UInt *max_events)
{
    UInt instrs = 0, groups = 0, events = 0, pending = 0;
    Addr prev_end = 0;
    for (Int i = 0; i <= sb->stmts_used; i++) {
        /* i == stmts_used: the end of the block, with its indirect branch. */
        const IRStmt *st = i < sb->stmts_used ? sb->stmts[i] : NULL;
        Bool flushes = st == NULL;
        switch (st ? st->tag : Ist_Exit) {
        case Ist_IMark:
            /* An entry here (a jump VEX followed) splits a flush group. */
            if (cg_stack_on() && instrs > 0 && st->Ist.IMark.addr != prev_end) groups++;
            prev_end = st->Ist.IMark.addr + st->Ist.IMark.len;
            instrs++;
            pending++;
            break;
        case Ist_Store:
            pending++;
            break;
        case Ist_WrTmp:
            pending += st->Ist.WrTmp.data->tag == Iex_Load;
            break;
        case Ist_Dirty:
        case Ist_CAS:
            pending += 2;
            break;
        case Ist_Exit:
        case Ist_LLSC:
            pending++;
            flushes = True;
            break;
        case Ist_StoreG:
        case Ist_LoadG: /* flushes before its access, which no group holds */
            flushes = True;
            break;
        default:
            break;
        }
        if (flushes) {
            groups += (pending + CG_QUEUE_SIZE - 1) / CG_QUEUE_SIZE;
            events += pending;
            pending = 0;
        }
    }
    *n_instrs = instrs;
    *max_groups = groups;
    *max_events = events;
}

/* Whether a superblock that ends by going to `next` (or a side exit to it)
 * falls through: `next` is right after its last instruction, which does not
 * call. */
static Bool falls_to(IRJumpKind jk, const IRExpr *next, Addr end)
{
    return jk != Ijk_Call && next->tag == Iex_Const && const_value(next->Iex.Const.con) == end;
}

/* A superblock that is not instrumented (between a STOP and a START
 * request) still opens and closes regions and activations, so that they
 * are right when counting starts again: `sb` itself when no activations
 * are followed, else a copy with their IR. */
static IRSB *track_only(IRSB *sb, Addr addr, const VexGuestLayout *layout, IRType word)
{
    if (!cg_stack_on()) return sb;
    IRSB *out = deepCopyIRSBExceptStmts(sb);
    Int i = 0;
    for (; i < sb->stmts_used && (!sb->stmts[i] || sb->stmts[i]->tag != Ist_IMark); i++)
        if (sb->stmts[i]) addStmtToIRSB(out, sb->stmts[i]);
    cg_stack_prologue(out, addr, layout, word);
    Addr prev_end = 0;
    Bool first = True, sp_written = False;
    for (; i < sb->stmts_used; i++) {
        IRStmt *st = sb->stmts[i];
        if (!st) continue;
        if (st->tag == Ist_IMark) {
            Addr a = st->Ist.IMark.addr;
            struct CgFn *fn = !first && a != prev_end ? cg_stack_entry_at(a) : NULL;
            if (fn) cg_stack_emit_enter(out, cg_stack_entry_sp(out, sb, i, layout, word), fn);
            prev_end = a + st->Ist.IMark.len;
            first = False;
        } else if (st->tag == Ist_Exit) {
            if (st->Ist.Exit.jk != Ijk_Call && const_value(st->Ist.Exit.dst) == prev_end)
                cg_stack_emit_fall(out, prev_end, st->Ist.Exit.guard);
            if (sp_written)
                cg_stack_emit_check(out, layout, word, st->Ist.Exit.guard, NULL, False, 0);
        } else {
            sp_written |= cg_stack_writes_sp(sb->tyenv, st, layout);
        }
        addStmtToIRSB(out, st);
    }
    if (!first && falls_to(sb->jumpkind, sb->next, prev_end))
        cg_stack_emit_fall(out, prev_end, NULL);
    if (sp_written) cg_stack_emit_check(out, layout, word, NULL, NULL, False, 0);
    return out;
}

IRSB *cg_instrument(VgCallbackClosure *closure, IRSB *sb_in, const VexGuestLayout *layout,
                    const VexGuestExtents *vge, const VexArchInfo *archinfo, IRType gWordTy,
                    IRType hWordTy)
{
    (void)archinfo; /* the walk does not need it */
    if (gWordTy != hWordTy) VG_(tool_panic)("host/guest word size mismatch");
    /* Whether counted or not, the code sees the chosen CPU and randomness. */
    cg_repeat_rewrite(sb_in);
    if (!cg.instr_enabled)
        return cg.clo.as_callgrind ? sb_in : track_only(sb_in, closure->readdr, layout, gWordTy);

    UInt n_instrs, max_groups, max_events;
    bounds(sb_in, &n_instrs, &max_groups, &max_events);
    /* What keeps the running totals' halves from carrying (cg_run.c). */
    tl_assert(max_events <= CG_RUN_SB_EVENTS);
    Addr addr = closure->readdr;
    cg_lines_prefer(addr);
    SBInfo *sbi = cg_record_new(addr, vge->len[0], n_instrs, max_groups, max_events);

    Walk w = {.e = {.out = deepCopyIRSBExceptStmts(sb_in)},
              .sbi = sbi,
              .in = sb_in,
              .layout = layout,
              .word = gWordTy};
    w.hot = cg_tiers_hot(addr);
    w.count_stats = cg_tiers_new_translation(addr);
    IRSB *out = w.e.out;
    /* Room for the block and its counting at once, instead of
     * addStmtToIRSB doubling the array five or six times (docs/tool.md,
     * "Code-heavy programs (cc1, pystd)").  A size hint only: the hot
     * tier's longer code still grows the array as needed. */
    out->stmts_size = sb_in->stmts_used + 8 * max_groups + 16;
    out->stmts = LibVEX_Alloc(out->stmts_size * sizeof(IRStmt *));
    Int i = 0;
    /* The preamble (e.g. the self-modifying-code check) carries no events. */
    for (; i < sb_in->stmts_used && sb_in->stmts[i]->tag != Ist_IMark; i++)
        addStmtToIRSB(out, sb_in->stmts[i]);
    cg_stack_prologue(out, addr, layout, gWordTy);
    cg_threads_emit_ran(out, sbi);
    if (cg_skip_on() && cg_skip_at(addr)) cg_skip_emit(out, sbi);
    for (; i < sb_in->stmts_used; i++) {
        IRStmt *st = sb_in->stmts[i];
        if (!st) continue;
        /* Flat, as VEX gives it (it checks the output again). */
        w.at = i;
        handle_stmt(&w, st, sb_in->tyenv);
        addStmtToIRSB(out, st);
    }

    /* An indirect jump or call at the end (returns are taken as perfectly
     * predicted). */
    if (cg.clo.branch_sim && w.n_seen > 0 &&
        (sb_in->jumpkind == Ijk_Boring || sb_in->jumpkind == Ijk_Call) &&
        sb_in->next->tag == Iex_RdTmp)
        enqueue(&w, Ev_Bi, 0, NULL, sb_in->next);
    flush(&w);
    if (cg_stack_on() && w.n_seen > 0 && falls_to(sb_in->jumpkind, sb_in->next, w.prev_end))
        cg_stack_emit_fall(out, w.prev_end, NULL);
    if (w.sp_written)
        cg_stack_emit_check(out, layout, gWordTy, NULL, sbi, w.hot != NULL,
                            sb_in->jumpkind == Ijk_Ret ? w.prev_end - 1 : 0);
    if (cg.clo.as_callgrind &&
        (sb_in->jumpkind == Ijk_ClientReq || sb_in->jumpkind == Ijk_Sys_syscall) &&
        sb_in->next->tag == Iex_Const)
        cg_clients_emit_request_block(out, sbi, const_value(sb_in->next->Iex.Const.con));
    tl_assert(w.n_seen == n_instrs);
    return out;
}
