/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_clients.c: programs and harnesses written for Callgrind
 * (docs/cachegrind.md, "Programs written for Callgrind").
 *
 * Benchmarks instrumented for Callgrind make its client requests
 * (valgrind/callgrind.h: six codes from VG_USERREQ_TOOL_BASE('C','T'), and
 * two more that CodSpeed's fork of it adds after them).  Upstream
 * Cachegrind does not know them and the core stays silent, so such a
 * program gets a profile of its whole run, or of nothing at all under
 * --instr-at-start=no, with no word why.  This tool counts as upstream
 * does (its counts must equal upstream's), but says so: the first such
 * request is reported on stderr, at every verbosity (harnesses pass -q),
 * and every profile written after it names the requests in a desc: line.
 *
 * Harnesses also pass Callgrind's options; an option of Callgrind's that
 * this tool does not have is refused, as any unknown option is, but with
 * its name and this tool's spelling when there is one.
 *
 * Run as Callgrind (started as --tool=callgrind: a library directory has
 * this tool in Callgrind's place), the tool honours the requests (cg_main.c
 * does them), takes Callgrind's options, and counts system calls with
 * --collect-systime.
 *
 * A request's own block.  Callgrind adds the instructions of a block to
 * the counts when the next block starts, so the block that makes a
 * request is counted after the request has acted: a dump's in the next
 * part, STOP_INSTRUMENTATION's never (the next block is not instrumented),
 * TOGGLE_COLLECT's as counting is after it (with Callgrind's cache
 * simulation, never: cg_main.c).  This tool counts a block's flush points
 * as they pass, before.  So, run as Callgrind, a superblock that ends in a
 * client request or a system call leaves its record in cg.req_sbi and the
 * address it goes on at in cg.req_next; a request that finds the thread at
 * that address takes one execution of each of the record's flush groups
 * (all of them ran: the block reached its end) out before acting, and puts
 * them back after, through the gate of that moment, unless instrumentation
 * is off then.  A system call's block stays where it is, except the one
 * that ends the process or a thread, which no block follows.  Only
 * executions move: the simulators' misses stay where they were counted
 * (Callgrind's model differs there anyway).
 *
 * System calls (--collect-systime) are counted when they return, at the
 * line of the call instruction (the last of that block), through the gates
 * of the moment they were made. */
#include "cg_clients.h"
#include "cg_records.h"
#include "cg_skip.h"
#include "cg_stack.h"
#include "cg_threads.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"
#include "valgrind.h"

/* Callgrind's requests in callgrind.h's order, then CodSpeed's two, then
 * every other code of the range. */
const HChar *const cg_callgrind_request_names[CG_CALLGRIND_REQUESTS] = {
    "CALLGRIND_DUMP_STATS",
    "CALLGRIND_ZERO_STATS",
    "CALLGRIND_TOGGLE_COLLECT",
    "CALLGRIND_DUMP_STATS_AT",
    "CALLGRIND_START_INSTRUMENTATION",
    "CALLGRIND_STOP_INSTRUMENTATION",
    "CodSpeed's object-skip request",
    "CodSpeed's metadata request",
    "an undefined request of Callgrind's range",
};

Bool cg_clients_started_as_callgrind(void)
{
    Bool as = False;
    for (Word i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
        const HChar *a = *(HChar **)VG_(indexXA)(VG_(args_for_valgrind), i);
        if (VG_(strncmp)(a, "--tool=", 7) == 0) as = VG_(strcmp)(a + 7, "callgrind") == 0;
    }
    return as;
}

void cg_clients_emit_request_block(IRSB *out, SBInfo *sbi, Addr next)
{
    addStmtToIRSB(
        out, IRStmt_Store(Iend_LE, mkIRExpr_HWord((HWord)&cg.req_sbi), mkIRExpr_HWord((HWord)sbi)));
    addStmtToIRSB(out, IRStmt_Store(Iend_LE, mkIRExpr_HWord((HWord)&cg.req_next),
                                    mkIRExpr_HWord((HWord)next)));
}

/* One execution of every flush group of `sbi`, `sign` (+1 or -1) times the
 * gate, into its counts and the running totals. */
static void add_block(SBInfo *sbi, Long sign)
{
    if (cg.clo.separate_threads) cg_threads_ran(sbi);
    for (UInt g = 0; g < sbi->n_groups; g++) {
        sbi->groups[g].execs += sign * cg.collect;
        if (sbi->rec_execs) sbi->rec_execs[g] += sign * cg.rec_gate;
        if (sbi->kinds)
            for (Int k = 0; k < CG_COUNTED_KINDS; k++)
                cg.run[cg_counted_kinds[k]] += sign * sbi->kinds[g][k] * cg.collect;
    }
}

void cg_clients_block_out(ThreadId tid)
{
    if (cg.req_sbi && VG_(get_IP)(tid) != cg.req_next) cg.req_sbi = NULL;
    if (cg.req_sbi) add_block(cg.req_sbi, -1);
}

void cg_clients_block_in(Bool recount)
{
    if (cg.req_sbi && recount && cg.instr_enabled) add_block(cg.req_sbi, +1);
    cg.req_sbi = NULL;
}

static ULong now_ns(vki_clockid_t clock)
{
    struct vki_timespec ts;
    VG_(clock_gettime)(&ts, clock);
    return (ULong)ts.tv_sec * 1000000000ULL + (ULong)ts.tv_nsec;
}

/* The block that ends a process or a thread: no block follows it.  With
 * --collect-systime, the call's line and its start: a thread's call may
 * block while others run (and make blocks of their own). */
void cg_clients_pre_syscall(ThreadId tid, UInt sysno)
{
    if (!cg.clo.as_callgrind) return;
    CgSyscall *sc = &cg.threads[tid].syscall;
    Bool exits = sysno == __NR_exit_group || sysno == __NR_exit;
    sc->cc = NULL;
    /* The exits are not counted, as Callgrind does not (the core finishes
     * them, and Callgrind counts a call when it returns). */
    if (cg.clo.systime != CG_SYSTIME_NO && !exits && cg.req_sbi &&
        VG_(get_IP)(tid) == cg.req_next) {
        const InstrInfo *ii = &cg.req_sbi->instrs[cg.req_sbi->n_instrs - 1];
        /* A skipped object's call counts at its call site, as its other
         * costs do (cg_skip.c). */
        sc->cc = cg.skip_site && cg_skip_at(ii->addr) ? cg.skip_site : ii->cc;
        sc->collect = cg.collect;
        sc->rec_gate = cg.rec_gate;
        sc->wall_ns = now_ns(VKI_CLOCK_MONOTONIC);
        sc->cpu_ns = now_ns(VKI_CLOCK_THREAD_CPUTIME_ID);
    }
    if (exits) cg_clients_block_out(tid);
    cg.req_sbi = NULL;
}

/* One event of a system call into its line and the thread's running
 * totals, through the gates of the moment it was made. */
static void count_sys(ThreadId tid, const CgSyscall *sc, Int ev, ULong n)
{
    cg_threads_count(tid, sc->cc, ev, n * sc->collect, n * sc->rec_gate);
    cg_stack_count(tid, ev, n * sc->collect);
}

void cg_clients_post_syscall(ThreadId tid)
{
    if (!cg.clo.as_callgrind || cg.clo.systime == CG_SYSTIME_NO) return;
    CgSyscall *sc = &cg.threads[tid].syscall;
    if (!sc->cc) return;
    static const ULong per_unit[] = {1, 1000000, 1000, 1};
    count_sys(tid, sc, EV_SysCount, 1);
    count_sys(tid, sc, EV_SysTime,
              (now_ns(VKI_CLOCK_MONOTONIC) - sc->wall_ns) / per_unit[cg.clo.systime]);
    if (cg.clo.systime == CG_SYSTIME_NSEC)
        count_sys(tid, sc, EV_SysCpuTime, now_ns(VKI_CLOCK_THREAD_CPUTIME_ID) - sc->cpu_ns);
    sc->cc = NULL;
}

Bool cg_clients_request(const UWord *args, UWord *ret)
{
    if (!VG_IS_TOOL_USERREQ('C', 'T', args[0])) return False;
    UWord k = args[0] - VG_USERREQ_TOOL_BASE('C', 'T');
    if (k >= CG_CALLGRIND_REQUESTS) k = CG_CALLGRIND_REQUESTS - 1; /* the undefined ones */
    if (cg.callgrind_reqs_total++ == 0) {
        VG_(umsg)
        ("Warning: the program made Callgrind's client request %s.\n",
         cg_callgrind_request_names[k]);
        VG_(umsg)("   This tool ignores Callgrind's requests, as upstream Cachegrind does, so\n");
        VG_(umsg)("   they change no count.  Its own are in valgrind/cachegrind.h:\n");
        VG_(umsg)("   CACHEGRIND_START_INSTRUMENTATION (with --instr-at-start=no),\n");
        VG_(umsg)("   CACHEGRIND_STOP_INSTRUMENTATION, CACHEGRIND_ZERO_STATS and\n");
        VG_(umsg)("   CACHEGRIND_DUMP_STATS_AT; or see --toggle-collect.  Run as\n");
        VG_(umsg)("   Callgrind (--tool=callgrind through the launcher in\n");
        VG_(umsg)("   libexec/cachegrind-rebuilt/callgrind/), this tool honours\n");
        VG_(umsg)("   them: its manual, \"Running as Callgrind\".\n");
    }
    cg.callgrind_reqs[k]++;
    *ret = 0;
    return True;
}

void cg_clients_text(Addr a, HChar *buf, SizeT size)
{
    SizeT n = 0;
    for (; a != 0 && n + 1 < size; n++) {
        Addr p = a + n;
        if ((n == 0 || p % VKI_PAGE_SIZE == 0) && !VG_(am_is_valid_for_client)(p, 1, VKI_PROT_READ))
            break;
        UChar c = *(const UChar *)p;
        if (c == 0) break;
        buf[n] = c < 0x20 || c == 0x7f ? '?' : (HChar)c;
    }
    buf[n] = '\0';
}

void cg_clients_add_meta(Addr text)
{
    if (cg.n_meta >= CG_CLIENTS_META_MAX) return;
    HChar buf[1024];
    cg_clients_text(text, buf, sizeof buf);
    if (buf[0] == '\0') return;
    cg.meta = VG_(realloc)("cg.clients.meta", cg.meta, (cg.n_meta + 1) * sizeof *cg.meta);
    cg.meta[cg.n_meta++] = VG_(strdup)("cg.clients.meta", buf);
}

Bool cg_clients_desc(HChar *buf, SizeT size)
{
    if (cg.callgrind_reqs_total == 0) return False;
    /* The names are fixed and each count at most 20 digits, so the line's
     * longest form fits in CG_CLIENTS_DESC_MAX bytes. */
    tl_assert(size >= CG_CLIENTS_DESC_MAX);
    SizeT at = VG_(sprintf)(buf, "desc: Ignored: Callgrind client requests:");
    const HChar *sep = " ";
    for (Int k = 0; k < CG_CALLGRIND_REQUESTS; k++) {
        if (cg.callgrind_reqs[k] == 0) continue;
        at += VG_(sprintf)(buf + at, "%s%s %llu", sep, cg_callgrind_request_names[k],
                           cg.callgrind_reqs[k]);
        sep = ", ";
    }
    return True;
}

/* Callgrind's options (its manual, 3.19 to 3.27) that this tool does not
 * have, with this tool's spelling of the same meaning where one exists.
 * The ones both tools take (--cache-sim, --branch-sim, --I1, --D1, --LL,
 * --toggle-collect) are options here and never reach this table. */
static const struct {
    const HChar *name, *ours;
} callgrind_options[] = {
    {"--callgrind-out-file", "--cachegrind-out-file"},
    {"--instr-atstart", "--instr-at-start"},
    {"--collect-atstart", NULL},
    {"--dump-line", NULL},
    {"--dump-instr", NULL},
    {"--compress-strings", NULL},
    {"--compress-pos", NULL},
    {"--combine-dumps", NULL},
    {"--dump-every-bb", NULL},
    {"--dump-before", NULL},
    {"--dump-after", NULL},
    {"--zero-before", NULL},
    {"--collect-jumps", NULL},
    {"--collect-systime", NULL},
    {"--collect-bus", NULL},
    {"--separate-threads", NULL},
    {"--separate-callers", NULL},
    {"--separate-recs", NULL},
    {"--skip-plt", NULL},
    {"--skip-direct-rec", NULL},
    {"--fn-skip", NULL},
    {"--obj-skip", NULL},
    {"--simulate-wb", NULL},
    {"--simulate-hwpref", NULL},
    {"--cacheuse", NULL},
};

/* Whether `arg` is the option `name`: the name, then `=` or the end;
 * --separate-callers and --separate-recs may have a number before the `=`
 * (--separate-callers2=FN). */
static Bool is_option(const HChar *arg, const HChar *name)
{
    SizeT n = VG_(strlen)(name);
    if (VG_(strncmp)(arg, name, n) != 0) return False;
    const HChar *p = arg + n;
    if (VG_(strcmp)(name, "--separate-callers") == 0 || VG_(strcmp)(name, "--separate-recs") == 0)
        while (*p >= '0' && *p <= '9') p++;
    return *p == '=' || *p == '\0';
}

void cg_clients_option_hint(const HChar *arg)
{
    for (SizeT i = 0; i < sizeof callgrind_options / sizeof callgrind_options[0]; i++) {
        if (!is_option(arg, callgrind_options[i].name)) continue;
        if (cg.clo.as_callgrind) VG_(fmsg_bad_option)
        (arg,
         "%s is not available when this tool runs as Callgrind\n"
         "(docs/cachegrind.md, \"Running as Callgrind\", lists what is)\n",
         arg);
        if (callgrind_options[i].ours) VG_(fmsg_bad_option)
        (arg, "%s is Callgrind's spelling; this tool's is %s\n", callgrind_options[i].name,
         callgrind_options[i].ours);
        VG_(fmsg_bad_option)
        (arg,
         "%s is an option of Callgrind's, which this tool does not have\n"
         "(valgrind --tool=cachegrind --help lists its options)\n",
         callgrind_options[i].name);
    }
}
