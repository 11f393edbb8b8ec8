/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_threads.h: run as Callgrind with --separate-threads=yes, a profile
 * per thread: each thread's own line counts, kept apart from the lines
 * that all threads' generated code counts into. */
#ifndef CG_THREADS_H
#define CG_THREADS_H

#include "cg_records.h"
#include "pub_tool_tooliface.h"

/* The thread whose profile the counts, arcs and paths of thread `tid` go
 * to: its own with --separate-threads=yes, else 0 (one profile for all). */
static inline ThreadId cg_thread_key(ThreadId tid)
{
    return cg.clo.separate_threads ? tid : 0;
}

/* After the options and cg.threads. */
void cg_threads_init(void);
/* The IR at a superblock's start that puts its record on the list of those
 * that ran since the last settle (the first time in each stretch); and
 * the same from outside generated code, for counts added to a record
 * (cg_clients.c's block moves).  Only with --separate-threads=yes. */
void cg_threads_emit_ran(IRSB *out, SBInfo *sbi);
void cg_threads_ran(SBInfo *sbi);
/* Before the graveyard is freed: the counts of its records that ran in
 * this stretch are the running thread's. */
void cg_threads_bury(void);
/* Thread `tid` was created (the first thread is at the start). */
void cg_threads_created(ThreadId tid);
/* Whether `tid` was ever created: a final profile is written for each. */
Bool cg_threads_exist(ThreadId tid);
/* The counts made since the last call are those of `tid`, the thread that
 * ran since then: they move from the lines (and the records) into its
 * table, and every line is 0 after.  At every thread switch, and before a
 * profile is written. */
void cg_threads_settle(ThreadId tid);
/* `n` of event `ev` (and `rec` of its recursion-level part) on line `cc`
 * for thread `tid`, counted outside generated code (a system call's, when
 * it returns, maybe after another thread ran). */
void cg_threads_count(ThreadId tid, LineCC *cc, Int ev, ULong n, ULong rec);
/* The counts of `tid` into the lines (all 0: just settled), for writing;
 * and the lines back to 0 after, `tid`'s table unchanged. */
void cg_threads_load(ThreadId tid);
void cg_threads_unload(void);
/* Everything `tid` counted is forgotten (it was dumped, or ZERO_STATS). */
void cg_threads_forget(ThreadId tid);

#endif
