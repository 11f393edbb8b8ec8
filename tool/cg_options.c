/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_options.c: the tool's options, each written once.
 *
 * One row of `options` holds an option's spelling, its value's form, its
 * help, its default as --help shows it, who may give it and what taking it
 * does; the parser and the usage text both walk the table, so an option
 * cannot be taken and left out of --help, or shown and refused.  Rows of
 * Callgrind's spellings are taken only when the tool runs as Callgrind
 * (cg.clo.as_callgrind) and shown only then.  Only this file writes cg.clo
 * (the caches' options go to cg_caches.c, which checks their values). */
#include "cg_options.h"
#include "cg_caches.h"
#include "cg_clients.h"
#include "cg_repeat.h"
#include "cg_skip.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "valgrind.h"

/* Who may give an option, and where --help shows it. */
enum { USER, DEBUG, CALLGRIND, HIDDEN };

typedef struct {
    const HChar *name;  /* "--cache-sim" */
    const HChar *value; /* the value's form in --help: "yes|no", "<file>" */
    const HChar *help;  /* one text, wrapped by usage() */
    const HChar *dflt;  /* shown as "[dflt]"; NULL: nothing shown */
    UChar who;
    /* What taking it does: a yes|no into *flag (NULL: accepted, no
     * effect), a string into *text, or take(), which returns False when
     * the value makes it an option the tool does not have. */
    Bool *flag;
    const HChar **text;
    Bool (*take)(const HChar *arg, const HChar *v);
} Option;

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

/* The option's name in `arg` (up to its '='), for messages. */
static const HChar *name_in(const HChar *arg, HChar *buf, SizeT n)
{
    SizeT i = 0;
    for (; arg[i] && arg[i] != '=' && i + 1 < n; i++) buf[i] = arg[i];
    buf[i] = '\0';
    return buf;
}

/* A whole number from lo to hi; a bad one is fatal. */
static Long whole(const HChar *arg, const HChar *v, Long lo, Long hi)
{
    HChar *end;
    Long n = VG_(strtoll10)(v, &end);
    if (end == v || *end != '\0' || n < lo || n > hi) {
        HChar name[64];
        VG_(fmsg_bad_option)
        (arg, "%s takes a whole number from %lld to %lld\n", name_in(arg, name, sizeof name), lo,
         hi);
    }
    return n;
}

/* The index of `v` in the NULL-terminated `names`; a value not among them
 * is fatal, with `what` (the values, as --help writes them). */
static Int choice(const HChar *arg, const HChar *v, const HChar *const *names, const HChar *what)
{
    for (Int i = 0; names[i]; i++)
        if (VG_(strcmp)(v, names[i]) == 0) return i;
    HChar name[64];
    VG_(fmsg_bad_option)(arg, "%s takes %s\n", name_in(arg, name, sizeof name), what);
    return -1;
}

static Bool take_hot(const HChar *arg, const HChar *v)
{
    cg.clo.hot_threshold = whole(arg, v, 0, 1000000000);
    return True;
}

static Bool take_toggle(const HChar *arg, const HChar *v)
{
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "--toggle-collect needs a function name\n");
    const HChar **p = VG_(malloc)("cg.regions.clo", (cg.clo.n_toggle + 1) * sizeof *p);
    for (UInt i = 0; i < cg.clo.n_toggle; i++) p[i] = cg.clo.toggle[i];
    if (cg.clo.toggle) VG_(free)(cg.clo.toggle);
    p[cg.clo.n_toggle++] = v;
    cg.clo.toggle = p;
    return True;
}

static Bool take_fork(const HChar *arg, const HChar *v)
{
    static const HChar *const names[] = {"inherit", "own", NULL};
    cg.clo.fork_own = choice(arg, v, names, "inherit or own") == 1;
    return True;
}

static Bool take_cpu(const HChar *arg, const HChar *v)
{
    Int level = cg_repeat_cpu_level(v);
    if (level < 0) VG_(fmsg_bad_option)(arg, "--cpu takes host, x86-64, x86-64-v2 or x86-64-v3\n");
    cg.clo.cpu = level;
    return True;
}

static Bool take_seed(const HChar *arg, const HChar *v)
{
    if (!parse_seed(v, &cg.clo.seed))
        VG_(fmsg_bad_option)(arg, "--seed takes a whole number from 0 to 2^64-1\n");
    cg.clo.have_seed = True;
    return True;
}

static Bool take_graph(const HChar *arg, const HChar *v)
{
    /* In the order of CgGraph. */
    static const HChar *const names[] = {"no", "yes", "callgrind", NULL};
    STATIC_ASSERT(CG_GRAPH_NO == 0 && CG_GRAPH_YES == 1 && CG_GRAPH_CALLGRIND == 2);
    cg.clo.call_graph = choice(arg, v, names, "yes, no or callgrind");
    /* Callgrind's files are Callgrind's format, its events included. */
    if (cg.clo.as_callgrind && cg.clo.call_graph != CG_GRAPH_CALLGRIND) VG_(fmsg_bad_option)
    (arg, "run as Callgrind, the call graph is written in "
          "Callgrind's format (--call-graph=callgrind)\n");
    return True;
}

static Bool take_paths(const HChar *arg, const HChar *v)
{
    cg.clo.max_paths = (UInt)whole(arg, v, 0, 100000000);
    return True;
}

static Bool take_share(const HChar *arg, const HChar *v)
{
    if (!parse_share(v, &cg.clo.path_share))
        VG_(fmsg_bad_option)(arg, "--call-path-threshold takes a percentage from 0 to 100\n");
    return True;
}

#define CACHE_TAKER(level)                                                                         \
    static Bool take_##level(const HChar *arg, const HChar *v)                                     \
    {                                                                                              \
        cg_cache_option(arg, v, CG_##level);                                                       \
        return True;                                                                               \
    }
CACHE_TAKER(I1)
CACHE_TAKER(D1)
CACHE_TAKER(LL)

static Bool take_collect(const HChar *arg, const HChar *v)
{
    static const HChar *const names[] = {"no", "yes", NULL};
    cg.clo.collect_at_start = choice(arg, v, names, "yes or no") == 1;
    return True;
}

/* Callgrind writes instructions' addresses with yes, which this tool has
 * not: that value is an option it does not have (cg_clients.c says so). */
static Bool take_dump_instr(const HChar *arg, const HChar *v)
{
    (void)arg;
    return VG_(strcmp)(v, "no") == 0;
}

static Bool take_systime(const HChar *arg, const HChar *v)
{
    /* In the order of the CG_SYSTIME_ values; yes is msec. */
    static const HChar *const names[] = {"no", "msec", "usec", "nsec", "yes", NULL};
    STATIC_ASSERT(CG_SYSTIME_MSEC == 1);
    Int u = choice(arg, v, names, "no, yes, msec, usec or nsec");
    cg.clo.systime = u == 4 ? CG_SYSTIME_MSEC : u;
    return True;
}

static Bool take_obj_skip(const HChar *arg, const HChar *v)
{
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "--obj-skip needs an object's path\n");
    cg_skip_add(v);
    return True;
}

static const Option options[] = {
    {"--cachegrind-out-file", "<file>", "output file name", "cachegrind.out.%p", USER, NULL,
     &cg.clo.out_file, NULL},
    {"--cache-sim", "yes|no", "collect cache stats?", "no", USER, &cg.clo.cache_sim, NULL, NULL},
    {"--branch-sim", "yes|no", "collect branch prediction stats?", "no", USER, &cg.clo.branch_sim,
     NULL, NULL},
    {"--instr-at-start", "yes|no", "instrument at start?", "yes", USER, &cg.clo.instr_at_start,
     NULL, NULL},
    {"--toggle-collect", "<function>",
     "count only while a function of that name (* and ? match any characters) runs; may be "
     "repeated",
     "count everything", USER, NULL, NULL, take_toggle},
    {"--fork-counts", "inherit|own",
     "a forked child's counts start with its parent's, or from zero", "inherit", USER, NULL, NULL,
     take_fork},
    {"--exec-profile", "yes|no", "write the counts so far before an execve", "no", USER,
     &cg.clo.exec_profile, NULL, NULL},
    {"--call-graph", "yes|no|callgrind",
     "record calls, inclusive costs and call paths (the counts stay the same), in `#' lines of "
     "the usual file, or written in Callgrind's format; no: the flat profile alone (the graph "
     "costs 5-15% of the time, up to 30% on call-heavy code)",
     "yes", USER, NULL, NULL, take_graph},
    {"--max-call-paths", "<n>", "call paths kept; once full, new ones fold into open ones",
     "1000000", USER, NULL, NULL, take_paths},
    {"--call-path-threshold", "<pct>",
     "write only the call paths with at least this share of the instructions (and their roots); "
     "the others' cost is their caller's path's; 0: all of them",
     "0.01", USER, NULL, NULL, take_share},
    {"--inline-frames", "yes|no",
     "keep the costs of code by instruction, so that reports can show inlined functions as "
     "frames (the counts stay the same)",
     "no", USER, &cg.clo.inline_frames, NULL, NULL},
    {"--I1", "<size>,<assoc>,<line_size>", "set I1 cache manually", NULL, USER, NULL, NULL,
     take_I1},
    {"--D1", "<size>,<assoc>,<line_size>", "set D1 cache manually", NULL, USER, NULL, NULL,
     take_D1},
    {"--LL", "<size>,<assoc>,<line_size>", "set LL cache manually", NULL, USER, NULL, NULL,
     take_LL},
    /* Upstream's older name of --LL. */
    {"--L2", NULL, NULL, NULL, HIDDEN, NULL, NULL, take_LL},
    {"--cpu", "<level>", "CPU model the program sees: host, x86-64, x86-64-v2 or x86-64-v3", "host",
     USER, NULL, NULL, take_cpu},
    {"--seed", "<number>", "seeded, repeatable randomness", "none", USER, NULL, NULL, take_seed},
    {"--fingerprint", "yes|no", "write what the counts depend on", "no", USER, &cg.clo.fingerprint,
     NULL, NULL},
    {"--hot-threshold", "<n>",
     "translate a block again with the simulators inline after <n> runs; 0: never (speed only, "
     "never a count)",
     "2000", DEBUG, NULL, NULL, take_hot},
    /* Callgrind's spellings of this tool's options, and Callgrind's
     * options whose every value means what this tool does anyway: names
     * and positions are written uncompressed (which Callgrind's readers
     * take whatever these say), and positions are source lines (Callgrind
     * too falls back to lines with --dump-line=no --dump-instr=no). */
    {"--callgrind-out-file", "<file>", "output file name", "callgrind.out.%p", CALLGRIND, NULL,
     &cg.clo.out_file, NULL},
    {"--instr-atstart", "yes|no", "instrument at start?", "yes", CALLGRIND, &cg.clo.instr_at_start,
     NULL, NULL},
    {"--collect-atstart", "yes|no", "count from the start?", "yes", CALLGRIND, NULL, NULL,
     take_collect},
    {"--combine-dumps", "yes|no", "write every dump to one file", "no", CALLGRIND,
     &cg.clo.combine_dumps, NULL, NULL},
    {"--collect-systime", "no|yes|msec|usec|nsec",
     "count system calls and their time (yes: msec), as Callgrind's sysCount and sysTime", "no",
     CALLGRIND, NULL, NULL, take_systime},
    {"--separate-threads", "yes|no", "a file per thread", "no", CALLGRIND, &cg.clo.separate_threads,
     NULL, NULL},
    {"--obj-skip", "<object>", "charge that object's costs to its callers (CodSpeed's option)",
     NULL, CALLGRIND, NULL, NULL, take_obj_skip},
    {"--dump-line", "yes|no", "accepted: positions are source lines", NULL, CALLGRIND, NULL, NULL,
     NULL},
    {"--dump-instr", "no", "accepted: no instruction addresses are written", NULL, CALLGRIND, NULL,
     NULL, take_dump_instr},
    {"--compress-strings", "yes|no", "accepted: names are written uncompressed", NULL, CALLGRIND,
     NULL, NULL, NULL},
    {"--compress-pos", "yes|no", "accepted: positions are written uncompressed", NULL, CALLGRIND,
     NULL, NULL, NULL},
};

/* Whether `arg` is `name=...`; its value then. */
static const HChar *value_of(const HChar *arg, const HChar *name)
{
    SizeT n = VG_(strlen)(name);
    return VG_(strncmp)(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

Bool cg_options_take(const HChar *arg)
{
    for (SizeT i = 0; i < sizeof options / sizeof options[0]; i++) {
        const Option *o = &options[i];
        if (o->who == CALLGRIND && !cg.clo.as_callgrind) continue;
#if __VALGRIND_MAJOR__ > 3 || (__VALGRIND_MAJOR__ == 3 && __VALGRIND_MINOR__ >= 22)
        /* A yes|no option without its value, as the release's own option
         * macro says it (3.24's does, 3.19's leaves the option unknown):
         * tests/tool/cases/opt-bool-novalue. */
        if (!o->take && !o->text && VG_(strcmp)(arg, o->name) == 0)
            VG_(fmsg_bad_option)(arg, "Missing boolean value, did you mean '%s=yes'?\n", arg);
#endif
        const HChar *v = value_of(arg, o->name);
        if (!v) continue;
        if (o->take) {
            if (!o->take(arg, v)) break;
        } else if (o->text) {
            *o->text = v;
        } else {
            /* Upstream's message, for upstream's options and ours alike. */
            Bool b = VG_(strcmp)(v, "yes") == 0;
            if (!b && VG_(strcmp)(v, "no") != 0) VG_(fmsg_bad_option)
            (arg, "Invalid boolean value '%s' (should be 'yes' or 'no')\n", v);
            if (o->flag) *o->flag = b;
        }
        return True;
    }
    cg_clients_option_hint(arg);
    return False;
}

/* The rows for `who`: the option and its value in a column of 33, the
 * help and its default wrapped into the rest of 79 columns. */
static void usage(UChar who)
{
    enum { COLUMN = 37, WIDTH = 79 };
    for (SizeT i = 0; i < sizeof options / sizeof options[0]; i++) {
        const Option *o = &options[i];
        if (o->who != who) continue;
        HChar head[64];
        VG_(snprintf)(head, sizeof head, "    %s=%s", o->name, o->value);
        HChar text[512];
        VG_(snprintf)
        (text, sizeof text, "%s%s%s%s", o->help, o->dflt ? " [" : "", o->dflt ? o->dflt : "",
         o->dflt ? "]" : "");
        Int at = VG_(printf)("%s", head);
        const HChar *p = text;
        while (*p) {
            /* The longest run of whole words that fits. */
            Int room = WIDTH - COLUMN, len = 0, cut = 0;
            for (; p[len] && len <= room; len++)
                if (p[len] == ' ') cut = len;
            if (!p[len] && len <= room) cut = len;
            if (cut == 0) cut = len;
            if (at >= COLUMN) {
                VG_(printf)("\n");
                at = 0;
            }
            HChar line[WIDTH + 1];
            VG_(memset)(line, ' ', COLUMN - at);
            VG_(memcpy)(line + COLUMN - at, p, cut);
            line[COLUMN - at + cut] = '\0';
            VG_(printf)("%s", line);
            at = WIDTH;
            p += cut;
            while (*p == ' ') p++;
        }
        VG_(printf)("\n");
    }
}

void cg_options_usage(void)
{
    usage(USER);
    if (cg.clo.as_callgrind) {
        VG_(printf)
        ("\n    Run as Callgrind (started as --tool=callgrind), Callgrind's client\n"
         "    requests are honoured and these of Callgrind's options taken:\n");
        usage(CALLGRIND);
    }
    VG_(printf)
    ("\n    This tool is %s: report its bugs to that project (its\n"
     "    README, \"Reporting bugs\"), not to valgrind.org as the last line says.\n",
     CG_PROJECT);
}

void cg_options_debug_usage(void)
{
    usage(DEBUG);
}
