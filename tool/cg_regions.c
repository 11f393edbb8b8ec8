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
 * Every count goes through one gate: generated code and helpers add
 * cg.collect (1 in a region, 0 outside) where they would add 1.  Without
 * patterns cg.collect is always 1 and the hot tier's code is unchanged.
 *
 * Entries.  With chasing off (VEX then never continues a superblock across
 * a call or jump), a function's first instruction always starts a
 * superblock.  A superblock that starts at the entry of a matching function
 * opens the region when the thread is outside one, and remembers the stack
 * pointer there: the return address sits at that address.
 *
 * Exits.  The activation has returned (or was left by longjmp or an
 * exception unwinding past it) once the stack pointer is above that value.
 * Every superblock starts with an inline compare of the stack pointer with
 * cg.region_limit, which is ~0 outside a region, and calls a helper only
 * when it is crossed.  Recursive and nested activations lie below the
 * outermost one and end before it, so one value per thread is the whole
 * state of its code: the outermost entry's stack pointer.
 *
 * Signals.  A handler does not belong to the code it interrupted: it runs
 * outside that code's region (its own entries may open regions of their
 * own), and its stack pointer, which may lie above the region's entry when
 * it runs on an alternate stack, must not end that region.  So delivery
 * puts up a fence: the interrupted limit is saved and the thread starts the
 * handler outside every region; when the handler returns (sigreturn, which
 * the core reports) the saved limit comes back.  A handler can also be left
 * by longjmp, which the core does not report: the fence's top is the
 * highest stack pointer the handler itself can have, and a superblock whose
 * stack pointer is above it has left the handler (the interrupted code's
 * frames all lie at or above the stack pointer where the signal came, so
 * this is exact unless the handler ran on an alternate stack above the
 * code it leaves to: see docs/tool.md).  The top is known at the handler's
 * first superblock, which always calls a helper (the generated limit is 0
 * until then).
 *
 * The state of the thread the scheduler runs is copied into cg.collect,
 * cg.region_limit (the lower of its region's limit and its innermost
 * fence's top) and cg.entry_limit (its region's limit). */
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

/* The limit of a thread outside every region. */
#define OUTSIDE (~(UWord)0)

void cg_regions_init(void)
{
    cg.collect = 1;
    cg.region_limit = cg.entry_limit = OUTSIDE;
    if (!cg_regions_on()) return;
    /* An entry must start a superblock (the core reads this setting when
     * it makes the first translation, after this). */
    VG_(clo_vex_control).guest_chase = False;
    for (UInt i = 0; i < VG_N_THREADS; i++) cg.threads[i].region = (RegionThread){.limit = OUTSIDE};
    cg.collect = 0;
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
        VG_(umsg)("Warning: --toggle-collect=%s matched no function that ran, so it counted "
                  "nothing\n",
                  cg.clo.toggle[i]);
        const HChar **near = cg.toggle_near[i];
        if (near[0]) {
            VG_(umsg)("  functions whose names contain it:");
            for (UInt k = 0; k < CG_TOGGLE_NEAR && near[k]; k++)
                VG_(umsg)("%s %s", k ? "," : "", near[k]);
            VG_(umsg)("\n  (a pattern matches the whole name: give one of these, or *%s*)\n",
                      cg.clo.toggle[i]);
        }
    }
}

static void load_thread(ThreadId tid)
{
    const RegionThread *t = &cg.threads[tid].region;
    UWord guard = t->limit;
    if (t->n_fences > 0 && t->fences[t->n_fences - 1].top < guard)
        guard = t->fences[t->n_fences - 1].top;
    cg.region_limit = guard;
    cg.entry_limit = t->limit;
    cg.collect = t->limit != OUTSIDE;
}

/* Loads `tid`'s state if it is the thread generated code runs for now
 * (otherwise the scheduler loads it before the thread runs). */
static void reload_if_running(ThreadId tid)
{
    if (tid == VG_(get_running_tid)()) load_thread(tid);
}

/* With --call-graph the activation stacks carry the regions (cg_stack.c
 * opens and closes them through cg_regions_set): this file's own state
 * and IR are then unused. */
static Bool own_state(void)
{
    return cg_regions_on() && !cg.clo.call_graph;
}

void cg_regions_thread_runs(ThreadId tid)
{
    if (own_state()) load_thread(tid);
}

void cg_regions_set(Bool in)
{
    cg.collect = in;
}

void cg_regions_thread_created(ThreadId parent, ThreadId child)
{
    (void)parent;
    if (!cg_regions_on()) return;
    cg.threads[child].region.limit = OUTSIDE;
    cg.threads[child].region.n_fences = 0;
}

void cg_regions_signal_delivered(ThreadId tid, Int sigNo, Bool alt_stack)
{
    (void)sigNo;
    (void)alt_stack; /* the handler's first stack pointer tells the same */
    RegionThread *t = &cg.threads[tid].region;
    if (t->n_fences == t->max_fences) {
        t->max_fences = t->max_fences ? 2 * t->max_fences : 4;
        t->fences = VG_(realloc)("cg.regions.fences", t->fences, t->max_fences * sizeof *t->fences);
    }
    t->fences[t->n_fences++] =
        (RegionFence){.limit = t->limit, .interrupted = VG_(get_SP)(tid), .top = CG_FENCE_PENDING};
    t->limit = OUTSIDE;
    reload_if_running(tid);
}

void cg_regions_signal_returned(ThreadId tid, Int sigNo)
{
    (void)sigNo;
    RegionThread *t = &cg.threads[tid].region;
    if (t->n_fences == 0) return; /* its fence went when it was left by longjmp */
    t->limit = t->fences[--t->n_fences].limit;
    reload_if_running(tid);
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* Brings the thread's fences up to date with the stack pointer `sp` at the
 * start of a superblock: a pending fence learns its top from the handler's
 * first stack pointer (cg_fence_top), and a fence whose top
 * lies below `sp` was left without a return, so the state it saved comes
 * back (and may end at once, if `sp` is above that limit too). */
static void settle(RegionThread *t, UWord sp)
{
    while (t->n_fences > 0) {
        RegionFence *f = &t->fences[t->n_fences - 1];
        if (f->top == CG_FENCE_PENDING) {
            f->top = cg_fence_top(sp, f->interrupted);
            return;
        }
        if (sp <= f->top) return;
        t->limit = f->limit;
        t->n_fences--;
    }
}

/* Called when the stack pointer at a superblock's start is above
 * cg.region_limit: the running thread's region, or the handler it runs,
 * has ended, or a handler has just started. */
static VG_REGPARM(1) void region_leave(UWord sp)
{
    ThreadId tid = VG_(get_running_tid)();
    RegionThread *t = &cg.threads[tid].region;
    settle(t, sp);
    if (sp > t->limit) t->limit = OUTSIDE;
    load_thread(tid);
}

/* Called at the entry of a matching function when the thread is outside a
 * region, its region has just ended, or a signal handler has just started
 * or been left: a region starts here unless one is open. */
static VG_REGPARM(1) void region_entry(UWord sp)
{
    ThreadId tid = VG_(get_running_tid)();
    RegionThread *t = &cg.threads[tid].region;
    settle(t, sp);
    if (t->limit == OUTSIDE || sp > t->limit) t->limit = sp;
    load_thread(tid);
}

/* ------------------------------------------------------------------ */
/* The IR                                                              */
/* ------------------------------------------------------------------ */

static IRExpr *bind(IRSB *out, IRType ty, IRExpr *e)
{
    IRTemp t = newIRTemp(out->tyenv, ty);
    addStmtToIRSB(out, IRStmt_WrTmp(t, e));
    return IRExpr_RdTmp(t);
}

/* Whether `addr` is the first instruction of a function whose name, as the
 * profile shows it (demangled, `(below main)`), matches a pattern.
 * Inlined code has no entry of its own, so it never matches. */
static Bool is_region_entry(Addr addr)
{
    const HChar *name;
    if (!VG_(get_fnname_if_entry)(VG_(current_DiEpoch)(), addr, &name)) return False;
    name = cg_lines_fn_name(addr);
    return name && cg_regions_match(name);
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

void cg_regions_prologue(IRSB *out, Addr addr, const VexGuestLayout *layout, IRType word)
{
    if (!own_state()) return;
    Bool w64 = word == Ity_I64;
    IRExpr *sp = bind(out, word, IRExpr_Get(layout->offset_SP, word));
    Bool entry = is_region_entry(addr);
    UWord *limit_at = entry ? &cg.entry_limit : &cg.region_limit;
    IRExpr *limit = bind(out, word, IRExpr_Load(Iend_LE, word, mkIRExpr_HWord((HWord)limit_at)));
    IRExpr *guard;
    void *fn;
    const HChar *name;
    if (entry) {
        /* limit + 1 <= sp, with cg.entry_limit: outside a region (~0 + 1
         * wraps to 0), or the region or the handler's fence has ended; a
         * nested entry costs no call. */
        IRExpr *one = w64 ? IRExpr_Const(IRConst_U64(1)) : IRExpr_Const(IRConst_U32(1));
        IRExpr *next = bind(out, word, IRExpr_Binop(w64 ? Iop_Add64 : Iop_Add32, limit, one));
        guard = bind(out, Ity_I1, IRExpr_Binop(w64 ? Iop_CmpLE64U : Iop_CmpLE32U, next, sp));
        fn = region_entry;
        name = "cg_region_entry";
    } else {
        guard = bind(out, Ity_I1, IRExpr_Binop(w64 ? Iop_CmpLT64U : Iop_CmpLT32U, limit, sp));
        fn = region_leave;
        name = "cg_region_leave";
    }
    IRDirty *di = unsafeIRDirty_0_N(1, name, VG_(fnptr_to_fnentry)(fn), mkIRExprVec_1(sp));
    di->guard = guard;
    addStmtToIRSB(out, IRStmt_Dirty(di));
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
