/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_output.c: everything the tool writes at exit: the profile file (its
 * name, written whole or not at all; its body in either format is
 * cg_write_cachegrind.c's or cg_write_callgrind.c's), the summary on
 * stderr (docs/cachegrind.md, "The summary on standard error") and
 * --stats. */
#include "cg_output.h"
#include "cg_out.h"
#include "cg_callgraph.h"
#include "cg_tiers.h"
#include "cg_stack.h"
#include "cg_threads.h"
#include "cacheconf.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_vki.h"

/* Writes a profile.  The final one (`exclusive` false): a new or regular
 * file is written under a temporary name and renamed into place, so a
 * failure never leaves a truncated profile under the final name; anything
 * else (a device such as /dev/null, a FIFO, a symbolic link) is written
 * directly, as upstream does, since renaming would replace it.  A partial
 * one (`exclusive`): created only if nothing has the name, and removed
 * again if it cannot be written whole. */
/* The bytes of the file `name` into `o`, for a combined file's earlier
 * parts; False if it cannot be read whole. */
static Bool copy_into(CgOut *o, const HChar *name)
{
    SysRes sr = VG_(open)(name, VKI_O_RDONLY, 0);
    if (sr_isError(sr)) return False;
    Int fd = sr_Res(sr);
    HChar chunk[4096];
    Int got;
    while ((got = VG_(read)(fd, chunk, sizeof chunk)) > 0) cg_out_bytes(o, chunk, got);
    VG_(close)(fd);
    return got == 0;
}

/* `keep`: the file's contents come first, unchanged (the earlier parts of
 * a combined file, run as Callgrind with --combine-dumps=yes); the file is
 * replaced as a whole, as a final one is. */
static CgWriteResult write_file(const HChar *name, Bool exclusive, Bool keep, const HChar *desc,
                                ThreadId thread, CgFlat *flat, CgWriteStats *ws)
{
    struct vg_stat st;
    HChar link;
    Bool exists = !exclusive && !sr_isError(VG_(stat)(name, &st));
    Bool is_link = !exclusive && VG_(readlink)(name, &link, 1) >= 0;
    Bool atomic = !exclusive && !is_link && (!exists || VKI_S_ISREG(st.mode));

    HChar *tmp = VG_(malloc)("cg.out.tmpname", VG_(strlen)(name) + 32);
    VG_(sprintf)(tmp, "%s.tmp.%d", name, VG_(getpid)());
    const HChar *path = atomic ? tmp : name;

    /* A directory cannot be opened for writing: the same error either way. */
    Int fd = -1;
    if (!(exists && VKI_S_ISDIR(st.mode))) {
        Int how = exclusive ? VKI_O_EXCL : VKI_O_TRUNC;
        SysRes sr = VG_(open)(path, VKI_O_CREAT | how | VKI_O_WRONLY, VKI_S_IRUSR | VKI_S_IWUSR);
        if (!sr_isError(sr)) {
            fd = sr_Res(sr);
        } else if (exclusive && sr_Err(sr) == VKI_EEXIST) {
            VG_(free)(tmp);
            return CG_NAME_TAKEN;
        }
    }
    if (fd < 0) {
        VG_(umsg)("error: can't open output data file '%s'\n", name);
        VG_(umsg)("       ... so detailed results will be missing.\n");
        VG_(free)(tmp);
        return CG_NOT_WRITTEN;
    }
    CgOut *o = VG_(malloc)("cg.out.buf", sizeof *o);
    o->fd = fd;
    o->failed = False;
    o->used = 0;
    if (keep && exists && !copy_into(o, name)) o->failed = True;
    if (cg.clo.call_graph == CG_GRAPH_CALLGRIND)
        cg_write_callgrind_body(o, flat, desc, thread, ws);
    else
        cg_write_cachegrind_body(o, flat, desc, ws);
    cg_out_flush(o);
    VG_(close)(o->fd);
    CgWriteResult r = CG_WRITTEN;
    if (o->failed || (atomic && VG_(rename)(tmp, name) != 0)) {
        if (atomic || exclusive) VG_(unlink)(path);
        VG_(umsg)("error: can't write output data file '%s'\n", name);
        VG_(umsg)("       ... so detailed results will be missing.\n");
        ws->files = ws->fns = ws->lines = 0;
        r = CG_NOT_WRITTEN;
    }
    VG_(free)(o);
    VG_(free)(tmp);
    return r;
}

/* The counts in the lines, written as write_file() says; adds what it
 * wrote to `total` (by event) and `ws`.  A combined file's part, once
 * written, makes the file's next parts follow it. */
static CgWriteResult write_now(const HChar *name, Bool exclusive, const HChar *desc,
                               ThreadId thread, ULong *total, CgWriteStats *ws)
{
    CgFlat flat = {NULL, 0, NULL}; /* the body makes it, after what needs the centres whole */
    CgWriteStats one = {0};
    Bool part = cg.clo.combine_dumps && !exclusive;
    CgWriteResult r =
        write_file(name, exclusive, part && cg.combined_open, desc, thread, &flat, &one);
    if (r == CG_WRITTEN && part) cg.combined_open = True;
    if (total && !flat.lines) cg_lines_flat(&flat);
    for (UInt i = 0; total && i < flat.n; i++)
        for (Int e = 0; e < cg.cc_events; e++) total[e] += flat.lines[i]->ev[e];
    if (flat.lines) cg_lines_flat_free(&flat);
    ws->files += one.files;
    ws->fns += one.fns;
    ws->lines += one.lines;
    ws->foreign += one.foreign;
    ws->paths_written += one.paths_written;
    ws->paths_below += one.paths_below;
    ws->inlined += one.inlined;
    return r;
}

CgWriteResult cg_write_partial(const HChar *name, const HChar *desc, ThreadId thread)
{
    CgWriteStats ws = {0};
    return write_now(name, True, desc, thread, NULL, &ws);
}

CgWriteResult cg_write_part(const HChar *name, const HChar *desc, ThreadId thread)
{
    CgWriteStats ws = {0};
    return write_now(name, False, desc, thread, NULL, &ws);
}

void cg_thread_suffix(HChar *end, ThreadId thread)
{
    VG_(sprintf)(end, "-%02u", thread);
}

HChar *cg_thread_file_name(const HChar *name, ThreadId thread)
{
    SizeT len = VG_(strlen)(name);
    HChar *s = VG_(malloc)("cg.out.tname", len + CG_THREAD_SUFFIX_MAX);
    VG_(strcpy)(s, name);
    cg_thread_suffix(s + len, thread);
    return s;
}

/* ------------------------------------------------------------------ */
/* The summary on stderr                                               */
/* ------------------------------------------------------------------ */

/* Digits plus room for the thousands separators. */
static Int width(ULong n)
{
    Int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d + (d - 1) / 3;
}

static ULong max64(ULong a, ULong b)
{
    return a > b ? a : b;
}

static const HChar *num(HChar *buf, ULong v)
{
    cacheconf_commas(v, buf, 32);
    return buf;
}

static double pct(ULong part, ULong whole)
{
    return part * 100.0 / whole;
}

/* `label a  (b rd   + c wr)` and its rate companion, for the D, LL and
 * branch sections, which share a shape but not their words. */
static void triple_line(const HChar *label, const HChar *mid, const HChar *end, ULong a, ULong b,
                        ULong c, Int l1, Int l2, Int l3)
{
    HChar x[32], y[32], z[32];
    VG_(umsg)
    ("%s %*s  (%*s %s + %*s %s)\n", label, l1, num(x, a), l2, num(y, b), mid, l3, num(z, c), end);
}

static void triple_rate(const HChar *label, double a, double b, double c, Int l1, Int l2, Int l3,
                        const HChar *close)
{
    VG_(umsg)("%s%*.1f%% (%*.1f%%     + %*.1f%%%s)\n", label, l1, a, l2, b, l3, c, close);
}

static void print_summary(const ULong *t)
{
    HChar buf[32];
    ULong Ir = t[EV_Ir], Dr = t[EV_Dr], Dw = t[EV_Dw], Bc = t[EV_Bc], Bi = t[EV_Bi];
    Int l1 = width(Ir);
    Int l2 = width(max64(Dr, Bc));
    Int l3 = width(max64(Dw, Bi));

    VG_(umsg)("I refs:        %*s\n", l1, num(buf, Ir));
    if (cg.clo.cache_sim) {
        ULong I1m = t[EV_I1mr], ILm = t[EV_ILmr];
        ULong D1mr = t[EV_D1mr], DLmr = t[EV_DLmr], D1mw = t[EV_D1mw], DLmw = t[EV_DLmw];
        VG_(umsg)("I1  misses:    %*s\n", l1, num(buf, I1m));
        VG_(umsg)("LLi misses:    %*s\n", l1, num(buf, ILm));
        ULong Ia = Ir ? Ir : 1;
        VG_(umsg)("I1  miss rate: %*.2f%%\n", l1, pct(I1m, Ia));
        VG_(umsg)("LLi miss rate: %*.2f%%\n", l1, pct(ILm, Ia));
        VG_(umsg)("\n");

        ULong Da = Dr + Dw;
        triple_line("D refs:       ", "rd  ", "wr", Da, Dr, Dw, l1, l2, l3);
        triple_line("D1  misses:   ", "rd  ", "wr", D1mr + D1mw, D1mr, D1mw, l1, l2, l3);
        triple_line("LLd misses:   ", "rd  ", "wr", DLmr + DLmw, DLmr, DLmw, l1, l2, l3);
        /* Zero denominators become 1 only now, after the counts were
         * printed, and the bumped values feed the LL rates too. */
        ULong Dra = Dr ? Dr : 1, Dwa = Dw ? Dw : 1, Daa = Da ? Da : 1;
        triple_rate("D1  miss rate: ", pct(D1mr + D1mw, Daa), pct(D1mr, Dra), pct(D1mw, Dwa), l1,
                    l2, l3, "  ");
        triple_rate("LLd miss rate: ", pct(DLmr + DLmw, Daa), pct(DLmr, Dra), pct(DLmw, Dwa), l1,
                    l2, l3, "  ");
        VG_(umsg)("\n");

        triple_line("LL refs:      ", "rd  ", "wr", I1m + D1mr + D1mw, I1m + D1mr, D1mw, l1, l2,
                    l3);
        triple_line("LL misses:    ", "rd  ", "wr", ILm + DLmr + DLmw, ILm + DLmr, DLmw, l1, l2,
                    l3);
        triple_rate("LL miss rate:  ", pct(ILm + DLmr + DLmw, Ia + Daa), pct(ILm + DLmr, Ia + Dra),
                    pct(DLmw, Dwa), l1, l2, l3, "  ");
    }
    if (cg.clo.branch_sim) {
        /* Upstream bumps zero branch counts before printing anything, so a
         * run without indirect branches shows `1 ind`. */
        ULong Bcb = Bc ? Bc : 1, Bib = Bi ? Bi : 1;
        ULong Bcm = t[EV_Bcm], Bim = t[EV_Bim];
        VG_(umsg)("\n");
        triple_line("Branches:     ", "cond", "ind", Bcb + Bib, Bcb, Bib, l1, l2, l3);
        triple_line("Mispredicts:  ", "cond", "ind", Bcm + Bim, Bcm, Bim, l1, l2, l3);
        triple_rate("Mispred rate:  ", pct(Bcm + Bim, Bcb + Bib), pct(Bcm, Bcb), pct(Bim, Bib), l1,
                    l2, l3, "   ");
    }
}

static void print_stats(const CgWriteStats *ws)
{
    const DebugLookupStats *s = &cg.lookups;
    ULong lookups = s->full + s->file_line + s->fn_only + s->none;
    VG_(dmsg)("\n");
    VG_(dmsg)("cachegrind: distinct files     : %llu\n", ws->files);
    VG_(dmsg)("cachegrind: distinct functions : %llu\n", ws->fns);
    VG_(dmsg)("cachegrind: distinct lines     : %llu\n", ws->lines);
    VG_(dmsg)("cachegrind: distinct instrs NoX: %llu\n", cg.stat_nox);
    VG_(dmsg)("cachegrind: distinct instrs Gen: %llu\n", cg.stat_gen);
    VG_(dmsg)("cachegrind: debug lookups      : %llu\n", lookups);
    VG_(dmsg)
    ("cachegrind: with full      info:%6.1f%% (%llu)\n", s->full * 100.0 / lookups, s->full);
    VG_(dmsg)
    ("cachegrind: with file/line info:%6.1f%% (%llu)\n", s->file_line * 100.0 / lookups,
     s->file_line);
    VG_(dmsg)
    ("cachegrind: with fn name   info:%6.1f%% (%llu)\n", s->fn_only * 100.0 / lookups, s->fn_only);
    VG_(dmsg)
    ("cachegrind: with zero      info:%6.1f%% (%llu)\n", s->none * 100.0 / lookups, s->none);
    VG_(dmsg)("cachegrind: string table size: %u\n", cg.names.count);
    VG_(dmsg)("cachegrind: CC table size: %u\n", cg.cc_count);
    VG_(dmsg)("cachegrind: InstrInfo table size: %u\n", cg_tiers_live_superblocks());
    if (cg.clo.inline_frames) VG_(dmsg)
    ("cachegrind: inline frames: instructions with a source line %u, written %llu\n", cg.cc_inlined,
     ws->inlined);
    if (!cg_graph_on()) return;
    UInt n_paths;
    (void)cg_callgraph_paths(&n_paths);
    VG_(dmsg)
    ("cachegrind: call graph: activations %llu, loops not pushed %llu, fall-throughs %llu, "
     "deepest %llu\n",
     cg.stat_calls, cg.stat_loops, cg.stat_fell, cg.stat_max_depth);
    VG_(dmsg)
    ("cachegrind: call graph: ended by the helper %llu (the others by generated code)\n",
     cg.stat_helper_ends);
    VG_(dmsg)
    ("cachegrind: call graph: functions %u, arcs %u, path nodes %u (of at most %u)\n",
     cg_callgraph_n_fns(), cg_callgraph_n_arcs(), n_paths, cg.clo.max_paths);
    VG_(dmsg)
    ("cachegrind: call graph: calls folded into an open path %llu, into the caller's %llu\n",
     cg.stat_folded, cg.stat_truncated);
    VG_(dmsg)
    ("cachegrind: call graph: paths written %u, left out below --call-path-threshold %u\n",
     ws->paths_written, ws->paths_below);
    VG_(dmsg)
    ("cachegrind: call graph: memory %llu bytes in tables, %llu in stacks\n", cg_callgraph_bytes(),
     cg_stack_bytes());
    VG_(dmsg)
    ("cachegrind: call graph: %s outside its function's activations: %llu\n",
     cg_event_names[cg.graph_ev[0]], ws->foreign);
}

/* Run as Callgrind with --separate-threads=yes and a file per thread,
 * Callgrind leaves the plain name as an empty file. */
static void write_empty(const HChar *name)
{
    SysRes sr =
        VG_(open)(name, VKI_O_CREAT | VKI_O_TRUNC | VKI_O_WRONLY, VKI_S_IRUSR | VKI_S_IWUSR);
    if (sr_isError(sr)) {
        VG_(umsg)("error: can't open output data file '%s'\n", name);
        return;
    }
    VG_(close)(sr_Res(sr));
}

void cg_write_results(void)
{
    /* Expanded only now, so that a forked child names its own file. */
    HChar *name = VG_(expand_file_name)("--cachegrind-out-file", cg.clo.out_file);
    const HChar *desc = cg.clo.as_callgrind ? "desc: Trigger: Program termination" : NULL;
    ULong total[N_EVENTS] = {0};
    CgWriteStats ws = {0};
    if (!cg.clo.separate_threads) {
        write_now(name, False, desc, 0, total, &ws);
    } else {
        /* Every thread's profile, each as the lines hold it in turn. */
        if (cg.stack_tid != VG_INVALID_THREADID) cg_threads_settle(cg.stack_tid);
        for (ThreadId t = 1; t < VG_N_THREADS; t++) {
            if (!cg_threads_exist(t)) continue;
            cg_threads_load(t);
            HChar *tname = cg.clo.combine_dumps ? name : cg_thread_file_name(name, t);
            write_now(tname, False, desc, t, total, &ws);
            if (tname != name) VG_(free)(tname);
            cg_threads_unload();
        }
        if (!cg.clo.combine_dumps) write_empty(name);
    }
    VG_(free)(name);

    if (VG_(clo_verbosity) == 0) return;
    print_summary(total);
    if (VG_(clo_stats)) print_stats(&ws);
}
