/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_state.h: the tool's run-time state, all of it in one struct, `cg`.
 *
 * Everything the tool keeps between calls from the core lives here, one
 * group of fields per file that owns it: a file may read any group but
 * writes only its own.  Generated code addresses some fields directly (the
 * cache tags, the predictor tables, the cold tier's scratch slots), so `cg`
 * is one static object whose address never changes.
 *
 * Everything in tool/ runs inside Valgrind: no libc, only VG_() calls. */
#ifndef CG_STATE_H
#define CG_STATE_H

#include "pub_tool_basics.h"
#include "pub_tool_hashtable.h"
#include "branch.h"
#include "cache.h"

/* The project and its version, from configure (AC_INIT). */
#define CG_PROJECT "Cachegrind, rebuilt " PACKAGE_VERSION

/* How many names a --toggle-collect pattern that matched nothing lists as
 * near misses (CgState.toggle_near). */
#define CG_TOGGLE_NEAR 4

/* The kinds of Callgrind's client requests told apart (cg_clients.c):
 * its six, the two of CodSpeed's fork, and any other of its range. */
#define CG_CALLGRIND_REQUESTS 9

/* The pages of code whose object cg_skip.c remembers (a power of two). */
#define CG_SKIP_PAGES 1024

/* Events a superblock's walk queues before it must flush them (where
 * upstream flushes too), and so the values one cold flush can pass to its
 * helper through cg.scratch. */
#define CG_QUEUE_SIZE 16
/* cg_run.c: the running totals' packed words, and the most events one
 * superblock may add to one of their halves. */
#define CG_RUN_WORDS     3
#define CG_RUN_SB_EVENTS 4096

/* What the guest's CPUID reports (--cpu): the host's model, as upstream, or
 * an x86-64 micro-architecture level, the same on every host that can run
 * it. */
enum { CG_CPU_HOST, CG_CPU_V1, CG_CPU_V2, CG_CPU_V3 };

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
    /* Run as Callgrind with --collect-systime: system calls, the time
     * spent in them, and (in nanoseconds) the system's CPU time. */
    EV_SysCount,
    EV_SysTime,
    EV_SysCpuTime,
    N_EVENTS
};

/* The three simulated caches, as indices of cg.cache_clo and cg.cache_used. */
enum { CG_I1, CG_D1, CG_LL, CG_N_CACHES };

/* The options but the caches' (cg.cache_clo): written by cg_options.c as
 * it parses them and by cg_main.c's start-up (Callgrind's defaults, and
 * what follows from the options); the files named here read their own. */
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
    /* For cg_repeat.c: the CPU model (a CG_CPU_ level), the seed of the
     * randomness the client gets, the fingerprint line. */
    Int cpu;
    Bool have_seed;
    ULong seed;
    Bool fingerprint;
    /* For cg_regions.c: the --toggle-collect patterns, in the order given.
     * For cg_dumps.c: whether a forked child starts from zero
     * (--fork-counts=own) and whether the counts are written before an
     * execve (--exec-profile). */
    const HChar **toggle;
    UInt n_toggle;
    Bool fork_own;
    Bool exec_profile;
    /* For cg_stack.c and cg_output.c: --call-graph (a CG_GRAPH_ value);
     * for cg_callgraph.c: the most call paths kept (--max-call-paths); for
     * the writers: the share of the instructions below which a call path
     * is left out of the file (--call-path-threshold, in millionths of a
     * percent: CG_PATH_SHARE_ALL is 100%). */
    UInt call_graph;
    UInt max_paths;
    UInt path_share;
    /* Run as Callgrind (the tool was started as --tool=callgrind:
     * cg_clients.c), and then Callgrind's --collect-atstart (-1 until
     * given: yes, or no with --toggle-collect, as Callgrind has it). */
    Bool as_callgrind;
    Int collect_at_start;
    Bool combine_dumps;    /* run as Callgrind: every dump a part of one file */
    Int systime;           /* run as Callgrind: --collect-systime, a CG_SYSTIME_ value */
    Bool separate_threads; /* run as Callgrind: a profile per thread (cg_threads.c) */
    /* For cg_lines.c and the writers: --inline-frames, a cost centre per
     * instruction where the core's debug info says the code was inlined,
     * written with the object and address the post-processors read the
     * inline chain at (docs/tool.md, "Inlined functions"). */
    Bool inline_frames;
} CgOptions;

/* --call-path-threshold's unit: 100% in millionths of a percent. */
#define CG_PATH_SHARE_ALL 100000000u

/* --collect-systime: no, or the unit of the time events (yes is msec). */
enum { CG_SYSTIME_NO, CG_SYSTIME_MSEC, CG_SYSTIME_USEC, CG_SYSTIME_NSEC };

/* Slots of the call graph's cache of arcs by return address: a power of
 * two (cg_callgraph.h). */
#define CG_ARC_CACHE 4096

/* --call-graph: none (no), or recorded and written in Cachegrind's format
 * (yes, the default) or in Callgrind's (callgrind). */
enum { CG_GRAPH_NO, CG_GRAPH_YES, CG_GRAPH_CALLGRIND };

/* How debug-info lookups went, for --stats. */
typedef struct {
    ULong full, file_line, fn_only, none;
} DebugLookupStats;

struct Str;
/* A hash table of strings (cg_lines.c). */
typedef struct {
    struct Str **buckets;
    UInt n_buckets, count;
    struct Str *last; /* the entry found last */
} StrTable;
struct LineCC;
struct SBInfo;
struct PendingRange;

struct CgFn;
struct CgArc;

/* One open activation of --call-graph (cg_stack.c), or a signal handler's
 * fence: the activations above a fence are the handler's. */
typedef struct {
    UWord sp;                 /* the stack pointer at its entry; a fence's top (0: not known yet) */
    UWord interrupted;        /* a fence: the stack pointer where the signal came */
    struct CgFn *fn;          /* NULL: a fence */
    struct CgArc *arc;        /* the arc its cost goes to; NULL: a root */
    struct CgPath *node;      /* its call path (NULL: none) */
    struct LineCC *skip_site; /* the thread's skipped-code call site when it opened */
    Bool owns_node;           /* it alone adds to the node (else an open frame does) */
    Bool rec;                 /* recursion level 2 or deeper */
    Bool counted;             /* opened inside a --toggle-collect region (or without regions) */
    Bool opened_region;       /* it opened its thread's region (a fence: the region it saved) */
    /* What generated code that ends it reads (cg_stack_ir.c): the limit once
     * it has ended (0: only the helper may end it), where its cost goes
     * (its arc's and its node's costs, or cg.sink), its function's count
     * of open activations. */
    UWord pop_limit;
    ULong *arc_incl, *node_incl;
    UInt *active;
    ULong start[N_EVENTS]; /* the thread's running totals of the recorded events
                              (cg.graph_ev) at its entry (a fence: at delivery) */
} CgFrame;

/* One thread's activations (cg_stack.c). */
typedef struct {
    CgFrame *frames; /* outermost first, cg.frame_bytes apart */
    UInt n, max;
    ULong run[N_EVENTS];      /* its running totals, while another thread runs */
    UWord seg_lo, seg_hi;     /* a readable stretch of its stack, for return addresses */
    Bool in_region;           /* inside a --toggle-collect region (regions ride on the stack) */
    struct CgFn *fell_into;   /* its cg.fell_into, while another thread runs */
    struct LineCC *skip_site; /* its cg.skip_site, while another thread runs */
    /* Its open activations of each function, by CgFn.id (past n_active:
     * none), so a thread switch moves nothing; how many of its open frames
     * share a path node that an outer frame owns (a fold), and how many own
     * a root node. */
    UInt *active;
    UInt n_active, folds, roots;
} CgStack;

/* Everything kept per thread, each part by the file that owns it. */
/* A system call in progress, run as Callgrind with --collect-systime
 * (cg_clients.c): where it is counted, and its start. */
typedef struct {
    struct LineCC *cc; /* the line of the system call instruction (NULL: none) */
    ULong collect, rec_gate;
    ULong wall_ns, cpu_ns;
} CgSyscall;

/* A thread's own counts with --separate-threads=yes (cg_threads.c): the
 * lines it counted, in an open-addressed table keyed by the line (`cap` a
 * power of two, at most half full), each with cg.thread_nev values and as
 * many of their recursion-level parts. */
typedef struct {
    struct LineCC **keys;
    ULong *vals;
    UInt cap, n;
    Bool exists; /* the thread (or an earlier one with its ThreadId) was created */
} CgThreadLines;

/* Everything kept per thread, each part by the file that owns it. */
typedef struct {
    CgStack stack;       /* cg_stack.c */
    CgSyscall syscall;   /* cg_clients.c */
    CgThreadLines lines; /* cg_threads.c */
} CgThread;

typedef struct CgState {
    /* cg_options.c and cg_main.c: the options, all but the caches' (they
     * alone write clo; the files named in CgOptions only read theirs), and
     * whether code is instrumented now (false between a STOP request, or
     * --instr-at-start=no, and a START). */
    CgOptions clo;
    Bool instr_enabled;

    /* cg_caches.c: the caches as given by --I1/--D1/--LL, options it parses
     * itself (-1 fields: not given), and as simulated, and what the
     * instrumenter needs of their geometry (all 0 without cache
     * simulation). */
    CacheConfig cache_clo[CG_N_CACHES], cache_used[CG_N_CACHES];
    Int min_line_size, i1_line_bits, ll_line_bits;

    /* cg_runtime.c: the simulators that helpers and inline code drive, and
     * the run-time values of a cold flush (see cg_runtime.h). */
    Cache I1, D1, LL;
    CachesimRefFn i1_ref, d1_ref; /* one-line misses (cachesim_ref_fn) */
    CondPredictor cond;
    IndPredictor ind;
    UWord scratch[CG_QUEUE_SIZE];

    /* cg_lines.c: interned names and line cost centres (hash tables); with
     * --inline-frames, how many centres are an instruction's, and the
     * names of their objects. */
    StrTable names, demangled;
    struct LineCC **cc_table;
    UInt cc_buckets, cc_count, cc_inlined;
    /* The counts a centre has room for: events 0 .. cc_events-1, the
     * recorded ones among them (cg_lines.h, LineCC); the block centres are
     * carved from, and the bytes left in it. */
    Int cc_events;
    HChar *cc_block;
    SizeT cc_room;
    StrTable objs;

    /* cg_records.c: live superblock records by address, and the discarded
     * ones whose code may still run once. */
    VgHashTable *records;
    struct SBInfo *graveyard;

    /* cg_tiers.c: hot superblocks and their way-1 sites, those waiting to
     * change tier, and those discarded only to change tier. */
    VgHashTable *hot_blocks, *retiered;
    struct PendingRange *pending;
    UInt n_pending, max_pending;
    Bool changing_tiers;

    /* cg_repeat.c: the seeded stream (a counter-based generator: its key,
     * its position, and the bytes left of its current word), and the CPU
     * model VEX chose for this host, as the fingerprint names it. */
    ULong seed_key, seed_counter, seed_word;
    UInt seed_left;
    HChar host_cpu[64];

    /* cg_regions.c: what generated code and helpers add to a count where
     * they would add 1: 1, or 0 while the running thread is outside every
     * --toggle-collect region (docs/tool.md, "Regions"); the activation
     * stacks set it through cg_regions_set(). */
    ULong collect;
    /* What cg.collect is outside the regions: 0 with patterns, and as
     * Callgrind also --collect-atstart=yes, flipped by every
     * CALLGRIND_TOGGLE_COLLECT (inside a region it is the other value). */
    ULong collect_base;
    /* Per --toggle-collect pattern: whether a function entry seen matched
     * it, and (for a pattern without wildcards that matched none) up to
     * CG_TOGGLE_NEAR names of entries that contain it, for the warning at
     * the end of the run. */
    Bool *toggle_hit;
    const HChar *(*toggle_near)[CG_TOGGLE_NEAR];

    /* cg_main.c: every thread's state (while activations are followed:
     * cg_stack_on()), indexed by ThreadId. */
    CgThread *threads;
    /* cg_threads.c: with --separate-threads=yes, the events a thread's
     * table keeps (cg_lines_recorded), in their order; the number of the
     * current stretch between two settles (from 1), and the records that
     * ran in it (NULL: one freed since). */
    Int thread_ev[N_EVENTS], thread_nev;
    UInt thread_gen;
    struct SBInfo **ran;
    UInt n_ran, max_ran;

    /* cg_stack.c: what generated code compares the stack pointer with
     * after writing it (above it, the running thread's innermost activation
     * or signal handler has ended; ~0 with none open), the thread whose
     * activations are loaded, and --stats figures.  The running thread's
     * running totals: generated code and the helpers add every count here
     * too, as they add it to a line (the hot tier some through run_packed:
     * cg_run.h). */
    UWord stack_limit;
    ThreadId stack_tid;
    /* What a count adds to a line's recursion-level part (LineCC.rec, a
     * flush group's rec_execs) besides what it adds to the line: the gate
     * (cg.collect) while the running thread's innermost activation is at
     * recursion level 2 or deeper, else 0; only with levels (cg_levels_on). */
    ULong rec_gate;
    /* The function whose entry the last superblock fell through to (a
     * fall-through is not a call: cg_stack.c, "Entries"), NULL when not. */
    struct CgFn *fell_into;
    UInt frame_bytes; /* a frame's size: CgFrame up to the recorded events' totals */
    /* What the code that ends an activation inline reads and writes
     * (cg_stack_ir.c): the running thread's innermost frame (cg.no_frame when
     * none), its pop_limit, its number of frames; where costs with no arc
     * or node go, and where the code writes when it ends nothing. */
    CgFrame *top;
    UWord pop_limit;
    UInt *stack_n;
    CgFrame no_frame;
    UInt no_depth;
    ULong sink[N_EVENTS];
    ULong run[N_EVENTS];
    /* cg_run.c: the words the hot tier adds pairs of kinds to, a 32-bit
     * half each; each event's word (-1: none, it is added to run[ev]) and
     * half. */
    ULong run_packed[CG_RUN_WORDS];
    Int run_n_words;
    Char run_word_of[N_EVENTS];
    UChar run_half[N_EVENTS];
    ULong stat_calls, stat_loops, stat_fell, stat_max_depth, stat_folded, stat_truncated;
    ULong stat_helper_ends;

    /* cg_callgraph.c: the functions calls entered, by name, and the arcs
     * between them (hash tables); the names of their objects. */
    StrTable graph_objs;
    struct CgFn **graph_fns;
    UInt graph_fn_buckets, graph_fn_count;
    struct CgArc **graph_arcs;
    UInt graph_arc_buckets, graph_arc_count;
    /* The arc last found for each call site, by its return address
     * (cg_arc_slot(): a function called from two sites in turn misses the
     * arc its path node remembers, every time). */
    struct CgArc *arc_by_ret[CG_ARC_CACHE];
    /* ... and the call paths: by (parent, function), and by id; the
     * recorded events, whose order the nodes' costs follow. */
    struct CgPath **graph_node_table, **graph_nodes;
    UInt graph_node_buckets, graph_n_nodes, graph_max_nodes;
    Int graph_ev[N_EVENTS], graph_nev;
    /* graph_ev[0] when the recorded events' running totals are neighbours,
     * in order (in every simulation mode), else -1: copied as a block. */
    Int graph_first;

    /* cg_skip.c: run as Callgrind, the objects --obj-skip names (and
     * CodSpeed's request); the records of skipped code that ran since the
     * last settle; the running thread's call site that skipped code's
     * costs go to (NULL: none, they stay on their own lines), and with
     * --separate-threads the site lines it added to since the last thread
     * settle; which pages of code lie in a skipped object (by page number,
     * direct-mapped; 0: not known). */
    const HChar **skip_objs;
    UInt n_skip_objs;
    struct SBInfo **skip_ran;
    UInt n_skip_ran, max_skip_ran;
    struct LineCC *skip_site;
    struct LineCC **skip_touched;
    UInt n_skip_touched, max_skip_touched;
    Addr skip_page[CG_SKIP_PAGES];
    Bool skip_page_in[CG_SKIP_PAGES];

    /* cg_clients.c: the client requests of Callgrind's (and CodSpeed's)
     * that the program made, by kind, and in all. */
    ULong callgrind_reqs[CG_CALLGRIND_REQUESTS];
    ULong callgrind_reqs_total;
    /* Run as Callgrind, the desc: lines CodSpeed's metadata request gave
     * (their text after `desc: `), for every file written after it. */
    HChar **meta;
    UInt n_meta;
    /* Run as Callgrind: the record of the last superblock that ended in a
     * client request, and the address it went on at (cg_clients.c, "A
     * request's own block"). */
    struct SBInfo *req_sbi;
    Addr req_next;

    /* cg_dumps.c: the number of the last partial profile (dump or exec
     * profile) this process wrote, and the exec profile written before an
     * execve that may still fail (then removed). */
    UInt dump_seq;
    /* As Callgrind: the dumps written so far (a file's part: number is the
     * next), and with --combine-dumps=yes whether the file has its first
     * part (and so its header). */
    UInt parts;
    Bool combined_open;
    HChar *exec_file;
    UInt exec_seq_before;

    /* --stats: instructions by upstream's fetch case (cg_instrument.c) and
     * debug-info lookups (cg_lines.c). */
    ULong stat_nox, stat_gen;
    DebugLookupStats lookups;
} CgState;

extern CgState cg;

#endif
