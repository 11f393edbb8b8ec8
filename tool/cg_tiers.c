/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_tiers.c: the tier policy.
 *
 * A superblock is first translated "cold": each flush that has simulation
 * work makes one call to cg_helper_group, which replays the flush's events
 * in C.  That is little IR, so translation stays as cheap as upstream's.
 * A superblock whose flush runs cg.clo.hot_threshold times is queued; at the
 * next point where no client code runs its translation is discarded, and it
 * is made again "hot", with inline fast paths (cg_emit.c).  Both tiers do
 * the same simulator work in the same order, so counts never depend on when
 * a block changed tier.  The state is cg.hot_blocks, cg.retiered and
 * cg.pending. */
#include "cg_tiers.h"
#include "cg_compat.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_transtab.h"

/* Superblocks that ran often enough to be translated again with inline fast
 * paths, and those waiting for that to happen.  Each also says which of its
 * events hit way 1 of an L1 set often while cold ("way-1 sites"). */
struct HotBlock {
    /* First, as VgHashNode has them: the hash chain and the key, the
     * superblock's guest start address. */
    struct HotBlock *hash_next;
    Addr addr;
    UInt n_events; /* bits in way1_sites */
    UChar way1_sites[0];
};

/* A translation to discard at the next switch, and what replaces it. */
typedef struct PendingRange {
    Addr base;
    SizeT len;
    HotBlock *hot;
} PendingRange;

/* A superblock discarded only to change tier (a key and nothing else). */
typedef struct Retiered {
    struct Retiered *hash_next;
    Addr addr;
} Retiered;

/* Hash tables, as for the records (cg_records.c): every translation looks
 * in both. */
void cg_tiers_init(void)
{
    cg.hot_blocks = VG_(HT_construct)("cg.hot");
    cg.retiered = VG_(HT_construct)("cg.retier");
}

/* ------------------------------------------------------------------ */
/* Way-1 sites                                                         */
/* ------------------------------------------------------------------ */

/* Two lines that take turns in one L1 set make every reference a hit in
 * way 1, which swaps ways 0 and 1, so the inline way-0 test fails every
 * time and calls the helper.  Testing way 1 inline everywhere costs more
 * than those calls (most references hit way 0), but the cold tier sees
 * which events do this before their superblock turns hot; only those get
 * the inline swap.  The choice affects speed, never counts.
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
    HotBlock *hb = VG_(malloc)("cg.hot", sizeof(HotBlock) + (sbi->n_counted + 7) / 8);
    hb->addr = sbi->addr;
    hb->n_events = sbi->n_counted;
    VG_(memset)(hb->way1_sites, 0, (sbi->n_counted + 7) / 8);
    for (UInt g = 0; g < sbi->n_groups; g++) {
        const FlushGroup *grp = &sbi->groups[g];
        for (UInt i = grp->first; i < (UInt)grp->first + grp->count; i++) {
            UInt w1 = sbi->counted[i].way1;
            if (w1 >= WAY1_MIN && (ULong)w1 * WAY1_SHARE >= grp->runs)
                hb->way1_sites[i / 8] |= 1 << (i % 8);
        }
    }
    return hb;
}

Bool cg_tiers_is_way1_site(const HotBlock *hb, UInt i)
{
    return hb && i < hb->n_events && (hb->way1_sites[i / 8] >> (i % 8)) & 1;
}

const HotBlock *cg_tiers_hot(Addr addr)
{
    return VG_(HT_lookup)(cg.hot_blocks, addr);
}

/* ------------------------------------------------------------------ */
/* Changing tier                                                       */
/* ------------------------------------------------------------------ */

void cg_tiers_queue(SBInfo *sbi)
{
    if (sbi->queued) return;
    sbi->queued = True;
    if (cg.n_pending == cg.max_pending) {
        cg.max_pending = cg.max_pending ? 2 * cg.max_pending : 64;
        PendingRange *p = VG_(malloc)("cg.pending", cg.max_pending * sizeof *p);
        for (UInt i = 0; i < cg.n_pending; i++) p[i] = cg.pending[i];
        if (cg.pending) VG_(free)(cg.pending);
        cg.pending = p;
    }
    PendingRange *r = &cg.pending[cg.n_pending++];
    r->base = sbi->addr;
    r->len = sbi->extent0_len;
    r->hot = hot_block_for(sbi);
}

void cg_tiers_switch(void)
{
    if (cg.n_pending == 0) return;
    Bool was_ok = VG_(ok_to_discard_translations);
    VG_(ok_to_discard_translations) = True;
    cg.changing_tiers = True;
    for (UInt i = 0; i < cg.n_pending; i++) {
        HotBlock *old = VG_(HT_remove)(cg.hot_blocks, cg.pending[i].base);
        if (old) VG_(free)(old);
        VG_(HT_add_node)(cg.hot_blocks, cg.pending[i].hot);
        VG_(discard_translations_safely)(cg.pending[i].base, cg.pending[i].len, "cachegrind");
    }
    VG_(ok_to_discard_translations) = was_ok;
    cg.changing_tiers = False;
    cg.n_pending = 0;
}

void cg_tiers_discarded(Addr addr)
{
    if (cg.changing_tiers && !VG_(HT_lookup)(cg.retiered, addr)) {
        Retiered *r = VG_(malloc)("cg.retier", sizeof *r);
        r->addr = addr;
        VG_(HT_add_node)(cg.retiered, r);
    }
}

Bool cg_tiers_new_translation(Addr addr)
{
    Retiered *r = VG_(HT_remove)(cg.retiered, addr);
    if (!r) return True;
    VG_(free)(r);
    return False;
}

/* As upstream counts them: superblocks discarded only to change tier are
 * still live there. */
UInt cg_tiers_live_superblocks(void)
{
    return cg_records_live() + VG_(HT_count_nodes)(cg.retiered);
}
