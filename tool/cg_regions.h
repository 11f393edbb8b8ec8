/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_regions.h: --toggle-collect, counting only while a chosen function is
 * active: the per-thread region state, the IR that opens and closes
 * regions, and the gate that every count goes through. */
#ifndef CG_REGIONS_H
#define CG_REGIONS_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* After the options (cg_main.c takes --toggle-collect, and makes
 * cg.threads when it is given): with patterns, VEX's chasing is turned off
 * and every thread starts outside the regions; without, every count is
 * collected. */
void cg_regions_init(void);
/* At the end of the run: a warning for each pattern that matched no
 * function entry, with the names that contain it. */
void cg_regions_unmatched(void);
/* Whether any pattern was given (the gate and the region IR exist only then). */
static inline Bool cg_regions_on(void)
{
    return cg.clo.n_toggle > 0;
}
/* A signal handler's fence: the top of a fence whose handler has not run
 * yet (every stack pointer is above it, so the handler's first superblock
 * calls a helper), and the top it gets from the stack pointer `sp` of the
 * handler's first superblock and the one the signal came at: the highest
 * stack pointer the handler itself can have (it may pop its return address
 * and, on some platforms, one word more before its sigreturn).  Shared
 * with cg_stack.c's fences. */
#define CG_FENCE_PENDING ((UWord)0)
static inline UWord cg_fence_top(UWord sp, UWord interrupted)
{
    UWord top = sp + 2 * sizeof(UWord);
    return interrupted - 1 > top ? interrupted - 1 : top;
}
/* Whether a function of this name (as the profile shows it) opens a region. */
Bool cg_regions_match(const HChar *name);
/* With --call-graph, whose activation stacks carry the regions
 * (cg_stack.c): the running thread is now inside a region, or not. */
void cg_regions_set(Bool in);
/* The scheduler is about to run `tid`: its region state becomes the one
 * generated code reads. */
void cg_regions_thread_runs(ThreadId tid);
/* A new thread starts outside every region, whatever its creator did. */
void cg_regions_thread_created(ThreadId parent, ThreadId child);
/* A signal handler starts on `tid`, on its alternate stack or not: it runs
 * outside the region it interrupted, which its stack pointer can no longer
 * end.  And the handler has returned: that region's state comes back. */
void cg_regions_signal_delivered(ThreadId tid, Int sigNo, Bool alt_stack);
void cg_regions_signal_returned(ThreadId tid, Int sigNo);

/* The IR at the start of the superblock at `addr`, after its preamble:
 * closes the running thread's region if the stack pointer rose above its
 * entry's, and opens one if `addr` is the entry of a matching function.
 * Nothing without patterns, or with --call-graph (the stacks do it). */
void cg_regions_prologue(IRSB *out, Addr addr, const VexGuestLayout *layout, IRType word);
/* `delta` (an I64 that is 0 or 1) as generated code must add it to a
 * count: unchanged without patterns, else ANDed with cg.collect. */
IRExpr *cg_regions_gate(IRSB *out, IRExpr *delta);

#endif
