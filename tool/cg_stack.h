/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_stack.h: the per-thread activation stacks of --call-graph=yes: the IR
 * that finds calls and returns, the running totals that give each call its
 * inclusive cost, and the thread, signal and dump events that move them. */
#ifndef CG_STACK_H
#define CG_STACK_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* Whether --call-graph=yes was given (the stacks and their IR exist only then). */
static inline Bool cg_stack_on(void)
{
    return cg.clo.call_graph;
}
/* After the options (cg_main.c makes cg.threads first): turns VEX's
 * chasing off, so that every function entry starts a superblock. */
void cg_stack_init(void);

/* The IR at the start of the superblock at `addr`, after its preamble
 * and after the regions' (cg_regions.c): ends the activations the stack
 * pointer has risen above and, at a function's entry, opens one. */
void cg_stack_prologue(IRSB *out, Addr addr, const VexGuestLayout *layout, IRType word);

/* The scheduler is about to run `tid`: its activations and running totals
 * become the ones generated code uses. */
void cg_stack_thread_runs(ThreadId tid);
/* A new thread starts with no activation open. */
void cg_stack_thread_created(ThreadId parent, ThreadId child);
/* A signal handler starts on `tid` above a fence, and its cost stays out of
 * the activations it interrupted; and the handler has returned. */
void cg_stack_signal_delivered(ThreadId tid, Int sigNo, Bool alt_stack);
void cg_stack_signal_returned(ThreadId tid, Int sigNo);

/* Before a profile is written (a dump, an exec profile, the end): every
 * open activation's cost so far goes to its arc, and it goes on from here,
 * so that a later dump holds only what came after. */
void cg_stack_settle_open(void);
/* Every count forgotten (ZERO_STATS, a dump written, a child that starts
 * from zero): the arcs to 0, the open activations go on from here. */
void cg_stack_zero(void);

/* Bytes the stacks hold, for --stats. */
ULong cg_stack_bytes(void);

#endif
