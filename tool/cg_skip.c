/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_skip.c: run as Callgrind, --obj-skip=OBJECT (docs/tool.md,
 * "Skipped objects").
 *
 * CodSpeed's Callgrind skips an interpreter's object so that its costs go
 * to the interpreted program's frames.  Callgrind skips a function (its
 * --fn-skip, which --obj-skip applies to every function of an object) by
 * recording no call into it: the calls it makes come from its caller, and
 * its own costs are the caller's, written on the line of the call
 * instruction that entered it (measured with Callgrind 3.19's --fn-skip).
 *
 * So here a skipped function's entry opens no activation (cg_stack.c) but
 * names the call site: the line of the instruction before the return
 * address, when that lies in code that is not skipped (a skipped function
 * that calls another keeps the site of the first).  A call site belongs to
 * the activation it was made in: opening an activation saves the thread's
 * site in its frame and clears it, ending one gives it back.  Skipped code
 * is translated and counted like any other, on its own lines; its records
 * go on a list at their first run since the last settle (an inline test
 * of a flag), and a settle folds them and moves their lines' counts to
 * the site.  Every change of the site settles first, so each count goes
 * to the site it was made under; so do thread settles, dumps and the end.
 * With no site (skipped code that no call from other code entered: a
 * thread's first function, a signal handler), the counts stay where they
 * were made. */
#include "cg_skip.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"

void cg_skip_add(const HChar *path)
{
    if (cg_skip_object(path)) return;
    cg.skip_objs =
        VG_(realloc)("cg.skip.objs", cg.skip_objs, (cg.n_skip_objs + 1) * sizeof *cg.skip_objs);
    cg.skip_objs[cg.n_skip_objs++] = VG_(strdup)("cg.skip.obj", path);
    /* Pages looked up before may be of this object. */
    VG_(memset)(cg.skip_page, 0, sizeof cg.skip_page);
}

Bool cg_skip_object(const HChar *path)
{
    for (UInt i = 0; i < cg.n_skip_objs; i++)
        if (VG_(strcmp)(cg.skip_objs[i], path) == 0) return True;
    return False;
}

/* By the file mapped at `a`, not its debug info's text: a skipped object's
 * PLT and init code are its own too.  A page is mapped from one file, so
 * the answer is kept per page. */
Bool cg_skip_at(Addr a)
{
    Addr page = a / VKI_PAGE_SIZE;
    UInt slot = (UInt)page & (CG_SKIP_PAGES - 1);
    tl_assert((CG_SKIP_PAGES & (CG_SKIP_PAGES - 1)) == 0);
    if (cg.skip_page[slot] != page || page == 0) {
        const NSegment *seg = VG_(am_find_nsegment)(a);
        const HChar *file = seg ? VG_(am_get_filename)(seg) : NULL;
        cg.skip_page[slot] = page;
        cg.skip_page_in[slot] = file && cg_skip_object(file);
    }
    return cg.skip_page_in[slot];
}

static VG_REGPARM(1) void listed(SBInfo *sbi)
{
    sbi->skip_listed = True;
    if (cg.n_skip_ran == cg.max_skip_ran) {
        cg.max_skip_ran = cg.max_skip_ran ? 2 * cg.max_skip_ran : 256;
        cg.skip_ran =
            VG_(realloc)("cg.skip.ran", cg.skip_ran, cg.max_skip_ran * sizeof *cg.skip_ran);
    }
    cg.skip_ran[cg.n_skip_ran++] = sbi;
}

void cg_skip_emit(IRSB *out, SBInfo *sbi)
{
    IRTemp flag = newIRTemp(out->tyenv, Ity_I8), off = newIRTemp(out->tyenv, Ity_I1);
    addStmtToIRSB(out, IRStmt_WrTmp(flag, IRExpr_Load(Iend_LE, Ity_I8,
                                                      mkIRExpr_HWord((HWord)&sbi->skip_listed))));
    addStmtToIRSB(out, IRStmt_WrTmp(off, IRExpr_Binop(Iop_CmpEQ8, IRExpr_RdTmp(flag),
                                                      IRExpr_Const(IRConst_U8(0)))));
    IRDirty *d = unsafeIRDirty_0_N(1, "cg_skip_listed", VG_(fnptr_to_fnentry)(listed),
                                   mkIRExprVec_1(mkIRExpr_HWord((HWord)sbi)));
    d->guard = IRExpr_RdTmp(off);
    addStmtToIRSB(out, IRStmt_Dirty(d));
}

void cg_skip_entered(Addr ret)
{
    if (ret == 0 || cg_skip_at(ret - 1)) return;
    cg_skip_settle();
    cg.skip_site = cg_lines_get(ret - 1, False);
}

/* Every count of `from` added to `to`, and `from` zeroed. */
static void move_counts(LineCC *to, LineCC *from)
{
    Bool levels = cg_levels_on();
    for (Int e = 0; e < cg.cc_events; e++) {
        to->ev[e] += from->ev[e];
        from->ev[e] = 0;
        if (levels) {
            to->rec[e] += from->rec[e];
            from->rec[e] = 0;
        }
    }
}

void cg_skip_settle_slow(void)
{
    LineCC *site = cg.skip_site;
    /* All folded before any line moves (a line may be several records'). */
    for (UInt i = 0; i < cg.n_skip_ran; i++) cg_record_fold(cg.skip_ran[i]);
    for (UInt i = 0; i < cg.n_skip_ran; i++) {
        SBInfo *sbi = cg.skip_ran[i];
        sbi->skip_listed = False;
        for (UInt k = 0; site && k < sbi->n_instrs; k++)
            if (sbi->instrs[k].cc != site) move_counts(site, sbi->instrs[k].cc);
    }
    cg.n_skip_ran = 0;
    /* A thread settle moves the lines of the records that ran: the site's
     * record may not have (cg_threads.c takes these too). */
    if (!site || !cg.clo.separate_threads) return;
    if (cg.n_skip_touched > 0 && cg.skip_touched[cg.n_skip_touched - 1] == site) return;
    if (cg.n_skip_touched == cg.max_skip_touched) {
        cg.max_skip_touched = cg.max_skip_touched ? 2 * cg.max_skip_touched : 256;
        cg.skip_touched = VG_(realloc)("cg.skip.touched", cg.skip_touched,
                                       cg.max_skip_touched * sizeof *cg.skip_touched);
    }
    cg.skip_touched[cg.n_skip_touched++] = site;
}

UInt cg_skip_take_sites(LineCC ***v)
{
    UInt n = cg.n_skip_touched;
    *v = cg.skip_touched;
    cg.n_skip_touched = 0;
    return n;
}
