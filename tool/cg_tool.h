/* cg_tool.h: the types and entry points shared by the tool's files.
 * Everything here runs inside Valgrind: no libc, only VG_() calls. */
#ifndef CG_TOOL_H
#define CG_TOOL_H

#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"
#include "cg_compat.h"
#include "cache.h"
#include "branch.h"

/* ------------------------------------------------------------------ */
/* Events and line cost centres (cg_lines.c)                           */
/* ------------------------------------------------------------------ */

/* The thirteen counters of a line, in the order of the full `events:` line.
 * The cache and branch groups are contiguous so output code can print a
 * subset by index ranges. */
enum {
    EV_Ir,
    EV_I1mr,
    EV_ILmr,
    EV_Dr,
    EV_D1mr,
    EV_DLmr,
    EV_Dw,
    EV_D1mw,
    EV_DLmw,
    EV_Bc,
    EV_Bcm,
    EV_Bi,
    EV_Bim,
    N_EVENTS
};

/* One cost centre per (file, function, line).  File and function names are
 * interned, so two centres name the same file iff the pointers are equal. */
typedef struct LineCC {
    const HChar *file;
    const HChar *fn;
    UInt line;
    struct LineCC *next; /* hash chain */
    ULong ev[N_EVENTS];
} LineCC;

/* Lookup statistics for --stats. */
typedef struct {
    ULong full, file_line, fn_only, none;
} DebugLookupStats;

void cg_lines_init(void);
/* The cost centre of the instruction at guest address `a`, created zeroed
 * the first time.  Reads debug info (counted in `stats` unless NULL); never
 * returns NULL. */
LineCC *cg_lines_get(Addr a, DebugLookupStats *stats);
/* All cost centres sorted by file, function, line (VG_(free) the array). */
LineCC **cg_lines_sorted(UInt *n);
UInt cg_lines_count(void);
UInt cg_lines_strings(void);
extern DebugLookupStats cg_lookup_stats;

/* ------------------------------------------------------------------ */
/* Options and shared state (cg_main.c)                                */
/* ------------------------------------------------------------------ */

typedef struct {
    Bool cache_sim;
    Bool branch_sim;
    Bool instr_at_start;
    const HChar *out_file;
    /* Executions of a flush after which its superblock is translated again
     * with inline fast paths (0: never).  Below about this many, the extra
     * translation work does not pay for itself.  Not in --help: a knob for
     * tests and measurements (--hot-threshold=N). */
    ULong hot_threshold;
} CgOptions;

extern CgOptions cg_clo;
/* False between a STOP request (or --instr-at-start=no) and a START. */
extern Bool cg_instr_enabled;

/* ------------------------------------------------------------------ */
/* Instrumentation and superblock records (cg_instrument.c)            */
/* ------------------------------------------------------------------ */

/* What the run-time helpers need about one guest instruction. */
typedef struct {
    Addr addr;
    UChar len;
    LineCC *cc;
} InstrInfo;

/* An event whose count is its flush group's executions. */
typedef struct {
    UShort instr;   /* index into the record's instrs[] */
    UChar ev;       /* EV_Ir, EV_Dr, EV_Dw, EV_Bc or EV_Bi */
    UChar simulate; /* cold tier: cg_helper_group has simulator work for it */
    UShort size;    /* Dr, Dw */
    UShort way1;    /* cold tier: its L1 references that hit way 1 (saturating) */
} CountedEvent;

/* Executions of one flush point, and the events it carries. */
typedef struct {
    ULong execs;
    UShort first, count; /* into counted[] */
} FlushGroup;

/* Everything about one translated superblock; the generated code points
 * into it, so it never moves while the translation lives. */
typedef struct SBInfo {
    Addr addr;                /* key: the superblock's guest start address */
    struct SBInfo *next_dead; /* in the graveyard, once discarded */
    UShort extent0_len;
    Bool queued; /* waiting to be translated again, hot */
    UInt n_instrs;
    UInt n_groups, max_groups;
    UInt n_counted, max_counted;
    FlushGroup *groups;
    CountedEvent *counted;
    InstrInfo instrs[0];
} SBInfo;

IRSB *cg_instrument(VgCallbackClosure *closure, IRSB *sb_in, const VexGuestLayout *layout,
                    const VexGuestExtents *vge, const VexArchInfo *archinfo, IRType gWordTy,
                    IRType hWordTy);
void cg_discard_sb(Addr orig_addr, VexGuestExtents vge);
void cg_instrument_init(void);
/* Moves every live superblock's execution counts into the line cost
 * centres; called once at exit, before the profile is written. */
void cg_fold_all_counts(void);
UInt cg_live_superblocks(void);
void cg_queue_for_hot(SBInfo *sbi);
void cg_between_blocks(ThreadId tid, ULong blocks_dispatched);
extern ULong cg_stat_nox, cg_stat_gen;

/* ------------------------------------------------------------------ */
/* Caches (cg_caches.c) and run-time helpers (cg_runtime.c)            */
/* ------------------------------------------------------------------ */

Bool cg_cache_option(const HChar *arg);
void cg_cache_usage(void);
/* Detects, checks and prints the cache configuration; sets up the
 * simulated caches.  Only called with --cache-sim=yes. */
void cg_caches_configure(void);
/* The `desc:` text of cache i (0 = I1, 1 = D1, 2 = LL). */
void cg_cache_desc(Int i, HChar *buf, SizeT n);
/* Smallest line size of the three caches; 0 without cache simulation. */
extern Int cg_min_line_size;
/* log2 of the I1 and LL line sizes, 0 without cache simulation. */
extern Int cg_i1_line_bits, cg_ll_line_bits;

void cg_runtime_init(void);
void cg_runtime_setup_caches(const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll);

/* The simulated caches, for generated code that tests them inline. */
enum { CG_I1, CG_D1, CG_LL };
const Cache *cg_cache(Int which);
/* The branch predictors, likewise. */
CondPredictor *cg_cond_predictor(void);
IndPredictor *cg_ind_predictor(void);

/* Run-time values of a cold flush (data addresses, branch outcomes and
 * targets), stored by generated code in event order for cg_helper_group. */
extern UWord cg_scratch[16];
VG_REGPARM(2) void cg_helper_group(SBInfo *sbi, FlushGroup *grp);

VG_REGPARM(1) void cg_helper_ir(InstrInfo *ii);
VG_REGPARM(3) void cg_helper_dr(InstrInfo *ii, Addr a, UWord size);
VG_REGPARM(3) void cg_helper_dw(InstrInfo *ii, Addr a, UWord size);
/* The helper for a data access of `size` bytes: (InstrInfo *, Addr) for
 * the common sizes, which it has built in; otherwise cg_helper_dr/dw,
 * which also take the size. */
typedef struct {
    void *fn;
    const HChar *name;
    Int nargs;
} DataHelper;
void cg_data_helper(Bool is_write, UInt size, DataHelper *h);
VG_REGPARM(3) void cg_helper_guarded_dr(InstrInfo *ii, Addr a, UWord size);
VG_REGPARM(3) void cg_helper_guarded_dw(InstrInfo *ii, Addr a, UWord size);
VG_REGPARM(2) void cg_helper_bc(InstrInfo *ii, UWord taken);
VG_REGPARM(2) void cg_helper_bi(InstrInfo *ii, Addr target);

/* ------------------------------------------------------------------ */
/* Output (cg_output.c)                                                */
/* ------------------------------------------------------------------ */

void cg_write_results(void);

#endif
