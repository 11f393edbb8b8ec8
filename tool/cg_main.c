/* cg_main.c: the tool's registration with the Valgrind core, its options,
 * client requests and start-up/exit sequence (spec sections 1 and 10). */
#include "cg_tool.h"
#include "cachegrind.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_options.h"
#include "pub_tool_transtab.h"
#include "valgrind.h"

CgOptions cg_clo = {
    .cache_sim = False,
    .branch_sim = False,
    .instr_at_start = True,
    .out_file = "cachegrind.out.%p",
    .hot_threshold = 2000,
};

Bool cg_instr_enabled = True;

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

static Bool process_option(const HChar *arg)
{
    Long hot_threshold;
    if (cg_cache_option(arg)) return True;
    if VG_STR_CLO (arg, "--cachegrind-out-file", cg_clo.out_file) {
    } else if VG_BOOL_CLO (arg, "--cache-sim", cg_clo.cache_sim) {
    } else if VG_BOOL_CLO (arg, "--branch-sim", cg_clo.branch_sim) {
    } else if VG_BOOL_CLO (arg, "--instr-at-start", cg_clo.instr_at_start) {
    } else if VG_BINT_CLO (arg, "--hot-threshold", hot_threshold, 0, 1000000000) {
        cg_clo.hot_threshold = hot_threshold;
    } else
        return False;
    return True;
}

static void print_usage(void)
{
    VG_(printf)
    ("    --cachegrind-out-file=<file>     output file name [cachegrind.out.%%p]\n"
     "    --cache-sim=yes|no               collect cache stats? [no]\n"
     "    --branch-sim=yes|no              collect branch prediction stats? [no]\n"
     "    --instr-at-start=yes|no          instrument at start? [yes]\n");
    cg_cache_usage();
}

static void print_debug_usage(void)
{
    VG_(printf)("    (none)\n");
}

/* ------------------------------------------------------------------ */
/* Client requests                                                     */
/* ------------------------------------------------------------------ */

/* Every toggle discards all translations so that code is made again in
 * the new state; the discard must come first, while the flag still says
 * how the discarded translations were made. */
static void set_instrumentation(Bool on, const HChar *request)
{
    if (cg_instr_enabled == on) {
        VG_(dmsg)("warning: %s called,\n", request);
        VG_(dmsg)("         but instrumentation is already %s\n", on ? "enabled" : "disabled");
        return;
    }
    VG_(discard_translations_safely)(0x1000, ~(SizeT)0xfff, "cachegrind");
    cg_instr_enabled = on;
}

static Bool handle_client_request(ThreadId tid, UWord *args, UWord *ret)
{
    if (!VG_IS_TOOL_USERREQ('C', 'G', args[0]) && args[0] != VG_USERREQ__GDB_MONITOR_COMMAND)
        return False;
    switch (args[0]) {
    case VG_USERREQ__CG_START_INSTRUMENTATION:
        set_instrumentation(True, "CACHEGRIND_START_INSTRUMENTATION");
        *ret = 0;
        return True;
    case VG_USERREQ__CG_STOP_INSTRUMENTATION:
        set_instrumentation(False, "CACHEGRIND_STOP_INSTRUMENTATION");
        *ret = 0;
        return True;
    default:
        VG_(umsg)("Warning: unknown cachegrind client request code %llx\n", (ULong)args[0]);
        return False;
    }
}

/* ------------------------------------------------------------------ */
/* Start-up and exit                                                   */
/* ------------------------------------------------------------------ */

static void post_clo_init(void)
{
    cg_lines_init();
    cg_instrument_init();
    cg_runtime_init();
    if (cg_clo.cache_sim) cg_caches_configure();
    if (!cg_clo.instr_at_start) cg_instr_enabled = False;
    VG_(track_start_client_code)(cg_between_blocks);
}

static void fini(Int exitcode)
{
    cg_fold_all_counts();
    cg_write_results();
}

static void pre_clo_init(void)
{
    VG_(details_name)("Cachegrind");
    VG_(details_version)(NULL);
    VG_(details_description)("a high-precision tracing profiler");
    VG_(details_copyright_author)
    ("Copyright (C) 2002-2024, and GNU GPL'd, by Nicholas Nethercote et al.");
    VG_(details_bug_reports_to)(VG_BUGS_TO);
    VG_(details_avg_translation_sizeB)(500);

    /* Upstream asks for the stack pointer to be exact at memory accesses;
     * that shapes the IR we are given, so it must match for equal counts. */
    VG_(clo_vex_control).iropt_register_updates_default = VG_(clo_px_file_backed) =
        VexRegUpdSpAtMemAccess;

    VG_(basic_tool_funcs)(post_clo_init, cg_instrument, fini);
    VG_(needs_superblock_discards)(cg_discard_sb);
    VG_(needs_command_line_options)(process_option, print_usage, print_debug_usage);
    VG_(needs_client_requests)(handle_client_request);
}

VG_DETERMINE_INTERFACE_VERSION(pre_clo_init)
