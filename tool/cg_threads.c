/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_threads.c: run as Callgrind with --separate-threads=yes, a profile
 * per thread (docs/tool.md, "Threads apart").
 *
 * Generated code counts into records and lines that every thread shares:
 * counting per thread there would cost each count an indirection through
 * the running thread.  Instead the counts made between two thread switches
 * are the thread's that ran: at every switch (and before a profile is
 * written) they are settled: the records that ran since the last settle
 * are folded into their lines, and those lines' counts move into the
 * thread's own table (CgThread.lines).  Invariant: between two settles the
 * lines hold the counts of cg.stack_tid alone, made since the last settle,
 * all of them on lines of the records that ran since (every count is made
 * by a superblock's code or its helpers, on the superblock's own lines)
 * or on the call sites that skipped code's counts were moved to (cg_skip.c
 * lists those); after a settle every line is 0.  Each superblock's start puts its record
 * on the list of those that ran (cg.ran), once per stretch: an inline
 * compare of two words, so a switch costs what ran since the last one,
 * not what the program has run.  A count made outside generated code (a
 * system call's, counted when the call returns, after other threads may
 * have run) goes straight into its thread's table.  A record that ran and
 * is freed before the next settle (the graveyard) is settled for the
 * running thread first.
 *
 * A thread's profile is written from the lines: its table is loaded into
 * them, the writer runs as it does for one profile of all threads, and the
 * lines go back to 0.  The arcs and call paths need none of this: each one
 * belongs to the thread that made its calls (cg_thread_key()).
 *
 * Callgrind keeps a thread's counts when it exits, and a new thread that
 * gets its ThreadId adds to them: so do these tables. */
#include "cg_threads.h"
#include "cg_skip.h"
#include "cg_records.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_machine.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_threadstate.h"

/* The values an entry holds: the recorded events, and with levels their
 * recursion-level parts after them. */
static UInt width(void)
{
    return cg_levels_on() ? 2 * cg.thread_nev : cg.thread_nev;
}

static UInt slot_hash(const LineCC *cc)
{
    ULong k = (ULong)(Addr)cc * 0x9E3779B97F4A7C15ULL;
    return (UInt)(k >> 32);
}

void cg_threads_init(void)
{
    if (!cg.clo.separate_threads) return;
    cg.thread_nev = cg_lines_recorded(cg.thread_ev);
    cg.thread_gen = 1;
    cg_threads_created(1);
}

void cg_threads_created(ThreadId tid)
{
    if (cg.clo.separate_threads) cg.threads[tid].lines.exists = True;
}

Bool cg_threads_exist(ThreadId tid)
{
    return cg.threads[tid].lines.exists;
}

static void grow(CgThreadLines *t)
{
    UInt cap = t->cap ? 2 * t->cap : 256, w = width();
    tl_assert((cap & (cap - 1)) == 0); /* slot = hash & (cap - 1) */
    LineCC **keys = VG_(calloc)("cg.threads.keys", cap, sizeof *keys);
    ULong *vals = VG_(calloc)("cg.threads.vals", (SizeT)cap * w, sizeof *vals);
    for (UInt i = 0; i < t->cap; i++) {
        if (!t->keys[i]) continue;
        UInt s = slot_hash(t->keys[i]) & (cap - 1);
        while (keys[s]) s = (s + 1) & (cap - 1);
        keys[s] = t->keys[i];
        VG_(memcpy)(vals + (SizeT)s * w, t->vals + (SizeT)i * w, w * sizeof *vals);
    }
    if (t->keys) {
        VG_(free)(t->keys);
        VG_(free)(t->vals);
    }
    t->keys = keys;
    t->vals = vals;
    t->cap = cap;
}

/* The values of `cc` in thread `tid`'s table, made (0) the first time. */
static ULong *entry(ThreadId tid, LineCC *cc)
{
    CgThreadLines *t = &cg.threads[tid].lines;
    if (2 * (t->n + 1) > t->cap) grow(t);
    UInt s = slot_hash(cc) & (t->cap - 1);
    while (t->keys[s] && t->keys[s] != cc) s = (s + 1) & (t->cap - 1);
    if (!t->keys[s]) {
        t->keys[s] = cc;
        t->n++;
    }
    return t->vals + (SizeT)s * width();
}

/* The counts on `cc` move into thread `tid`'s table. */
static void move_line(ThreadId tid, LineCC *cc)
{
    Int nev = cg.thread_nev;
    Bool any = False;
    for (Int e = 0; e < nev && !any; e++) any = cc->ev[cg.thread_ev[e]] != 0;
    if (!any) return;
    /* A level-2 part is a part of its count: 0 where the count is. */
    Bool levels = cg_levels_on();
    ULong *v = entry(tid, cc);
    for (Int e = 0; e < nev; e++) {
        v[e] += cc->ev[cg.thread_ev[e]];
        if (levels) v[nev + e] += cc->rec[cg.thread_ev[e]];
    }
    VG_(memset)(cc->ev, 0, sizeof(ULong) * (SizeT)cg.cc_events);
    if (levels) VG_(memset)(cc->rec, 0, sizeof cc->ev);
}

/* The lines of a record (folded first) move into `tid`'s table; each line
 * once per settle when `mark`, since a line of several records has all
 * their counts once they are all folded. */
static void move_lines(ThreadId tid, SBInfo *sbi, Bool mark)
{
    for (UInt i = 0; i < sbi->n_instrs; i++) {
        LineCC *cc = sbi->instrs[i].cc;
        if (mark && cc->settled == cg.thread_gen) continue;
        if (mark) cc->settled = cg.thread_gen;
        move_line(tid, cc);
    }
}

void cg_threads_ran(SBInfo *sbi)
{
    if (sbi->ran_gen == cg.thread_gen) return;
    sbi->ran_gen = cg.thread_gen;
    sbi->ran_slot = cg.n_ran;
    if (cg.n_ran == cg.max_ran) {
        cg.max_ran = cg.max_ran ? 2 * cg.max_ran : 1024;
        cg.ran = VG_(realloc)("cg.threads.ran", cg.ran, cg.max_ran * sizeof *cg.ran);
    }
    cg.ran[cg.n_ran++] = sbi;
}

static VG_REGPARM(1) void ran_helper(SBInfo *sbi)
{
    cg_threads_ran(sbi);
}

void cg_threads_emit_ran(IRSB *out, SBInfo *sbi)
{
    if (!cg.clo.separate_threads) return;
    IRTemp mine = newIRTemp(out->tyenv, Ity_I32), now = newIRTemp(out->tyenv, Ity_I32);
    IRTemp differ = newIRTemp(out->tyenv, Ity_I1);
    addStmtToIRSB(out, IRStmt_WrTmp(mine, IRExpr_Load(Iend_LE, Ity_I32,
                                                      mkIRExpr_HWord((HWord)&sbi->ran_gen))));
    addStmtToIRSB(out, IRStmt_WrTmp(now, IRExpr_Load(Iend_LE, Ity_I32,
                                                     mkIRExpr_HWord((HWord)&cg.thread_gen))));
    IRDirty *d = unsafeIRDirty_0_N(1, "cg_threads_ran", VG_(fnptr_to_fnentry)(ran_helper),
                                   mkIRExprVec_1(mkIRExpr_HWord((HWord)sbi)));
    addStmtToIRSB(out, IRStmt_WrTmp(differ, IRExpr_Binop(Iop_CmpNE32, IRExpr_RdTmp(mine),
                                                         IRExpr_RdTmp(now))));
    d->guard = IRExpr_RdTmp(differ); /* an atom, as flat IR needs */
    addStmtToIRSB(out, IRStmt_Dirty(d));
}

void cg_threads_settle(ThreadId tid)
{
    if (!cg.clo.separate_threads) return;
    tl_assert(tid != VG_INVALID_THREADID && tid < VG_N_THREADS);
    /* Skipped code's counts go to their call sites first, which a record
     * that did not run may own. */
    cg_skip_settle();
    LineCC **sites;
    UInt n_sites = cg_skip_take_sites(&sites);
    for (UInt i = 0; i < n_sites; i++) move_line(tid, sites[i]);
    /* All folded before any line moves: a line that several records
     * share has its counts from each of them. */
    for (UInt i = 0; i < cg.n_ran; i++)
        if (cg.ran[i]) cg_record_fold(cg.ran[i]);
    for (UInt i = 0; i < cg.n_ran; i++)
        if (cg.ran[i]) move_lines(tid, cg.ran[i], True);
    cg.n_ran = 0;
    cg.thread_gen++;
    tl_assert(cg.thread_gen != 0); /* 0: a new record's, which never ran */
}

void cg_threads_bury(void)
{
    if (!cg.clo.separate_threads || cg.stack_tid == VG_INVALID_THREADID) return;
    for (SBInfo *sbi = cg.graveyard; sbi; sbi = sbi->next_dead) {
        if (sbi->ran_gen != cg.thread_gen) continue;
        /* Unmarked: the lines it shares with records still to settle must
         * be settled again then. */
        cg_record_fold(sbi);
        move_lines(cg.stack_tid, sbi, False);
        tl_assert(sbi->ran_slot < cg.n_ran && cg.ran[sbi->ran_slot] == sbi);
        cg.ran[sbi->ran_slot] = NULL;
    }
}

void cg_threads_count(ThreadId tid, LineCC *cc, Int ev, ULong n, ULong rec)
{
    if (!cg.clo.separate_threads) {
        cc->ev[ev] += n;
        if (cg_levels_on()) cc->rec[ev] += rec;
        return;
    }
    Int e = 0;
    while (e < cg.thread_nev && cg.thread_ev[e] != ev) e++;
    tl_assert(e < cg.thread_nev); /* only recorded events are counted */
    ULong *v = entry(tid, cc);
    v[e] += n;
    if (cg_levels_on()) v[cg.thread_nev + e] += rec;
}

void cg_threads_load(ThreadId tid)
{
    const CgThreadLines *t = &cg.threads[tid].lines;
    Int nev = cg.thread_nev;
    for (UInt s = 0; s < t->cap; s++) {
        LineCC *cc = t->keys[s];
        if (!cc) continue;
        const ULong *v = t->vals + (SizeT)s * width();
        for (Int e = 0; e < nev; e++) {
            cc->ev[cg.thread_ev[e]] = v[e];
            if (cg_levels_on()) cc->rec[cg.thread_ev[e]] = v[nev + e];
        }
    }
}

void cg_threads_unload(void)
{
    cg_lines_zero();
}

void cg_threads_forget(ThreadId tid)
{
    CgThreadLines *t = &cg.threads[tid].lines;
    if (t->cap) VG_(memset)(t->vals, 0, (SizeT)t->cap * width() * sizeof *t->vals);
}
