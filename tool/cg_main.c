/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_main.c: the tool's life cycle in one place: registration with the
 * Valgrind core, options, client requests, start-up, the callbacks the core
 * makes while the client runs, and exit.  It also defines `cg`, the tool's
 * run-time state (cg_state.h), with every default. */
#include "cg_caches.h"
#include "cg_callgraph.h"
#include "cg_clients.h"
#include "cg_dumps.h"
#include "cg_instrument.h"
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
/* Options                                                             */
/* ------------------------------------------------------------------ */

/* A --seed value: decimal digits only, and no wrap-around past 2^64-1.
 * False if it is not such a number (*n then holds the digits read). */
static Bool parse_seed(const HChar *text, ULong *n)
{
    const HChar *p = text;
    *n = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        ULong d = (ULong)(*p - '0');
        if (*n > (~0ULL - d) / 10) break;
        *n = *n * 10 + d;
    }
    return p != text && *p == '\0';
}

/* A --call-path-threshold value: a percentage from 0 to 100 with at most
 * six decimals ("0.01", "5", "0.000001"), into millionths of a percent.
 * False if it is not one. */
static Bool parse_share(const HChar *text, UInt *share)
{
    const HChar *p = text;
    ULong v = 0;
    Int decimals = -1;
    for (; (*p >= '0' && *p <= '9') || (*p == '.' && decimals < 0); p++) {
        if (*p == '.') {
            decimals = 0;
            continue;
        }
        if (decimals >= 6 || v > CG_PATH_SHARE_ALL) return False;
        v = v * 10 + (ULong)(*p - '0');
        if (decimals >= 0) decimals++;
    }
    if (p == text || *p != '\0' || (decimals == 0 && p - text == 1)) return False;
    for (Int d = decimals < 0 ? 0 : decimals; d < 6; d++) v *= 10;
    if (v > CG_PATH_SHARE_ALL) return False;
    *share = (UInt)v;
    return True;
}

/* One more --toggle-collect pattern, after those given before it. */
static void add_toggle(const HChar *pat)
{
    const HChar **v = VG_(malloc)("cg.regions.clo", (cg.clo.n_toggle + 1) * sizeof *v);
    for (UInt i = 0; i < cg.clo.n_toggle; i++) v[i] = cg.clo.toggle[i];
    if (cg.clo.toggle) VG_(free)(cg.clo.toggle);
    v[cg.clo.n_toggle++] = pat;
    cg.clo.toggle = v;
}

/* Run as Callgrind, Callgrind's spellings of this tool's options, and the
 * options of Callgrind's whose every value means what this tool does
 * anyway: names and positions are written uncompressed (which Callgrind's
 * readers take whatever these say), and positions are source lines
 * (Callgrind too falls back to lines with --dump-line=no
 * --dump-instr=no). */
static Bool callgrind_option(const HChar *arg)
{
    Bool b;
    const HChar *v;
    if VG_STR_CLO (arg, "--callgrind-out-file", cg.clo.out_file) {
    } else if VG_BOOL_CLO (arg, "--instr-atstart", cg.clo.instr_at_start) {
    } else if VG_BOOL_CLO (arg, "--collect-atstart", b) {
        cg.clo.collect_at_start = b;
    } else if VG_BOOL_CLO (arg, "--dump-line", b) {
    } else if VG_BOOL_CLO (arg, "--compress-strings", b) {
    } else if VG_BOOL_CLO (arg, "--compress-pos", b) {
    } else if VG_XACT_CLO (arg, "--dump-instr=no", b, False) {
    } else if VG_BOOL_CLO (arg, "--combine-dumps", cg.clo.combine_dumps) {
    } else if VG_STR_CLO (arg, "--collect-systime", v) {
        static const HChar *const units[] = {"no", "msec", "usec", "nsec"};
        cg.clo.systime = -1;
        for (Int u = 0; u < 4; u++)
            if (VG_(strcmp)(v, units[u]) == 0) cg.clo.systime = u;
        if (VG_(strcmp)(v, "yes") == 0) cg.clo.systime = CG_SYSTIME_MSEC;
        if (cg.clo.systime < 0)
            VG_(fmsg_bad_option)(arg, "--collect-systime takes no, yes, msec, usec or nsec\n");
    } else if VG_BOOL_CLO (arg, "--separate-threads", cg.clo.separate_threads) {
    } else if VG_STR_CLO (arg, "--obj-skip", v) {
        if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "--obj-skip needs an object's path\n");
        cg_skip_add(v);
    } else {
        cg_clients_option_hint(arg);
        return False;
    }
    return True;
}

/* Every option but the caches' (cg_caches.c keeps those in cg.cache_clo)
 * is taken here: this is the only code that writes cg.clo. */
static Bool process_option(const HChar *arg)
{
    const HChar *v;
    Long hot_threshold, max_paths;
    if (cg_cache_option(arg)) return True;
    if VG_STR_CLO (arg, "--cachegrind-out-file", cg.clo.out_file) {
    } else if VG_BOOL_CLO (arg, "--cache-sim", cg.clo.cache_sim) {
    } else if VG_BOOL_CLO (arg, "--branch-sim", cg.clo.branch_sim) {
    } else if VG_BOOL_CLO (arg, "--instr-at-start", cg.clo.instr_at_start) {
    } else if VG_BINT_CLO (arg, "--hot-threshold", hot_threshold, 0, 1000000000) {
        cg.clo.hot_threshold = hot_threshold;
    } else if VG_STR_CLO (arg, "--toggle-collect", v) {
        if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "--toggle-collect needs a function name\n");
        add_toggle(v);
    } else if VG_STR_CLO (arg, "--fork-counts", v) {
        if (VG_(strcmp)(v, "inherit") == 0)
            cg.clo.fork_own = False;
        else if (VG_(strcmp)(v, "own") == 0)
            cg.clo.fork_own = True;
        else
            VG_(fmsg_bad_option)(arg, "--fork-counts takes inherit or own\n");
    } else if VG_BOOL_CLO (arg, "--exec-profile", cg.clo.exec_profile) {
    } else if VG_STR_CLO (arg, "--cpu", v) {
        Int level = cg_repeat_cpu_level(v);
        if (level < 0)
            VG_(fmsg_bad_option)(arg, "--cpu takes host, x86-64, x86-64-v2 or x86-64-v3\n");
        else
            cg.clo.cpu = level;
    } else if VG_STR_CLO (arg, "--seed", v) {
        ULong seed;
        if (!parse_seed(v, &seed))
            VG_(fmsg_bad_option)(arg, "--seed takes a whole number from 0 to 2^64-1\n");
        cg.clo.seed = seed;
        cg.clo.have_seed = True;
    } else if VG_BOOL_CLO (arg, "--fingerprint", cg.clo.fingerprint) {
    } else if VG_STR_CLO (arg, "--call-graph", v) {
        if (VG_(strcmp)(v, "yes") == 0)
            cg.clo.call_graph = CG_GRAPH_YES;
        else if (VG_(strcmp)(v, "no") == 0)
            cg.clo.call_graph = CG_GRAPH_NO;
        else if (VG_(strcmp)(v, "callgrind") == 0)
            cg.clo.call_graph = CG_GRAPH_CALLGRIND;
        else
            VG_(fmsg_bad_option)(arg, "--call-graph takes yes, no or callgrind\n");
        /* Callgrind's files are Callgrind's format, its events included. */
        if (cg.clo.as_callgrind && cg.clo.call_graph != CG_GRAPH_CALLGRIND) VG_(fmsg_bad_option)
        (arg, "run as Callgrind, the call graph is written in "
              "Callgrind's format (--call-graph=callgrind)\n");
    } else if VG_BOOL_CLO (arg, "--inline-frames", cg.clo.inline_frames) {
    } else if VG_BINT_CLO (arg, "--max-call-paths", max_paths, 0, 100000000) {
        cg.clo.max_paths = (UInt)max_paths;
    } else if VG_STR_CLO (arg, "--call-path-threshold", v) {
        if (!parse_share(v, &cg.clo.path_share))
            VG_(fmsg_bad_option)(arg, "--call-path-threshold takes a percentage from 0 to 100\n");
    } else if (cg.clo.as_callgrind) {
        return callgrind_option(arg);
    } else {
        cg_clients_option_hint(arg);
        return False;
    }
    return True;
}

static void print_usage(void)
{
    VG_(printf)
    ("    --cachegrind-out-file=<file>     output file name [cachegrind.out.%%p]\n"
     "    --cache-sim=yes|no               collect cache stats? [no]\n"
     "    --branch-sim=yes|no              collect branch prediction stats? [no]\n"
     "    --instr-at-start=yes|no          instrument at start? [yes]\n"
     "    --toggle-collect=<function>      count only while a function of that name\n"
     "                                     (* and ? match any characters) runs;\n"
     "                                     may be repeated [count everything]\n"
     "    --fork-counts=inherit|own        a forked child's counts start with its\n"
     "                                     parent's, or from zero [inherit]\n"
     "    --exec-profile=yes|no            write the counts so far before an\n"
     "                                     execve [no]\n"
     "    --call-graph=yes|no|callgrind    record calls, inclusive costs and call\n"
     "                                     paths (the counts stay the same), in `#'\n"
     "                                     lines of the usual file, or written in\n"
     "                                     Callgrind's format; no: the flat profile\n"
     "                                     alone (the graph costs 5-15%% of the\n"
     "                                     time, up to 30%% on call-heavy code) [yes]\n"
     "    --max-call-paths=<n>             call paths kept; once full, new ones\n"
     "                                     fold into open ones [1000000]\n"
     "    --call-path-threshold=<pct>      write only the call paths with at least\n"
     "                                     this share of the instructions (and\n"
     "                                     their roots); the others' cost is their\n"
     "                                     caller's path's; 0: all of them [0.01]\n"
     "    --inline-frames=yes|no           keep the costs of code by instruction,\n"
     "                                     so that reports can show inlined\n"
     "                                     functions as frames (the counts\n"
     "                                     stay the same) [no]\n");
    cg_cache_usage();
    VG_(printf)
    ("    --cpu=<level>                    CPU model the program sees: host, x86-64,\n"
     "                                     x86-64-v2 or x86-64-v3 [host]\n"
     "    --seed=<number>                  seeded, repeatable randomness [none]\n"
     "    --fingerprint=yes|no             write what the counts depend on [no]\n");
    if (cg.clo.as_callgrind) VG_(printf)
    ("\n    Run as Callgrind (started as --tool=callgrind), it also takes\n"
     "    Callgrind's --callgrind-out-file [callgrind.out.%%p], --instr-atstart,\n"
     "    --collect-atstart, --combine-dumps, --collect-systime, --dump-line,\n"
     "    --compress-strings, --compress-pos, --dump-instr=no,\n"
     "    --separate-threads and CodSpeed's --obj-skip, and honours\n"
     "    Callgrind's client requests.\n");
    VG_(printf)
    ("\n    This tool is %s: report its bugs to that project (its\n"
     "    README, \"Reporting bugs\"), not to valgrind.org as the last line says.\n",
     CG_PROJECT);
}

static void print_debug_usage(void)
{
    VG_(printf)
    ("    --hot-threshold=<n>              translate a block again with the\n"
     "                                     simulators inline after <n> runs;\n"
     "                                     0: never (speed only, never a count)\n"
     "                                     [2000]\n");
}

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
    VG_(needs_command_line_options)(process_option, print_usage, print_debug_usage);
    VG_(needs_client_requests)(handle_client_request);
    VG_(needs_syscall_wrapper)(pre_syscall, post_syscall);
}

VG_DETERMINE_INTERFACE_VERSION(pre_clo_init)
