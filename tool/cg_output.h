/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_output.h: what the tool writes at exit. */
#ifndef CG_OUTPUT_H
#define CG_OUTPUT_H

#include "pub_tool_basics.h"

/* The profile file, the summary on stderr and, with --stats, the tool's
 * statistics; the counts must have been folded into the lines first. */
void cg_write_results(void);

/* What writing a partial profile did. */
typedef enum { CG_WRITTEN, CG_NAME_TAKEN, CG_NOT_WRITTEN } CgWriteResult;
/* A partial profile (cg_dumps.c): the counts so far, which must have been
 * folded into the lines, with the line `desc` after the other desc: lines.
 * The file is created exclusively: CG_NAME_TAKEN when `name` exists (a
 * link, even a dangling one, included).  Otherwise a message says why it
 * could not be written, and no file is left. */
CgWriteResult cg_write_partial(const HChar *name, const HChar *desc, ThreadId thread);
/* Run as Callgrind with --combine-dumps=yes: the counts so far as the next
 * part of the file `name`, after the parts written before. */
CgWriteResult cg_write_part(const HChar *name, const HChar *desc, ThreadId thread);
/* Both: `thread` is whose profile it is (a cg_thread_key(): 0 for all
 * threads, else a `thread:` line says which). */
/* The name of a thread's own file, as Callgrind makes it: `name-TT`
 * (VG_(free) it); and the suffix alone, written at `end` (at most
 * CG_THREAD_SUFFIX_MAX bytes, its NUL included). */
#define CG_THREAD_SUFFIX_MAX 16
HChar *cg_thread_file_name(const HChar *name, ThreadId thread);
void cg_thread_suffix(HChar *end, ThreadId thread);

#endif
