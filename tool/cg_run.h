/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_run.h: the running thread's running totals, of which every
 * activation's cost is a difference (cg_stack.c, "Costs"), and the words
 * that the hot tier's generated code adds its counts to, two kinds to a
 * word (cg_run.c).
 *
 * The true running total of event `ev` is cg.run[ev] plus its half of a
 * packed word, if it has one.  C code may only read or write cg.run after
 * cg_run_fold(); it may add to cg.run at any time. */
#ifndef CG_RUN_H
#define CG_RUN_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* After the options: which events share a word, and where. */
void cg_run_init(void);
/* The packed words into cg.run, the words zero after: before C code reads
 * or writes cg.run, and at least once every scheduling quantum. */
void cg_run_fold(void);

/* A flush group's adds, built while its IR is emitted: one addend per word
 * (NULL: nothing to add). */
typedef struct {
    IRExpr *add[CG_RUN_WORDS];
} CgRunAdds;
/* The group's constant counts, kinds[k] events of kind cg_counted_kinds[k],
 * times `gate` (a 0/1 I64; NULL: 1). */
void cg_run_begin(IRSB *out, CgRunAdds *a, const UChar *kinds, IRExpr *gate);
/* `n` (a 0/1 I64, gated) events `ev`, a misprediction, added to the group's. */
void cg_run_count(IRSB *out, CgRunAdds *a, Int ev, IRExpr *n);
/* The group's adds, one load, add and store per word that has any. */
void cg_run_end(IRSB *out, CgRunAdds *a);

/* The true running total of `ev` as an I64 expression (for the code that
 * ends an activation inline); `words` caches the packed words loaded so
 * far (all NULL at first). */
IRExpr *cg_run_emit_total(IRSB *out, IRExpr *words[CG_RUN_WORDS], Int ev);

#endif
