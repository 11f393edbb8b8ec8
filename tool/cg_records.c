/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_records.c: superblock records, and the folding of their execution
 * counts into line cost centres.
 *
 * Generated code counts executions per flush point in its superblock's
 * record (cg.records); when the translation is discarded, or at exit, each
 * flush group's executions are added to every event it carries.  Each event
 * of a flush executes exactly as often as the flush does, so this is exact.
 * A discarded translation can still run once (the scheduler may already
 * hold its code address), so its record waits in cg.graveyard until the
 * next point where no client code runs. */
#include "cg_records.h"
#include "cg_stack.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"

/* A hash table, not a tree: code-heavy programs make and discard a record
 * per translation, hundreds of thousands of them, and a tree's lookups
 * missed the host cache at every level (docs/tool.md, "Code-heavy
 * programs (cc1, pystd)"). */
void cg_records_init(void)
{
    cg.records = VG_(HT_construct)("cg.sbinfo");
}

void cg_record_fold(SBInfo *sbi)
{
    for (UInt g = 0; g < sbi->n_groups; g++) {
        FlushGroup *grp = &sbi->groups[g];
        ULong rec = sbi->rec_execs ? sbi->rec_execs[g] : 0;
        if (grp->execs == 0) continue; /* rec_execs[g] counts a part of execs */
        for (UInt i = grp->first; i < (UInt)grp->first + grp->count; i++) {
            const CountedEvent *ce = &sbi->counted[i];
            sbi->instrs[ce->instr].cc->ev[ce->ev] += grp->execs;
            if (rec) sbi->instrs[ce->instr].cc->rec[ce->ev] += rec;
        }
        grp->execs = 0;
        if (sbi->rec_execs) sbi->rec_execs[g] = 0;
    }
}

SBInfo *cg_record_new(Addr addr, UShort extent0_len, UInt n_instrs, UInt max_groups,
                      UInt max_counted)
{
    SizeT size = sizeof(SBInfo) + n_instrs * sizeof(InstrInfo);
    size = (size + 7) & ~(SizeT)7;
    SizeT groups_size = max_groups * sizeof(FlushGroup);
    SizeT counted_size = (max_counted * sizeof(CountedEvent) + 7) & ~(SizeT)7;
    SizeT rec_size = cg_levels_on() ? max_groups * sizeof(ULong) : 0;
    SizeT kinds_size = cg_graph_on() ? max_groups * sizeof(UChar[CG_COUNTED_KINDS]) : 0;
    SBInfo *sbi =
        VG_(malloc)("cg.sbinfo", size + groups_size + counted_size + rec_size + kinds_size);
    sbi->addr = addr;
    sbi->extent0_len = extent0_len;
    sbi->queued = False;
    sbi->skip_listed = False;
    sbi->n_instrs = n_instrs;
    sbi->n_groups = 0;
    tl_assert(max_groups <= 0xFFFF);
    sbi->max_groups = max_groups;
    sbi->returns = 0;
    sbi->n_counted = 0;
    sbi->max_counted = max_counted;
    sbi->ran_gen = 0;
    sbi->groups = (FlushGroup *)((HChar *)sbi + size);
    sbi->counted = (CountedEvent *)((HChar *)sbi->groups + groups_size);
    sbi->rec_execs = rec_size ? (ULong *)((HChar *)sbi->counted + counted_size) : NULL;
    if (rec_size) VG_(memset)(sbi->rec_execs, 0, rec_size);
    sbi->kinds = kinds_size ? (void *)((HChar *)sbi->counted + counted_size + rec_size) : NULL;

    /* No lookup for an older record at this address first: translations at
     * an address are always discarded before being made again, and should
     * that ever not hold, both records stay in the table (a discard removes
     * the newer) and both are folded, so no count is lost.  The lookup was
     * a hash-chain walk per translation (1% of a code-heavy run). */
    VG_(HT_add_node)(cg.records, sbi);
    return sbi;
}

Bool cg_record_discard(Addr addr)
{
    SBInfo *sbi = VG_(HT_remove)(cg.records, addr);
    if (!sbi) return False;
    sbi->next_dead = cg.graveyard;
    cg.graveyard = sbi;
    return True;
}

void cg_records_bury(void)
{
    while (cg.graveyard) {
        SBInfo *sbi = cg.graveyard;
        cg.graveyard = sbi->next_dead;
        cg_record_fold(sbi);
        VG_(free)(sbi);
    }
}

void cg_records_fold_all(void)
{
    SBInfo *sbi;
    VG_(HT_ResetIter)(cg.records);
    while ((sbi = VG_(HT_Next)(cg.records))) cg_record_fold(sbi);
    for (sbi = cg.graveyard; sbi; sbi = sbi->next_dead) cg_record_fold(sbi);
}

UInt cg_records_live(void)
{
    return VG_(HT_count_nodes)(cg.records);
}
