/* cg_instrument.c: the VEX-IR pass that turns each superblock's instructions
 * and memory accesses into events, and the per-superblock records behind them.
 *
 * Events are queued in IR order and emitted at flush points exactly where
 * upstream Cachegrind emits them (spec section 4), because a fault in the
 * middle of a block loses whatever is still queued.
 *
 * Counting: every flush point bumps one inline counter (a "flush group"), and
 * when the superblock is discarded, or at exit, the group's executions are
 * added to the Ir/Dr/Dw/Bc/Bi counters of the events it carried.  Each event
 * of a flush executes exactly as often as the flush does, so this is exact,
 * and without simulation no helper is called at all.
 *
 * Simulation: helpers only count misses and mispredictions, and the common
 * cache hit never calls one.  A hit in the most-recently-used way of a set
 * changes no state, so generated code tests that way inline and calls the
 * helper only when it does not hold; an instruction fetched from the line the
 * previous instruction of the superblock ended in is such a hit by
 * construction and needs no code at all.  Where the cold tier saw an event
 * hit way 1 often, its hot code settles that case inline too (way-1 sites). */
#include "cg_tool.h"
#include "branch.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_oset.h"
#include "pub_tool_transtab.h"

ULong cg_stat_nox, cg_stat_gen;

/* ------------------------------------------------------------------ */
/* Superblock records                                                  */
/* ------------------------------------------------------------------ */

static OSet *sb_table;
static void bury_the_dead(void);

/* Superblocks that ran often enough to be translated again with inline fast
 * paths, and those waiting for that to happen.  Each also says which of its
 * events hit way 1 of an L1 set often while cold ("way-1 sites"). */
typedef struct {
    Addr addr;     /* key: the superblock's guest start address */
    UInt n_events; /* bits in way1_sites */
    UChar way1_sites[0];
} HotBlock;
static OSet *hot_table;
/* Superblocks discarded by a tier change: their next translation would not
 * exist upstream, so it is left out of the --stats counts. */
static OSet *retier_table;
static Bool changing_tiers;
typedef struct {
    Addr base;
    SizeT len;
    HotBlock *hot;
} PendingRange;
static PendingRange *pending;
static UInt n_pending, max_pending;

static Word cmp_addr(const void *key, const void *elem)
{
    Addr a = *(const Addr *)key, b = ((const SBInfo *)elem)->addr;
    return a < b ? -1 : a > b ? 1 : 0;
}

static Word cmp_hot_addr(const void *key, const void *elem)
{
    Addr a = *(const Addr *)key, b = ((const HotBlock *)elem)->addr;
    return a < b ? -1 : a > b ? 1 : 0;
}

void cg_instrument_init(void)
{
    sb_table =
        VG_(OSetGen_Create)(offsetof(SBInfo, addr), cmp_addr, VG_(malloc), "cg.sbinfo", VG_(free));
    hot_table = VG_(OSetGen_Create)(offsetof(HotBlock, addr), cmp_hot_addr, VG_(malloc), "cg.hot",
                                    VG_(free));
    retier_table = VG_(OSetWord_Create)(VG_(malloc), "cg.retier", VG_(free));
}

/* ------------------------------------------------------------------ */
/* Way-1 sites                                                         */
/* ------------------------------------------------------------------ */

/* Two lines that take turns in one L1 set make every reference a hit in
 * way 1, which swaps ways 0 and 1, so the inline way-0 test fails every
 * time and calls the helper.  Testing way 1 inline everywhere costs more
 * than those calls (most references hit way 0), but the cold tier sees
 * which events do this before their superblock turns hot; only those get
 * the inline swap (settle_way1).  The choice affects speed, never counts.
 *
 * An event is a way-1 site when at least 1 / WAY1_SHARE of its cold
 * executions hit way 1 of its L1 set, and at least WAY1_MIN did: its hot
 * code then pays a second load and two stores on every execution instead
 * of a helper call on each of those hits.  Sites are numbered by their
 * index in the record's counted[], which the hot translation of the same
 * code reproduces. */
#define WAY1_SHARE 4
#define WAY1_MIN   16

static HotBlock *hot_block_for(const SBInfo *sbi)
{
    HotBlock *hb = VG_(OSetGen_AllocNode)(hot_table, sizeof(HotBlock) + (sbi->n_counted + 7) / 8);
    hb->addr = sbi->addr;
    hb->n_events = sbi->n_counted;
    VG_(memset)(hb->way1_sites, 0, (sbi->n_counted + 7) / 8);
    for (UInt g = 0; g < sbi->n_groups; g++) {
        const FlushGroup *grp = &sbi->groups[g];
        for (UInt i = grp->first; i < (UInt)grp->first + grp->count; i++) {
            UInt w1 = sbi->counted[i].way1;
            if (w1 >= WAY1_MIN && (ULong)w1 * WAY1_SHARE >= grp->execs)
                hb->way1_sites[i / 8] |= 1 << (i % 8);
        }
    }
    return hb;
}

static Bool is_way1_site(const HotBlock *hb, UInt i)
{
    return hb && i < hb->n_events && (hb->way1_sites[i / 8] >> (i % 8)) & 1;
}

/* ------------------------------------------------------------------ */
/* Two tiers                                                           */
/* ------------------------------------------------------------------ */

/* A superblock is first translated "cold": each flush that has simulation
 * work makes one call to cg_helper_group, which replays the flush's events
 * in C.  That is little IR, so translation stays as cheap as upstream's.
 * A superblock whose flush runs HOT_THRESHOLD times is queued; at the next
 * point where no client code runs its translation is discarded, and it is
 * made again "hot", with the inline fast paths below.  Both tiers do the
 * same simulator work in the same order, so counts never depend on when a
 * block changed tier. */
void cg_queue_for_hot(SBInfo *sbi)
{
    if (sbi->queued) return;
    sbi->queued = True;
    if (n_pending == max_pending) {
        max_pending = max_pending ? 2 * max_pending : 64;
        PendingRange *p = VG_(malloc)("cg.pending", max_pending * sizeof *p);
        for (UInt i = 0; i < n_pending; i++) p[i] = pending[i];
        if (pending) VG_(free)(pending);
        pending = p;
    }
    pending[n_pending].base = sbi->addr;
    pending[n_pending].len = sbi->extent0_len;
    pending[n_pending].hot = hot_block_for(sbi);
    n_pending++;
}

/* VG_(ok_to_discard_translations) is declared in cg_compat.h. */

/* Called by the core whenever a thread is about to run client code: no
 * translation is executing and no chaining request is outstanding, so
 * discarding is safe, and the translations discarded before the previous
 * call cannot run any more. */
void cg_between_blocks(ThreadId tid, ULong blocks_dispatched)
{
    bury_the_dead();
    if (n_pending == 0) return;
    Bool was_ok = VG_(ok_to_discard_translations);
    VG_(ok_to_discard_translations) = True;
    changing_tiers = True;
    for (UInt i = 0; i < n_pending; i++) {
        HotBlock *old = VG_(OSetGen_Remove)(hot_table, &pending[i].base);
        if (old) VG_(OSetGen_FreeNode)(hot_table, old);
        VG_(OSetGen_Insert)(hot_table, pending[i].hot);
        VG_(discard_translations_safely)(pending[i].base, pending[i].len, "cachegrind");
    }
    VG_(ok_to_discard_translations) = was_ok;
    changing_tiers = False;
    n_pending = 0;
}

/* As upstream counts them: superblocks discarded only to change tier are
 * still live there. */
UInt cg_live_superblocks(void)
{
    return VG_(OSetGen_Size)(sb_table) + VG_(OSetWord_Size)(retier_table);
}

static void fold_counts(SBInfo *sbi)
{
    for (UInt g = 0; g < sbi->n_groups; g++) {
        FlushGroup *grp = &sbi->groups[g];
        if (grp->execs == 0) continue;
        for (UInt i = grp->first; i < (UInt)grp->first + grp->count; i++) {
            const CountedEvent *ce = &sbi->counted[i];
            sbi->instrs[ce->instr].cc->ev[ce->ev] += grp->execs;
        }
        grp->execs = 0;
    }
}

/* Records of discarded translations.  A translation can still run once
 * after its discard (the scheduler may already hold its code address), and
 * its generated code writes into its record, so records are kept until the
 * next point where no client code runs, and their counts folded then. */
static SBInfo *graveyard;

static void bury_the_dead(void)
{
    while (graveyard) {
        SBInfo *sbi = graveyard;
        graveyard = sbi->next_dead;
        fold_counts(sbi);
        VG_(OSetGen_FreeNode)(sb_table, sbi);
    }
}

void cg_fold_all_counts(void)
{
    SBInfo *sbi;
    VG_(OSetGen_ResetIter)(sb_table);
    while ((sbi = VG_(OSetGen_Next)(sb_table))) fold_counts(sbi);
    for (sbi = graveyard; sbi; sbi = sbi->next_dead) fold_counts(sbi);
}

void cg_discard_sb(Addr orig_addr, VexGuestExtents vge)
{
    /* Records are keyed by the first extent's address, which is what the
     * instrumenter saw as the block's start. */
    SBInfo *sbi = VG_(OSetGen_Remove)(sb_table, &vge.base[0]);
    if (!sbi) return; /* made while instrumentation was off */
    if (changing_tiers && !VG_(OSetWord_Contains)(retier_table, sbi->addr))
        VG_(OSetWord_Insert)(retier_table, sbi->addr);
    sbi->next_dead = graveyard;
    graveyard = sbi;
}

/* ------------------------------------------------------------------ */
/* The event queue                                                     */
/* ------------------------------------------------------------------ */

typedef enum { Ev_Ir, Ev_Dr, Ev_Dw, Ev_Dm, Ev_Bc, Ev_Bi } EventTag;

typedef struct {
    EventTag tag;
    UInt instr;        /* index into the record's instrs[] */
    Int size;          /* Dr, Dw, Dm */
    IRExpr *addr;      /* Dr, Dw, Dm */
    IRExpr *arg;       /* Bc: taken as a 0/1 word; Bi: the target */
    Bool same_i1_line; /* Ir: wholly in the I1 line the previous fetch ended in */
} Event;

#define QUEUE_SIZE 16

typedef struct {
    IRSB *out;
    SBInfo *sbi;
    UInt cur;    /* index of the current instruction, valid once n_seen > 0 */
    UInt n_seen; /* IMarks processed so far */
    Event q[QUEUE_SIZE];
    Int nq;
    Bool hot;                  /* inline fast paths (see "Two tiers") */
    const HotBlock *hot_block; /* its way-1 sites, when hot */
    Bool count_stats; /* false when only the tier changes: upstream has no such translation */
    /* The I1 block the previous instruction's fetch ended in, which is the
     * most recently used way of its set when the next fetch is simulated. */
    Bool have_last_i1;
    ULong last_i1_block;
    /* The previous D1 access of the superblock, if nothing has touched D1
     * since (a guarded access may have). */
    Bool have_last_d;
    IRExpr *last_d_addr;
    Int last_d_size;
} Walk;

static IRExpr *hword(HWord h)
{
    return mkIRExpr_HWord(h);
}

static void emit_helper(Walk *w, const HChar *name, void *fn, IRExpr **args, Int nargs,
                        IRExpr *guard)
{
    IRDirty *di = unsafeIRDirty_0_N(nargs, name, VG_(fnptr_to_fnentry)(fn), args);
    if (guard) di->guard = guard;
    addStmtToIRSB(w->out, IRStmt_Dirty(di));
}

/* `*counter += 1`, inline. */
static void emit_increment(Walk *w, ULong *counter)
{
    IRTypeEnv *env = w->out->tyenv;
    IRTemp old = newIRTemp(env, Ity_I64), new = newIRTemp(env, Ity_I64);
    addStmtToIRSB(w->out, IRStmt_WrTmp(old, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)counter))));
    addStmtToIRSB(w->out, IRStmt_WrTmp(new, IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(old),
                                                         IRExpr_Const(IRConst_U64(1)))));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)counter), IRExpr_RdTmp(new)));
}

/* The inline data and branch code computes on 64-bit guest words; a 32-bit
 * platform (x86, later) calls the helpers for those events instead. */
#define INLINE_WORD_OPS (sizeof(HWord) == 8)

static IRExpr *mkconst64(ULong v)
{
    return IRExpr_Const(IRConst_U64(v));
}

static IRExpr *bind(Walk *w, IRType ty, IRExpr *e)
{
    IRTemp t = newIRTemp(w->out->tyenv, ty);
    addStmtToIRSB(w->out, IRStmt_WrTmp(t, e));
    return IRExpr_RdTmp(t);
}

/* Way 0 of the set of the constant block `b` (its most recently used block). */
static IRExpr *way0_of(Walk *w, const Cache *c, ULong b)
{
    return bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)cache_set(c, b))));
}

/* Inline code for a way-1 site: ways 0 and 1 of the set at `set` (an I64
 * address) are loaded; a hit in way 1 swaps them, as the helper would, and
 * anything else writes them back unchanged.  The stores are unconditional
 * because VEX has no cheap conditional store: the swap is an XOR with the
 * two tags' difference masked by "way 1 hit".  Returns the guard of the
 * helper call: neither way holds `block`.  (A block that spans two lines
 * can be in neither: its first block belongs to another set.) */
static IRExpr *settle_way1(Walk *w, IRExpr *set, IRExpr *block)
{
    IRExpr *set1 = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, set, mkconst64(8)));
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
static void emit_fetch(Walk *w, InstrInfo *ii, Bool same_i1_line, Bool way1_site)
{
    if (same_i1_line) return;
    const Cache *i1 = cg_cache(CG_I1);
    ULong b1 = ii->addr >> i1->line_bits, b2 = (ii->addr + ii->len - 1) >> i1->line_bits;
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
    emit_helper(w, "cg_helper_ir", cg_helper_ir, mkIRExprVec_1(hword((HWord)ii)), 1, guard);
}

static IRExpr *binop(Walk *w, IROp op, IRExpr *a, IRExpr *b)
{
    return bind(w, Ity_I64, IRExpr_Binop(op, a, b));
}

static IRExpr *shift_const(Walk *w, IRExpr *x, Int by)
{
    if (by == 0) return x;
    if (by > 0) return binop(w, Iop_Shr64, x, IRExpr_Const(IRConst_U8(by)));
    return binop(w, Iop_Shl64, x, IRExpr_Const(IRConst_U8(-by)));
}

/* The byte offset, within c->tags, of way 0 of the set that holds the block
 * of address x.  With a power-of-two associativity this is one shift and
 * one mask (none of the first when line size == 8 * associativity). */
static IRExpr *way0_offset(Walk *w, const Cache *c, IRExpr *x)
{
    Int s = VG_(log2)(c->assoc * sizeof(uint64_t));
    if (s >= 0)
        return binop(w, Iop_And64, shift_const(w, x, (Int)c->line_bits - s),
                     mkconst64(c->set_mask << s));
    IRExpr *set = binop(w, Iop_And64, shift_const(w, x, c->line_bits), mkconst64(c->set_mask));
    return binop(w, Iop_Mul64, set, mkconst64(c->assoc * sizeof(uint64_t)));
}

/* A call of the data helper for one access, under `guard` (NULL: always). */
static void emit_data_helper(Walk *w, InstrInfo *ii, Bool is_write, Int size, IRExpr *addr,
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
static void emit_data(Walk *w, InstrInfo *ii, Bool is_write, Int size, IRExpr *addr, Bool way1_site)
{
    const Cache *d1 = cg_cache(CG_D1);

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
static void emit_add(Walk *w, ULong *counter, IRExpr *delta)
{
    IRExpr *old = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)counter)));
    IRExpr *sum = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, old, delta));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)counter), sum));
}

/* The conditional predictor of spec 6.1, inline: the branch address is a
 * constant, so only the history part of the counter index is computed, and
 * the saturating update is a lookup in the predictor's transition table. */
static void emit_cond_branch(Walk *w, InstrInfo *ii, IRExpr *taken)
{
    CondPredictor *p = cg_cond_predictor();
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
    emit_add(w, &ii->cc->ev[EV_Bcm], miss);

    IRExpr *h1 = bind(w, Ity_I64, IRExpr_Binop(Iop_Shl64, h, IRExpr_Const(IRConst_U8(1))));
    IRExpr *h2 = bind(w, Ity_I64, IRExpr_Binop(Iop_Or64, h1, taken));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)&p->history), h2));

    IRExpr *c2 = bind(w, Ity_I64, IRExpr_Binop(Iop_Shl64, c, IRExpr_Const(IRConst_U8(1))));
    IRExpr *ti = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, taken, c2));
    IRExpr *pn = bind(w, Ity_I64, IRExpr_Binop(Iop_Add64, ti, mkconst64((HWord)cond_next_state)));
    IRExpr *n8 = bind(w, Ity_I8, IRExpr_Load(Iend_LE, Ity_I8, pn));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, pc, n8));
}

/* The indirect predictor of spec 6.2, inline: the table slot is a constant. */
static void emit_indirect_branch(Walk *w, InstrInfo *ii, IRExpr *target)
{
    IndPredictor *p = cg_ind_predictor();
    uint64_t *slot = &p->targets[(ii->addr >> BRANCH_LO) & (IND_ENTRIES - 1)];
    IRExpr *old = bind(w, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, hword((HWord)slot)));
    IRExpr *ne = bind(w, Ity_I1, IRExpr_Binop(Iop_CmpNE64, old, target));
    emit_add(w, &ii->cc->ev[EV_Bim], bind(w, Ity_I64, IRExpr_Unop(Iop_1Uto64, ne)));
    addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)slot), target));
}

static void emit_event(Walk *w, const Event *ev, Bool way1_site)
{
    InstrInfo *ii = &w->sbi->instrs[ev->instr];
    switch (ev->tag) {
    case Ev_Ir:
        if (cg_clo.cache_sim) emit_fetch(w, ii, ev->same_i1_line, way1_site);
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
static Bool needs_simulation(const Walk *w, const Event *ev)
{
    switch (ev->tag) {
    case Ev_Ir:
        return cg_clo.cache_sim && !ev->same_i1_line;
    default:
        return True; /* data and branch events exist only when simulated */
    }
}

static void flush(Walk *w)
{
    if (w->nq == 0) return;

    SBInfo *sbi = w->sbi;
    tl_assert(sbi->n_groups < sbi->max_groups);
    tl_assert(sbi->n_counted + w->nq <= sbi->max_counted);
    FlushGroup *grp = &sbi->groups[sbi->n_groups++];
    grp->execs = 0;
    grp->first = sbi->n_counted;
    grp->count = w->nq;
    Bool any_work = False;
    for (Int i = 0; i < w->nq; i++) {
        const Event *ev = &w->q[i];
        CountedEvent *ce = &sbi->counted[sbi->n_counted++];
        ce->instr = ev->instr;
        ce->ev = counted_kind(ev->tag);
        ce->simulate = needs_simulation(w, ev);
        ce->size = ev->size;
        ce->way1 = 0;
        any_work |= ce->simulate;
    }

    if (w->hot || !any_work) {
        emit_increment(w, &grp->execs);
        if (w->hot)
            for (Int i = 0; i < w->nq; i++)
                emit_event(w, &w->q[i], is_way1_site(w->hot_block, grp->first + i));
    } else {
        /* The values only known at run time go to the scratch slots, in
         * event order; the helper counts the execution itself. */
        Int slot = 0;
        for (Int i = 0; i < w->nq; i++) {
            const Event *ev = &w->q[i];
            IRExpr *v = ev->tag == Ev_Dr || ev->tag == Ev_Dm || ev->tag == Ev_Dw ? ev->addr
                        : ev->tag == Ev_Ir                                       ? NULL
                                                                                 : ev->arg;
            if (v)
                addStmtToIRSB(w->out, IRStmt_Store(Iend_LE, hword((HWord)&cg_scratch[slot++]), v));
        }
        emit_helper(w, "cg_helper_group", cg_helper_group,
                    mkIRExprVec_2(hword((HWord)sbi), hword((HWord)grp)), 2, NULL);
    }
    w->nq = 0;
}

static void enqueue(Walk *w, EventTag tag, Int size, IRExpr *addr, IRExpr *arg)
{
    if (w->nq == QUEUE_SIZE) flush(w);
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
    Addr last = ii->addr + ii->len - 1;
    if (!w->count_stats) {
    } else if (cg_i1_line_bits == cg_ll_line_bits &&
               (ii->addr >> cg_i1_line_bits) == (last >> cg_i1_line_bits)) {
        cg_stat_nox++;
    } else {
        cg_stat_gen++;
    }
    enqueue(w, Ev_Ir, 0, NULL, NULL);

    /* Instructions of a superblock run back to back with no other fetch in
     * between, so after a fetch the line it ended in is the most recently
     * used way of its set: a fetch wholly inside that line changes nothing. */
    if (!cg_clo.cache_sim) return;
    ULong b1 = ii->addr >> cg_i1_line_bits, b2 = last >> cg_i1_line_bits;
    w->q[w->nq - 1].same_i1_line = w->have_last_i1 && b1 == b2 && b1 == w->last_i1_block;
    w->have_last_i1 = True;
    w->last_i1_block = b2;
}

static void add_dr(Walk *w, Int size, IRExpr *addr)
{
    tl_assert(isIRAtom(addr));
    tl_assert(size >= 1 && size <= cg_min_line_size);
    enqueue(w, Ev_Dr, size, addr, NULL);
}

static void add_dw(Walk *w, Int size, IRExpr *addr)
{
    tl_assert(isIRAtom(addr));
    tl_assert(size >= 1 && size <= cg_min_line_size);
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
    tl_assert(size >= 1 && size <= cg_min_line_size);
    flush(w);
    w->have_last_d = False;
    InstrInfo *ii = &w->sbi->instrs[w->cur];
    IRExpr **args = mkIRExprVec_3(hword((HWord)ii), addr, hword(size));
    /* Not part of any flush group: the helper counts the access itself. */
    if (is_write)
        emit_helper(w, "cg_helper_guarded_dw", cg_helper_guarded_dw, args, 3, guard);
    else
        emit_helper(w, "cg_helper_guarded_dr", cg_helper_guarded_dr, args, 3, guard);
}

static Int clamp_to_line(Int size)
{
    return size > cg_min_line_size ? cg_min_line_size : size;
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
    ULong next_addr = ii->addr + ii->len;
    Bool inverted = const_value(st->Ist.Exit.dst) == next_addr;
    IRTypeEnv *env = w->out->tyenv;
    IRType wty = sizeof(HWord) == 8 ? Ity_I64 : Ity_I32;

    IRTemp wide = newIRTemp(env, wty);
    addStmtToIRSB(w->out, IRStmt_WrTmp(wide, IRExpr_Unop(wty == Ity_I64 ? Iop_1Uto64 : Iop_1Uto32,
                                                         st->Ist.Exit.guard)));
    IRTemp taken = wide;
    if (inverted) {
        taken = newIRTemp(env, wty);
        IRExpr *one = wty == Ity_I64 ? IRExpr_Const(IRConst_U64(1)) : IRExpr_Const(IRConst_U32(1));
        addStmtToIRSB(w->out,
                      IRStmt_WrTmp(taken, IRExpr_Binop(wty == Ity_I64 ? Iop_Xor64 : Iop_Xor32,
                                                       IRExpr_RdTmp(wide), one)));
    }
    enqueue(w, Ev_Bc, 0, NULL, IRExpr_RdTmp(taken));
}

static void handle_imark(Walk *w, IRStmt *st)
{
    Addr addr = st->Ist.IMark.addr;
    Int len = st->Ist.IMark.len;
    if (len == 0) len = VG_MIN_INSTR_SZB; /* VEX could not decode it */
    tl_assert((len >= VG_MIN_INSTR_SZB && len <= VG_MAX_INSTR_SZB) || len == VG_CLREQ_SZB);
    tl_assert(w->n_seen < w->sbi->n_instrs);

    w->cur = w->n_seen++;
    InstrInfo *ii = &w->sbi->instrs[w->cur];
    ii->addr = addr;
    ii->len = len;
    ii->cc = cg_lines_get(addr, w->count_stats ? &cg_lookup_stats : NULL);
    add_ir(w);
}

static void handle_stmt(Walk *w, IRStmt *st, IRTypeEnv *env_in)
{
    Bool cache = cg_clo.cache_sim;
    switch (st->tag) {
    case Ist_NoOp:
    case Ist_AbiHint:
    case Ist_Put:
    case Ist_PutI:
    case Ist_MBE:
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
        if (cg_clo.branch_sim && (jk == Ijk_Boring || jk == Ijk_Call || jk == Ijk_Ret))
            add_bc(w, st);
        flush(w);
        break;
    }
    default:
        ppIRStmt(st);
        tl_assert(0);
    }
}

/* Upper bounds on the flushes and queued events of a superblock, so the
 * record (whose counters the generated code addresses directly) is sized
 * once. */
static void bounds(const IRSB *sb, UInt n_instrs, UInt *max_groups, UInt *max_events)
{
    UInt breaks = 1, events = n_instrs + 1;
    for (Int i = 0; i < sb->stmts_used; i++) {
        const IRStmt *st = sb->stmts[i];
        switch (st->tag) {
        case Ist_Exit:
            breaks++;
            events++;
            break;
        case Ist_StoreG:
        case Ist_LoadG:
        case Ist_LLSC:
            breaks++;
            events++;
            break;
        case Ist_Store:
            events++;
            break;
        case Ist_WrTmp:
            events += st->Ist.WrTmp.data->tag == Iex_Load;
            break;
        case Ist_Dirty:
        case Ist_CAS:
            events += 2;
            break;
        default:
            break;
        }
    }
    *max_groups = breaks + events / QUEUE_SIZE + 1;
    *max_events = events;
}

IRSB *cg_instrument(VgCallbackClosure *closure, IRSB *sb_in, const VexGuestLayout *layout,
                    const VexGuestExtents *vge, const VexArchInfo *archinfo, IRType gWordTy,
                    IRType hWordTy)
{
    if (gWordTy != hWordTy) VG_(tool_panic)("host/guest word size mismatch");
    if (!cg_instr_enabled) return sb_in;

    UInt n_instrs = 0;
    for (Int i = 0; i < sb_in->stmts_used; i++) n_instrs += sb_in->stmts[i]->tag == Ist_IMark;

    UInt max_groups, max_events;
    bounds(sb_in, n_instrs, &max_groups, &max_events);
    SizeT size = sizeof(SBInfo) + n_instrs * sizeof(InstrInfo);
    size = (size + 7) & ~(SizeT)7;
    SizeT groups_size = max_groups * sizeof(FlushGroup);
    SBInfo *sbi =
        VG_(OSetGen_AllocNode)(sb_table, size + groups_size + max_events * sizeof(CountedEvent));
    sbi->addr = closure->readdr;
    sbi->extent0_len = vge->len[0];
    sbi->queued = False;
    sbi->n_instrs = n_instrs;
    sbi->n_groups = 0;
    sbi->max_groups = max_groups;
    sbi->n_counted = 0;
    sbi->max_counted = max_events;
    sbi->groups = (FlushGroup *)((HChar *)sbi + size);
    sbi->counted = (CountedEvent *)((HChar *)sbi->groups + groups_size);

    /* Translations at an address are always discarded before being made
     * again; keep the older counts safe should that ever not hold. */
    SBInfo *old = VG_(OSetGen_Remove)(sb_table, &sbi->addr);
    if (old) {
        fold_counts(old);
        VG_(OSetGen_FreeNode)(sb_table, old);
    }
    VG_(OSetGen_Insert)(sb_table, sbi);

    Walk w = {.out = deepCopyIRSBExceptStmts(sb_in), .sbi = sbi};
    w.hot_block = VG_(OSetGen_Lookup)(hot_table, &sbi->addr);
    w.hot = w.hot_block != NULL;
    w.count_stats = !VG_(OSetWord_Remove)(retier_table, sbi->addr);
    Int i = 0;
    /* The preamble (e.g. the self-modifying-code check) carries no events. */
    for (; i < sb_in->stmts_used && sb_in->stmts[i]->tag != Ist_IMark; i++)
        addStmtToIRSB(w.out, sb_in->stmts[i]);
    for (; i < sb_in->stmts_used; i++) {
        IRStmt *st = sb_in->stmts[i];
        if (!st) continue;
        tl_assert(isFlatIRStmt(st));
        handle_stmt(&w, st, sb_in->tyenv);
        addStmtToIRSB(w.out, st);
    }

    /* An indirect jump or call at the end (returns are taken as perfectly
     * predicted). */
    if (cg_clo.branch_sim && w.n_seen > 0 &&
        (sb_in->jumpkind == Ijk_Boring || sb_in->jumpkind == Ijk_Call) &&
        sb_in->next->tag == Iex_RdTmp)
        enqueue(&w, Ev_Bi, 0, NULL, sb_in->next);
    flush(&w);
    tl_assert(w.n_seen == n_instrs);
    return w.out;
}
