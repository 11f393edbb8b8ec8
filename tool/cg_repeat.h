/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_repeat.h: counts that do not move between machines and runs: the CPU
 * model the guest's CPUID reports (--cpu), a deterministic stream in place
 * of the kernel's randomness (--seed), and the fingerprint line that says
 * what the counts depend on (--fingerprint). */
#ifndef CG_REPEAT_H
#define CG_REPEAT_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* The CG_CPU_ level a --cpu value names, or -1 for none (the option
 * itself is cg_main.c's). */
Int cg_repeat_cpu_level(const HChar *name);
/* After the options: refuses a --cpu level this host cannot run. */
void cg_repeat_init(void);
/* Every superblock, instrumented or not: points CPUID at the chosen model
 * and, with --seed, RDRAND/RDSEED at the seeded stream. */
void cg_repeat_rewrite(IRSB *sb);
/* The core's syscall hooks: with --seed, the bytes that getrandom(2) and
 * reads of /dev/urandom or /dev/random return are replaced. */
void cg_repeat_pre_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs);
void cg_repeat_post_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs, SysRes res);
/* The `desc: fingerprint: ...` text, without the newline. */
void cg_repeat_fingerprint(HChar *buf, SizeT n);

#endif
