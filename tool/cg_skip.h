/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_skip.h: run as Callgrind, --obj-skip=OBJECT (CodSpeed's runner
 * passes it for an interpreter): the code of a skipped object is no
 * function of its own; its costs go to the call that entered it. */
#ifndef CG_SKIP_H
#define CG_SKIP_H

#include "cg_records.h"
#include "pub_tool_tooliface.h"

/* Whether any object is skipped (given, or named by CodSpeed's request). */
static inline Bool cg_skip_on(void)
{
    return cg.n_skip_objs > 0;
}
/* One more object to skip, by its path as Valgrind loaded it (the option,
 * and CodSpeed's request: code translated before it is translated again). */
void cg_skip_add(const HChar *path);
/* Whether the object of this path is skipped. */
Bool cg_skip_object(const HChar *path);
/* Whether the code at `a` lies in a skipped object. */
Bool cg_skip_at(Addr a);
/* The IR at the start of a superblock of a skipped object: its record goes
 * on the list of those whose counts wait for a call site. */
void cg_skip_emit(IRSB *out, SBInfo *sbi);
/* Skipped code was entered from the instruction before `ret` (the return
 * address a call left), in code that is not skipped: its costs go to that
 * instruction's line from now on (the earlier ones to the site before). */
void cg_skip_entered(Addr ret);

/* The counts skipped code made since the last call go to the running
 * thread's call site (cg.skip_site: none, they stay on their own lines).
 * Before the site changes (an activation opens or ends, a thread switch,
 * a new entry) and before counts are written, settled or freed. */
void cg_skip_settle_slow(void);
static inline void cg_skip_settle(void)
{
    if (cg.n_skip_ran > 0) cg_skip_settle_slow();
}

/* With --separate-threads: the site lines settles added to since the last
 * call (the thread settle moves them: cg_threads.c), into `*v`; their
 * number.  The list is empty after. */
UInt cg_skip_take_sites(LineCC ***v);

#endif
