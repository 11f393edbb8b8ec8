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
 * state: the outermost entry's stack pointer.  The state of the thread the
 * scheduler runs is copied into cg.collect and cg.region_limit. */
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

/* cg.region_limit of a thread outside every region. */
#define OUTSIDE (~(UWord)0)

Bool cg_regions_option(const HChar *arg)
{
    const HChar *pat;
    if (!VG_STR_CLO(arg, "--toggle-collect", pat)) return False;
    if (pat[0] == '\0') VG_(fmsg_bad_option)(arg, "--toggle-collect needs a function name\n");
    const HChar **v = VG_(malloc)("cg.regions.clo", (cg.clo.n_toggle + 1) * sizeof *v);
    for (UInt i = 0; i < cg.clo.n_toggle; i++) v[i] = cg.clo.toggle[i];
    if (cg.clo.toggle) VG_(free)(cg.clo.toggle);
    v[cg.clo.n_toggle++] = pat;
    cg.clo.toggle = v;
    return True;
}

void cg_regions_usage(void)
{
    VG_(printf)
    ("    --toggle-collect=<function>      count only while a function of that name\n"
     "                                     (* and ? match any characters) runs;\n"
     "                                     may be repeated [count everything]\n");
}

void cg_regions_init(void)
{
    cg.collect = 1;
    cg.region_limit = OUTSIDE;
    if (!cg_regions_on()) return;
    /* An entry must start a superblock (the core reads this setting when
     * it makes the first translation, after this). */
    VG_(clo_vex_control).guest_chase = False;
    cg.region_threads = VG_(malloc)("cg.regions.threads", VG_N_THREADS * sizeof(UWord));
    for (UInt i = 0; i < VG_N_THREADS; i++) cg.region_threads[i] = OUTSIDE;
    cg.collect = 0;
}

static void load_thread(ThreadId tid)
{
    cg.region_limit = cg.region_threads[tid];
    cg.collect = cg.region_limit != OUTSIDE;
}

void cg_regions_thread_runs(ThreadId tid)
{
    if (cg_regions_on()) load_thread(tid);
}

void cg_regions_thread_created(ThreadId parent, ThreadId child)
{
    (void)parent;
    if (cg_regions_on()) cg.region_threads[child] = OUTSIDE;
}

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* Called when the stack pointer at a superblock's start is above the
 * running thread's limit: its region has ended. */
static VG_REGPARM(1) void region_leave(UWord sp)
{
    ThreadId tid = VG_(get_running_tid)();
    if (sp > cg.region_threads[tid]) cg.region_threads[tid] = OUTSIDE;
    load_thread(tid);
}

/* Called at the entry of a matching function when the thread is outside a
 * region or its region has just ended: a region starts here. */
static VG_REGPARM(1) void region_entry(UWord sp)
{
    ThreadId tid = VG_(get_running_tid)();
    UWord *limit = &cg.region_threads[tid];
    if (*limit == OUTSIDE || sp > *limit) *limit = sp;
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
    if (!name) return False;
    for (UInt i = 0; i < cg.clo.n_toggle; i++)
        if (VG_(string_match)(cg.clo.toggle[i], name)) return True;
    return False;
}

void cg_regions_prologue(IRSB *out, Addr addr, const VexGuestLayout *layout, IRType word)
{
    if (!cg_regions_on()) return;
    Bool w64 = word == Ity_I64;
    IRExpr *sp = bind(out, word, IRExpr_Get(layout->offset_SP, word));
    IRExpr *limit =
        bind(out, word, IRExpr_Load(Iend_LE, word, mkIRExpr_HWord((HWord)&cg.region_limit)));
    IRExpr *guard;
    void *fn;
    const HChar *name;
    if (is_region_entry(addr)) {
        /* limit + 1 <= sp: outside a region (~0 + 1 wraps to 0), or the
         * region has ended; a nested entry costs no call. */
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

IRSB *cg_regions_track(IRSB *sb, Addr addr, const VexGuestLayout *layout, IRType word)
{
    if (!cg_regions_on()) return sb;
    IRSB *out = deepCopyIRSBExceptStmts(sb);
    Int i = 0;
    for (; i < sb->stmts_used && (!sb->stmts[i] || sb->stmts[i]->tag != Ist_IMark); i++)
        if (sb->stmts[i]) addStmtToIRSB(out, sb->stmts[i]);
    cg_regions_prologue(out, addr, layout, word);
    for (; i < sb->stmts_used; i++)
        if (sb->stmts[i]) addStmtToIRSB(out, sb->stmts[i]);
    return out;
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
