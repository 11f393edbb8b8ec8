/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_dumps.h: counts written or forgotten before the process exits: the
 * CACHEGRIND_ZERO_STATS and CACHEGRIND_DUMP_STATS_AT requests, a forked
 * child's counts (--fork-counts) and the counts before an execve
 * (--exec-profile). */
#ifndef CG_DUMPS_H
#define CG_DUMPS_H

#include "cg_state.h"

/* After the options (cg_options.c takes --fork-counts and --exec-profile). */
void cg_dumps_init(void);
/* CACHEGRIND_ZERO_STATS: every count so far is forgotten; the simulators
 * keep their state. */
void cg_dumps_zero(void);
/* CACHEGRIND_DUMP_STATS_AT: the counts so far go to the next free
 * <out-file>.<n> with the label (a client address, 0 for none) in a desc:
 * line, and are forgotten. */
void cg_dumps_dump(Addr label);
/* The core's syscall hooks: with --exec-profile=yes, the counts before an
 * execve, removed again if the call fails. */
void cg_dumps_pre_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs);
void cg_dumps_post_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs, SysRes res);

#endif
