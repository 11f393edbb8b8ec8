/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_tiers.h: when a superblock changes from the cold tier to the hot one,
 * and which of its events get the inline way-1 code there. */
#ifndef CG_TIERS_H
#define CG_TIERS_H

#include "cg_records.h"

/* A hot superblock: its way-1 sites, one bit per counted event. */
typedef struct HotBlock HotBlock;

void cg_tiers_init(void);
/* The cold superblock `sbi` ran often enough: translate it again, hot, at
 * the next point where no client code runs. */
void cg_tiers_queue(SBInfo *sbi);
/* Called where no client code runs: discards the queued translations. */
void cg_tiers_switch(void);
/* The superblock at `addr` is hot: its way-1 sites; NULL when it is cold. */
const HotBlock *cg_tiers_hot(Addr addr);
/* Whether event `i` (an index into counted[]) of a hot block is a way-1 site. */
Bool cg_tiers_is_way1_site(const HotBlock *hb, UInt i);
/* A translation of `addr` is being made: false if it only changes tier
 * (upstream has no such translation, so --stats leaves it out). */
Bool cg_tiers_new_translation(Addr addr);
/* The translation at `addr` was discarded. */
void cg_tiers_discarded(Addr addr);
/* Live superblocks as upstream counts them, for --stats. */
UInt cg_tiers_live_superblocks(void);

#endif
