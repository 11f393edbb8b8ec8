/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_runtime.h: the helpers that generated code calls as the client runs,
 * and the set-up of the simulators they drive (cg.I1/D1/LL, cg.cond,
 * cg.ind). */
#ifndef CG_RUNTIME_H
#define CG_RUNTIME_H

#include "cg_records.h"

void cg_runtime_init(void);
void cg_runtime_setup_caches(const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll);

/* One flush of a cold superblock: counts it and replays its events'
 * simulator work.  The values only known at run time are in cg.scratch, in
 * event order: the address of each data event, whether each conditional
 * branch was taken (0 or 1), the target of each indirect branch; a fetch
 * has none. */
VG_REGPARM(2) void cg_helper_group(SBInfo *sbi, FlushGroup *grp);

VG_REGPARM(2) void cg_helper_ir(InstrInfo *ii, UWord len);
/* The helper for a data access of `size` bytes: (InstrInfo *, Addr) for
 * the common sizes, which it has built in; otherwise one that also takes
 * the size. */
typedef struct {
    void *fn;
    const HChar *name;
    Int nargs;
} DataHelper;
void cg_data_helper(Bool is_write, UInt size, DataHelper *h);
/* A guarded load or store, which no flush group counts: (InstrInfo *, Addr,
 * size), counting the access too. */
VG_REGPARM(3) void cg_helper_guarded_dr(InstrInfo *ii, Addr a, UWord size);
VG_REGPARM(3) void cg_helper_guarded_dw(InstrInfo *ii, Addr a, UWord size);
/* Branches, where the predictors are not inline (32-bit hosts). */
VG_REGPARM(2) void cg_helper_bc(InstrInfo *ii, UWord taken);
VG_REGPARM(2) void cg_helper_bi(InstrInfo *ii, Addr target);

#endif
