/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_main.c: the tool's life cycle in one place: registration with the
 * Valgrind core (the options are cg_options.c's), client requests,
 * start-up, the callbacks the core makes while the client runs, and exit.
 * It also defines `cg`, the tool's run-time state (cg_state.h), with every
 * default. */
#include "cg_caches.h"
#include "cg_callgraph.h"
#include "cg_clients.h"
#include "cg_dumps.h"
#include "cg_instrument.h"
#include "cg_options.h"
#include "cg_output.h"
#include "cg_records.h"
#include "cg_regions.h"
#include "cg_repeat.h"
#include "cg_runtime.h"
#include "cg_skip.h"
#include "cg_stack.h"
#include "cg_threads.h"
#include "cg_tiers.h"
#include "cachegrind.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"
#include "pub_tool_transtab.h"
#include "valgrind.h"

CgState cg = {
    .clo =
        {
            .cache_sim = False,
            .branch_sim = False,
            .instr_at_start = True,
            .out_file = "cachegrind.out.%p",
            .hot_threshold = 2000,
            .max_paths = 1000000,
            .path_share = 10000, /* 0.01% */
            .call_graph = CG_GRAPH_YES,
            .cpu = CG_CPU_HOST,
        },
    .instr_enabled = True,
    .collect = 1,
    .cache_clo = {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}},
};

/* ------------------------------------------------------------------ */
/* Client requests                                                     */
/* ------------------------------------------------------------------ */

/* Every toggle discards all translations so that code is made again in
 * the new state; the discard must come first, while the flag still says
 * how the discarded translations were made. */
static void set_instrumentation(Bool on, const HChar *request)
{
    if (cg.instr_enabled == on) {
        /* Upstream Cachegrind warns; Callgrind says nothing. */
        if (cg.clo.as_callgrind) return;
        VG_(dmsg)("warning: %s called,\n", request);
        VG_(dmsg)("         but instrumentation is already %s\n", on ? "enabled" : "disabled");
        return;
    }
    VG_(discard_translations_safely)(0x1000, ~(SizeT)0xfff, "cachegrind");
    cg.instr_enabled = on;
    /* Callgrind follows no call while instrumentation is off: its stacks
     * end (the regions with them) and start again empty. */
    if (cg.clo.as_callgrind && !on) cg_stack_end_all();
}

/* What a client request asks for, whichever tool's code it has. */
typedef enum { REQ_START, REQ_STOP, REQ_ZERO, REQ_DUMP, REQ_TOGGLE } Request;

static void do_request(Request what, const HChar *name, Addr label)
{
    switch (what) {
    case REQ_START:
        set_instrumentation(True, name);
        break;
    case REQ_STOP:
        set_instrumentation(False, name);
        break;
    case REQ_ZERO:
        cg_dumps_zero();
        break;
    case REQ_DUMP:
        cg_dumps_dump(label);
        break;
    case REQ_TOGGLE:
        cg_stack_toggle_collect();
        break;
    }
}

/* Callgrind's requests (CG_CT_...), as Callgrind does them when the tool
 * runs as Callgrind. */
static const Request callgrind_requests[] = {
    [CG_CT_DUMP_STATS] = REQ_DUMP,
    [CG_CT_ZERO_STATS] = REQ_ZERO,
    [CG_CT_TOGGLE_COLLECT] = REQ_TOGGLE,
    [CG_CT_DUMP_STATS_AT] = REQ_DUMP,
    [CG_CT_START_INSTRUMENTATION] = REQ_START,
    [CG_CT_STOP_INSTRUMENTATION] = REQ_STOP,
};

/* CodSpeed's request to skip an object from now on (its path, a string of
 * the client's): as --obj-skip, the code translated before is translated
 * again. */
static void skip_object_request(Addr path)
{
    HChar buf[VKI_PATH_MAX];
    cg_clients_text(path, buf, sizeof buf);
    if (buf[0] == '\0' || cg_skip_object(buf)) return;
    cg_skip_add(buf);
    cg_stack_slow_returns();
    cg_callgraph_reskip();
    VG_(discard_translations_safely)(0x1000, ~(SizeT)0xfff, "cachegrind");
}

/* Run as Callgrind, with the block that made the request counted after
 * it (cg_clients.c); CodSpeed's two and the undefined codes are noted. */
static Bool callgrind_request(ThreadId tid, const UWord *args, UWord *ret)
{
    UWord k = args[0] - VG_USERREQ_TOOL_BASE('C', 'T');
    if (k == CG_CT_CODSPEED_SKIP_OBJ || k == CG_CT_CODSPEED_META) {
        if (k == CG_CT_CODSPEED_SKIP_OBJ)
            skip_object_request(args[1]);
        else
            cg_clients_add_meta(args[1]);
        *ret = 0;
        return True;
    }
    if (k >= sizeof callgrind_requests / sizeof callgrind_requests[0])
        return cg_clients_request(args, ret);
    Request what = callgrind_requests[k];
    cg_clients_block_out(tid);
    do_request(what, cg_callgrind_request_names[k], k == CG_CT_DUMP_STATS_AT ? args[1] : 0);
    /* With Callgrind's cache simulation, measured: a toggle's block is
     * not counted, whichever way it switches. */
    cg_clients_block_in(!(what == REQ_TOGGLE && cg.clo.cache_sim));
    *ret = 0;
    return True;
}

/* Upstream's codes ('C','G') and this project's own ('C','R': upstream's
 * tool warns about any code of its range that it does not know, and no
 * Valgrind tool uses this one, so a program that makes our requests runs
 * quietly under any of them); Callgrind's are noted by cg_clients.c, or
 * done as Callgrind does them when the tool runs as Callgrind. */
static Bool handle_client_request(ThreadId tid, UWord *args, UWord *ret)
{
    if (cg.clo.as_callgrind && VG_IS_TOOL_USERREQ('C', 'T', args[0]))
        return callgrind_request(tid, args, ret);
    if (cg_clients_request(args, ret)) return True;
    if (!VG_IS_TOOL_USERREQ('C', 'G', args[0]) && !VG_IS_TOOL_USERREQ('C', 'R', args[0]) &&
        args[0] != VG_USERREQ__GDB_MONITOR_COMMAND)
        return False;
    switch (args[0]) {
    case VG_USERREQ__CG_START_INSTRUMENTATION:
        do_request(REQ_START, "CACHEGRIND_START_INSTRUMENTATION", 0);
        break;
    case VG_USERREQ__CG_STOP_INSTRUMENTATION:
        do_request(REQ_STOP, "CACHEGRIND_STOP_INSTRUMENTATION", 0);
        break;
    case VG_USERREQ__CG_ZERO_STATS:
        do_request(REQ_ZERO, "CACHEGRIND_ZERO_STATS", 0);
        break;
    case VG_USERREQ__CG_DUMP_STATS_AT:
        do_request(REQ_DUMP, "CACHEGRIND_DUMP_STATS_AT", args[1]);
        break;
    default:
        VG_(umsg)("Warning: unknown cachegrind client request code %llx\n", (ULong)args[0]);
        return False;
    }
    *ret = 0;
    return True;
}

/* ------------------------------------------------------------------ */
/* While the client runs                                               */
/* ------------------------------------------------------------------ */

/* A translation was discarded.  Records are keyed by the first extent's
 * address, which is what the instrumenter saw as the block's start. */
static void discard_superblock(Addr orig_addr, VexGuestExtents vge)
{
    (void)orig_addr; /* the address the client asked for, maybe redirected */
    if (cg_record_discard(vge.base[0])) cg_tiers_discarded(vge.base[0]);
}

/* Called by the core whenever a thread is about to run client code: no
 * translation is executing and no chaining request is outstanding, so
 * discarding is safe, and the translations discarded before the previous
 * call cannot run any more. */
static void between_blocks(ThreadId tid, ULong blocks_dispatched)
{
    (void)blocks_dispatched;
    cg_skip_settle();
    cg_threads_bury();
    cg_records_bury();
    cg_tiers_switch();
    if (tid != cg.stack_tid && cg.stack_tid != VG_INVALID_THREADID) cg_threads_settle(cg.stack_tid);
    cg_stack_thread_runs(tid);
}

static void thread_created(ThreadId parent, ThreadId child)
{
    cg_stack_thread_created(parent, child);
    cg_threads_created(child);
}

/* The core calls one hook before and one after every system call. */
static void pre_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs)
{
    cg_repeat_pre_syscall(tid, sysno, args, nargs);
    cg_dumps_pre_syscall(tid, sysno, args, nargs);
    cg_clients_pre_syscall(tid, sysno);
}

static void post_syscall(ThreadId tid, UInt sysno, UWord *args, UInt nargs, SysRes res)
{
    cg_repeat_post_syscall(tid, sysno, args, nargs, res);
    cg_dumps_post_syscall(tid, sysno, args, nargs, res);
    cg_clients_post_syscall(tid);
}

/* ------------------------------------------------------------------ */
/* Start-up and exit                                                   */
/* ------------------------------------------------------------------ */

static void post_clo_init(void)
{
    if (VG_(clo_verbosity) > 1) VG_(dmsg)("Tool: %s\n", CG_PROJECT);
    if (cg.clo.as_callgrind && cg.clo.collect_at_start < 0)
        cg.clo.collect_at_start = cg.clo.n_toggle == 0;
    cg_lines_init();
    cg_records_init();
    cg_tiers_init();
    cg_runtime_init();
    cg_repeat_init();
    if (cg_stack_on()) cg.threads = VG_(calloc)("cg.threads", VG_N_THREADS, sizeof *cg.threads);
    cg_regions_init();
    cg_stack_init();
    cg_threads_init();
    cg_dumps_init();
    if (cg.clo.cache_sim) cg_caches_configure();
    if (!cg.clo.instr_at_start) cg.instr_enabled = False;
    VG_(track_start_client_code)(between_blocks);
    /* Threads and signals move the activation stacks. */
    if (cg_stack_on()) {
        VG_(track_pre_thread_ll_create)(thread_created);
        VG_(track_pre_deliver_signal)(cg_stack_signal_delivered);
        VG_(track_post_deliver_signal)(cg_stack_signal_returned);
    }
}

static void fini(Int exitcode)
{
    (void)exitcode; /* the profile is written whatever the client's status */
    cg_skip_settle();
    cg_records_fold_all();
    cg_stack_settle_open(0);
    cg_write_results();
    if (cg_regions_on()) cg_regions_unmatched();
}

static void pre_clo_init(void)
{
    /* The first banner line stays upstream's (programs match on it), so no
     * version goes into it; the copyright line is this project's. */
    VG_(details_name)("Cachegrind");
    VG_(details_version)(NULL);
    VG_(details_description)("a high-precision tracing profiler");
    VG_(details_copyright_author)
    ("Copyright (C) 2026, and GNU GPL'd, by the Cachegrind, rebuilt authors");
    VG_(details_bug_reports_to)("the Cachegrind, rebuilt project, not to valgrind.org");
    VG_(details_avg_translation_sizeB)(500);

    /* Upstream asks for the stack pointer to be exact at memory accesses;
     * that shapes the IR we are given, so it must match for equal counts. */
    VG_(clo_vex_control).iropt_register_updates_default = VG_(clo_px_file_backed) =
        VexRegUpdSpAtMemAccess;
    /* Run as Callgrind, its defaults, chasing and unrolling off included:
     * they shape the superblocks, and so the counts of a region. */
    if (cg_clients_started_as_callgrind()) {
        cg.clo.as_callgrind = True;
        cg.clo.collect_at_start = -1;
        cg.clo.out_file = "callgrind.out.%p";
        cg.clo.call_graph = CG_GRAPH_CALLGRIND;
        VG_(clo_vex_control).guest_chase = False;
        VG_(clo_vex_control).iropt_unroll_thresh = 0;
    }

    VG_(basic_tool_funcs)(post_clo_init, cg_instrument, fini);
    VG_(needs_superblock_discards)(discard_superblock);
    VG_(needs_command_line_options)(cg_options_take, cg_options_usage, cg_options_debug_usage);
    VG_(needs_client_requests)(handle_client_request);
    VG_(needs_syscall_wrapper)(pre_syscall, post_syscall);
}

VG_DETERMINE_INTERFACE_VERSION(pre_clo_init)
