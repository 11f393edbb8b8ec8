/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_dumps.c: counts that leave the process before its exit, or are
 * forgotten (docs/cachegrind.md, "Dumps, forks and execs").
 *
 * A partial profile is written as <out-file>.<n>, with the next number that
 * is free: the file is created exclusively, so no partial profile ever
 * replaces a file, and the processes that share a name (a child without %p
 * in the name, or the programs that one pid runs one after the other
 * through execve) number theirs on from the files they find.  It holds the
 * counts since the last one this process wrote (or since a ZERO_STATS
 * request), and a desc: line that says why it was written.
 *
 * Counts live in two places: the execution counts of flush groups in the
 * superblock records, and the line cost centres (misses, mispredictions,
 * guarded accesses), and with --call-graph in the arcs (cg_stack.c).
 * Folding the first into the second, then clearing the lines and the arcs,
 * forgets them all; the simulators keep their state, and the activations
 * still open go on, counting from there. */
#include "cg_dumps.h"
#include "cg_clients.h"
#include "cg_output.h"
#include "cg_records.h"
#include "cg_skip.h"
#include "cg_stack.h"
#include "cg_threads.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

/* The longest label or path a desc: line takes from the client; longer
 * ones are cut. */
#define TEXT_MAX 1024

/* The profile a request of the running thread's reads or forgets: its
 * own with --separate-threads=yes (as Callgrind: the other threads' counts
 * stay for the end), else the one of all threads (0). */
static ThreadId requester(void)
{
    return cg_thread_key(cg.stack_tid);
}

static void forget_counts(void)
{
    cg_skip_settle();
    cg_records_fold_all();
    ThreadId t = requester();
    if (t) {
        cg_threads_settle(t);
        cg_threads_forget(t);
    }
    cg_lines_zero();
    cg_stack_zero(t);
}

/* In a forked child.  Its partial profiles are numbered from 1 again: with
 * %p they have names of their own, and without, the numbers its parent
 * took are not free. */
static void in_child(ThreadId tid)
{
    (void)tid;
    cg.dump_seq = 0;
    if (cg.clo.fork_own) forget_counts();
}

void cg_dumps_init(void)
{
    VG_(atfork)(NULL, NULL, in_child);
}

void cg_dumps_zero(void)
{
    forget_counts();
}

/* Writes the counts so far, which stay in the lines, to the next free
 * <out-file>.<n> with the line `desc`.  Returns the name written (to be
 * freed), or NULL when it could not be written (a message says why). */
static HChar *write_partial(const HChar *desc, ThreadId t)
{
    cg_skip_settle();
    cg_records_fold_all();
    if (t) {
        cg_threads_settle(t);
        cg_threads_load(t);
    }
    cg_stack_settle_open(t);
    HChar *base = VG_(expand_file_name)("--cachegrind-out-file", cg.clo.out_file);
    if (cg.clo.combine_dumps) {
        /* Run as Callgrind, one file of parts (the final one the last). */
        CgWriteResult r = cg_write_part(base, desc, t);
        if (t) cg_threads_unload();
        if (r == CG_WRITTEN) return base;
        VG_(free)(base);
        return NULL;
    }
    /* <out-file>.<n>, and a thread's own <out-file>.<n>-TT. */
    HChar *name = VG_(malloc)("cg.dumps.name", VG_(strlen)(base) + 16 + CG_THREAD_SUFFIX_MAX);
    CgWriteResult r = CG_NAME_TAKEN;
    UInt n = cg.dump_seq;
    while (r == CG_NAME_TAKEN && ++n != 0) {
        SizeT at = VG_(sprintf)(name, "%s.%u", base, n);
        if (t) cg_thread_suffix(name + at, t);
        r = cg_write_partial(name, desc, t);
    }
    if (t) cg_threads_unload();
    VG_(free)(base);
    if (r != CG_WRITTEN) {
        VG_(free)(name);
        return NULL;
    }
    cg.dump_seq = n;
    if (VG_(clo_verbosity) > 1) VG_(dmsg)("Cachegrind: wrote %s\n", name);
    return name;
}

/* `desc: KEY: TEXT`, TEXT from the client (`desc: KEY:` when there is none
 * or it cannot be read). */
static HChar *desc_line(const HChar *key, Addr text)
{
    HChar *d = VG_(malloc)("cg.dumps.desc", TEXT_MAX + 32);
    SizeT at = VG_(sprintf)(d, "desc: %s: ", key);
    cg_clients_text(text, d + at, TEXT_MAX);
    if (d[at] == '\0') d[at - 1] = '\0';
    return d;
}

void cg_dumps_dump(Addr label)
{
    /* Run as Callgrind, its trigger line, without a colon when unnamed. */
    HChar *desc = desc_line(cg.clo.as_callgrind ? "Trigger: Client Request" : "dump", label);
    SizeT len = VG_(strlen)(desc);
    if (cg.clo.as_callgrind && desc[len - 1] == ':') desc[len - 1] = '\0';
    ThreadId t = requester();
    HChar *name = write_partial(desc, t);
    /* A dump that could not be written forgets nothing: its counts go to
     * the next dump or the final profile. */
    if (name) {
        cg.parts++;
        if (t) cg_threads_forget(t);
        cg_lines_zero();
        cg_stack_zero(t);
        VG_(free)(name);
    }
    VG_(free)(desc);
}

/* Whether the call is an execve, and the client address of its path. */
static Bool is_exec(UInt sysno, const UWord *args, Addr *path)
{
    if (sysno == __NR_execve) {
        *path = args[0];
        return True;
    }
#if defined(__NR_execveat)
    if (sysno == __NR_execveat) {
        *path = args[1];
        return True;
    }
#endif
    return False;
}

/* This hook runs before the core's own checks of the call, so the profile
 * is written whether the call will succeed or not: a successful execve
 * never returns to the tool. */
void cg_dumps_pre_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs)
{
    (void)tid, (void)nargs;
    Addr path;
    if (!cg.clo.exec_profile || !is_exec(sysno, args, &path)) return;
    HChar *desc = desc_line("exec", path);
    cg.exec_seq_before = cg.dump_seq;
    cg.exec_file = write_partial(desc, 0);
    VG_(free)(desc);
}

/* An execve that returns has failed: the process goes on, and the counts,
 * which were never forgotten, go to a later dump or the final profile. */
void cg_dumps_post_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs, SysRes res)
{
    (void)tid, (void)nargs, (void)res;
    Addr path;
    if (!cg.exec_file || !is_exec(sysno, args, &path)) return;
    VG_(unlink)(cg.exec_file);
    VG_(free)(cg.exec_file);
    cg.exec_file = NULL;
    cg.dump_seq = cg.exec_seq_before;
}
