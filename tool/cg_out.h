/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_out.h: the buffered writer every profile file goes through, what the
 * two formats share (the desc: and cmd: lines, the functions a region run
 * keeps), and the two formats' bodies: cg_write_cachegrind.c (the default
 * file) and cg_write_callgrind.c (--call-graph=yes).  cg_output.c owns the
 * file itself (its name, atomic replacement, errors). */
#ifndef CG_OUT_H
#define CG_OUT_H

#include "cg_lines.h"

/* A buffered file writer that notices failed writes. */
typedef struct {
    Int fd;
    Bool failed;
    UInt used;
    HChar buf[65536];
} CgOut;

void cg_out_flush(CgOut *o);
void cg_out_str(CgOut *o, const HChar *s);
void cg_out_bytes(CgOut *o, const HChar *b, SizeT n);
void cg_out_u64(CgOut *o, ULong v);

/* Names written once, as Callgrind compresses them: `(N) name` the first
 * time, `(N)` after, N counted per kind (CG_NAME_FILE, _FN, _OBJ) in one
 * file.  Keyed by the interned name's address. */
enum { CG_NAME_FILE, CG_NAME_FN, CG_NAME_OBJ };
typedef struct {
    const HChar **keys;
    UInt *ids; /* N * 4 + kind */
    UInt cap, n, next[3];
} CgNames;
void cg_out_name(CgOut *o, CgNames *t, Int kind, const HChar *name);
void cg_names_free(CgNames *t);

/* The events' names as the files write them, by event (cg_lines.h). */
extern const HChar *const cg_event_names[N_EVENTS];

/* What writing a profile wrote, for --stats. */
typedef struct {
    ULong files, fns, lines; /* fl=, fn= and count lines written */
    /* With --call-graph: the first recorded event's cost that ran outside
     * an activation of the function its lines belong to (in a caller's, as
     * a PLT stub does, or in none, before a thread's first entry). */
    ULong foreign;
    /* With --call-graph: the call paths written, and those left out below
     * --call-path-threshold. */
    UInt paths_written, paths_below;
} CgWriteStats;

/* The functions of a region run (--toggle-collect) that have a count: the
 * others were never active in a region and are left out.  A function that
 * was has all its lines written, zero or not, as in a full run.  Names are
 * interned, so the set holds pointers, sorted. */
typedef struct {
    const HChar **fn;
    UInt n;
} CgFnSet;

/* The set of the functions of `ccs` with a count in one of the recorded
 * events `ev` (nev of them); free fn with VG_(free). */
void cg_fnset_counted(CgFnSet *s, LineCC **ccs, UInt n, const Int *ev, Int nev);
Bool cg_fnset_has(const CgFnSet *s, const HChar *fn);

/* The desc: lines (caches, fingerprint, and `desc`, a partial profile's,
 * or NULL) and the cmd: line, which both formats share. */
void cg_out_descs(CgOut *o, const HChar *desc);

/* A profile's body after the header the format has before its desc:
 * lines, from the line cost centres `ccs` (n, sorted by file, function and
 * line): Cachegrind's format, and Callgrind's with the call graph, whose
 * calls are those of `thread` (a cg_thread_key(): 0 for all threads). */
void cg_write_cachegrind_body(CgOut *o, LineCC **ccs, UInt n, const HChar *desc, CgWriteStats *ws);
void cg_write_callgrind_body(CgOut *o, LineCC **ccs, UInt n, const HChar *desc, ThreadId thread,
                             CgWriteStats *ws);
/* The call graph in the default profile, in `#` lines after its events:
 * line (docs/format.md, "The call graph in a Cachegrind file"). */
void cg_write_graph(CgOut *o, LineCC **ccs, UInt n, CgWriteStats *ws);

#endif
