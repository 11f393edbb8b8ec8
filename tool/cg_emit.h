/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_emit.h: the IR that the instrumenter adds for queued events: inline
 * counters and cache and predictor fast paths in the hot tier, one replay
 * call per flush in the cold tier, and the helper calls behind both. */
#ifndef CG_EMIT_H
#define CG_EMIT_H

#include "cg_records.h"
#include "cg_run.h"
#include "pub_tool_tooliface.h"

typedef enum { Ev_Ir, Ev_Dr, Ev_Dw, Ev_Dm, Ev_Bc, Ev_Bi } EventTag;

/* One queued event of the superblock being instrumented. */
typedef struct {
    EventTag tag;
    UInt instr;        /* index into the record's instrs[] */
    Int size;          /* Dr, Dw, Dm */
    IRExpr *addr;      /* Dr, Dw, Dm */
    IRExpr *arg;       /* Bc: taken as a 0/1 word; Bi: the target */
    Bool same_i1_line; /* Ir: wholly in the I1 line the previous fetch ended in */
} Event;

/* Where IR goes, and what the emitters know about the D1 state the code
 * emitted so far leaves behind. */
typedef struct {
    IRSB *out;
    /* The previous D1 access of the superblock, if nothing has touched D1
     * since (a guarded access may have). */
    Bool have_last_d;
    IRExpr *last_d_addr;
    Int last_d_size;
    /* With --call-graph, inside a hot flush group: what it adds to the
     * running totals so far (cg_run.h). */
    CgRunAdds run;
} Emitter;

/* `*counter += 1`, inline: a flush group's execution. */
void cg_emit_count(Emitter *e, ULong *counter);
/* With levels (cg_levels_on): `counter` (a flush group's rec_execs) += the
 * recursion-level gate, cg.rec_gate. */
void cg_emit_rec_count(Emitter *e, ULong *counter);
/* With --call-graph: the running totals of a flush group's execution,
 * `kinds[k]` events of kind cg_counted_kinds[k] (SBInfo.kinds), begun; the
 * group's events add their mispredictions, and cg_emit_run_end makes the
 * adds (cg_run.h). */
void cg_emit_run(Emitter *e, const UChar *kinds);
void cg_emit_run_end(Emitter *e);
/* The simulator work of one event of a hot flush, inline where it can be;
 * `way1_site` asks for the inline way-1 swap (cg_tiers.c). */
void cg_emit_event(Emitter *e, SBInfo *sbi, const Event *ev, Bool way1_site);
/* A cold flush: its run-time values into cg.scratch, then one call of
 * cg_helper_group, which also counts the execution. */
void cg_emit_cold_flush(Emitter *e, SBInfo *sbi, FlushGroup *grp, const Event *q, Int n);
/* A guarded load or store: a helper call under the guard, which also
 * counts the access. */
void cg_emit_guarded(Emitter *e, InstrInfo *ii, Bool is_write, Int size, IRExpr *addr,
                     IRExpr *guard);
/* Whether a side exit's branch was taken, as a 0/1 word: the exit's guard,
 * negated when the exit goes to the next instruction. */
IRExpr *cg_emit_taken(Emitter *e, IRExpr *guard, Bool inverted);

#endif
