/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_entry_sp.c: the stack pointer at a function's entry inside a
 * superblock (docs/tool.md, "The call graph"), which the activation opened
 * there remembers (cg_stack.c) and which its return is recognised by.
 * Reading the guest register at the entry's flush point is not enough:
 * VEX may have dropped the update that a chased jump made before it, so
 * the value is followed back through the IR. */
#include "cg_stack.h"

/* Whether statement `st` needs the guest's stack pointer up to date: VEX
 * keeps it so (by default: "unwindregs at memory access") at memory
 * accesses, helper calls, exits and reads of it, and may drop any other
 * update of it that a later one overwrites. */
static Bool needs_sp(const IRStmt *st, Int sp_offset)
{
    switch (st->tag) {
    case Ist_Store:
    case Ist_StoreG:
    case Ist_LoadG:
    case Ist_CAS:
    case Ist_LLSC:
    case Ist_Dirty:
    case Ist_Exit:
        return True;
    case Ist_WrTmp:
        return st->Ist.WrTmp.data->tag == Iex_Load ||
               (st->Ist.WrTmp.data->tag == Iex_Get &&
                st->Ist.WrTmp.data->Iex.Get.offset == sp_offset);
    default:
        return False;
    }
}

/* The statement that gives temporary `t` its value, searched back from
 * statement `from`; -1 if it is not there. */
static Int def_of(const IRSB *in, Int from, IRTemp t)
{
    for (Int j = from; j >= 0; j--)
        if (in->stmts[j] && in->stmts[j]->tag == Ist_WrTmp && in->stmts[j]->Ist.WrTmp.tmp == t)
            return j;
    return -1;
}

/* The stack pointer at the instruction whose IMark is in->stmts[mark].
 * Reading the guest's stack pointer there is exact unless VEX dropped the
 * last update before it (a caller's pop before a tail call's jump, say),
 * which it does only when a later update overwrites it with no statement
 * that needs it in between: then the first update after the IMark exists
 * and nothing before it needs the stack pointer.  That update is the
 * callee's own arithmetic on the stack pointer (a push, a sub), so its
 * value, followed back through additions of constants to a value made
 * before the IMark, gives the dropped one. */
IRExpr *cg_stack_entry_sp(IRSB *out, const IRSB *in, Int mark, const VexGuestLayout *layout,
                          IRType word)
{
    Int sp = layout->offset_SP;
    IROp add = word == Ity_I64 ? Iop_Add64 : Iop_Add32,
         sub = word == Ity_I64 ? Iop_Sub64 : Iop_Sub32;
    for (Int j = mark + 1; j < in->stmts_used; j++) {
        const IRStmt *st = in->stmts[j];
        if (!st) continue;
        if (needs_sp(st, sp)) break;
        if (st->tag != Ist_Put || st->Ist.Put.offset != sp) continue;
        const IRExpr *v = st->Ist.Put.data;
        for (Int k = j - 1; v->tag == Iex_RdTmp;) {
            Int d = def_of(in, k, v->Iex.RdTmp.tmp);
            if (d < 0) break;
            if (d < mark) return IRExpr_RdTmp(v->Iex.RdTmp.tmp);
            const IRExpr *e = in->stmts[d]->Ist.WrTmp.data;
            if (e->tag != Iex_Binop || (e->Iex.Binop.op != add && e->Iex.Binop.op != sub) ||
                e->Iex.Binop.arg2->tag != Iex_Const)
                break;
            v = e->Iex.Binop.arg1;
            k = d - 1;
        }
        break;
    }
    return cg_stack_sp(out, layout, word);
}
