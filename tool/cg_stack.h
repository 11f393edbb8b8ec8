/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_stack.h: the per-thread activation stacks: the IR that finds calls
 * and returns, the running totals that give each call its inclusive cost
 * (--call-graph=yes), the regions of --toggle-collect that ride on them,
 * and the thread, signal and dump events that move them. */
#ifndef CG_STACK_H
#define CG_STACK_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* Whether activations are followed: for the call graph, or for the
 * regions of --toggle-collect (the stacks and their IR exist only then). */
static inline Bool cg_stack_on(void)
{
    return cg.clo.call_graph != CG_GRAPH_NO || cg.clo.n_toggle > 0;
}
/* Whether calls are recorded (unless --call-graph=no): the arcs, the
 * paths and the running totals that give them their costs. */
static inline Bool cg_graph_on(void)
{
    return cg.clo.call_graph != CG_GRAPH_NO;
}
/* After the options (cg_main.c makes cg.threads first). */
void cg_stack_init(void);

/* The IR at the start of the superblock at `addr`, after its preamble:
 * at a function's entry, the call that opens an activation (unless the
 * superblock before fell through to it), which first ends those the stack
 * pointer has risen above. */
void cg_stack_prologue(IRSB *out, Addr addr, const VexGuestLayout *layout, IRType word);
/* Whether `st` may write the stack pointer. */
Bool cg_stack_writes_sp(const IRTypeEnv *env, const IRStmt *st, const VexGuestLayout *layout);
/* Where a superblock that wrote the stack pointer leaves, after the events
 * before have been counted: ends the activations the stack pointer has
 * risen above.  At a side exit `exit_guard` is its guard (NULL: the end).
 * At the end of a superblock that returns (from the instruction at
 * `returns_at`; 0: it does not), `hot` code (the hot tier's) ends one
 * without a helper call when it can, and cold code counts its returns
 * (`sbi` the superblock's record; NULL: not counted, as in code not
 * counted). */
struct SBInfo;
void cg_stack_emit_check(IRSB *out, const VexGuestLayout *layout, IRType word, IRExpr *exit_guard,
                         struct SBInfo *sbi, Bool hot, Addr returns_at);
/* Whether the instruction at `addr`, which a superblock reaches by a jump
 * that VEX followed (chasing: the instruction before it in the superblock
 * is not its neighbour), is a function's entry: the function, else NULL. */
struct CgFn *cg_stack_entry_at(Addr addr);
/* The stack pointer now. */
IRExpr *cg_stack_sp(IRSB *out, const VexGuestLayout *layout, IRType word);
/* The stack pointer at the instruction whose IMark is in->stmts[mark], an
 * entry, for its call made later (cg_stack_emit_enter): it is opened where
 * the events before it have been counted, at its flush point
 * (cg_entry_sp.c). */
IRExpr *cg_stack_entry_sp(IRSB *out, const IRSB *in, Int mark, const VexGuestLayout *layout,
                          IRType word);
/* The call that opens an activation of `fn` entered with stack pointer `sp`. */
void cg_stack_emit_enter(IRSB *out, IRExpr *sp, struct CgFn *fn);
/* A superblock's exit (under `guard`, NULL: its end) goes to `next`, the
 * address right after its last instruction: when that is a function's
 * entry, the next superblock must not take it for a call. */
void cg_stack_emit_fall(IRSB *out, Addr next, IRExpr *guard);

/* The helpers the IR calls (cg_stack_ir.c): at a superblock whose stack
 * pointer `sp` is above cg.stack_limit (activations have ended), at the
 * entry of `fn`, and at the entry of a function of a skipped object. */
VG_REGPARM(1) void cg_stack_leave(UWord sp);
VG_REGPARM(2) void cg_stack_enter(UWord sp, struct CgFn *fn);
VG_REGPARM(1) void cg_stack_skip_enter(UWord sp);

/* An object is skipped from now on: the open activations end in the
 * helper, which restores the call site of skipped code (the activations
 * opened from now on do: cg_skip_on()). */
void cg_stack_slow_returns(void);

/* The scheduler is about to run `tid`: its activations and running totals
 * become the ones generated code uses. */
void cg_stack_thread_runs(ThreadId tid);
/* A new thread starts with no activation open. */
void cg_stack_thread_created(ThreadId parent, ThreadId child);
/* A signal handler starts on `tid` above a fence, and its cost stays out of
 * the activations it interrupted; and the handler has returned. */
void cg_stack_signal_delivered(ThreadId tid, Int sigNo, Bool alt_stack);
void cg_stack_signal_returned(ThreadId tid, Int sigNo);

/* Before a profile of `key` (a cg_thread_key(): 0, all threads) is
 * written (a dump, an exec profile, the end): every open activation's cost
 * so far goes to its arc, and it goes on from here, so that a later dump
 * holds only what came after. */
void cg_stack_settle_open(ThreadId key);
/* Every count of `key`'s profile forgotten (ZERO_STATS, a dump written, a
 * child that starts from zero): its arcs to 0, its open activations go on
 * from here. */
void cg_stack_zero(ThreadId key);
/* `n` more of event `ev` for thread `tid` (counted outside generated
 * code: a system call's time), into its running totals. */
void cg_stack_count(ThreadId tid, Int ev, ULong n);
/* Run as Callgrind, STOP_INSTRUMENTATION: every open activation of every
 * thread ends now, as Callgrind unwinds its call stacks then. */
void cg_stack_end_all(void);
/* CALLGRIND_TOGGLE_COLLECT (as Callgrind): counting flips. */
void cg_stack_toggle_collect(void);

/* Bytes the stacks hold, for --stats. */
ULong cg_stack_bytes(void);

#endif
