/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_records.h: the record behind each translated superblock: what its
 * instructions are, which events each flush point carries, and how often
 * each flush point ran. */
#ifndef CG_RECORDS_H
#define CG_RECORDS_H

#include "cg_lines.h"

/* What the run-time helpers need about one guest instruction.  Its length
 * is not here but in its Ir event (CountedEvent.size) and in the arguments
 * of the hot tier's fetch helper: records are most of the tool's memory on
 * code-heavy programs, and these are 16 bytes, not 24. */
typedef struct {
    Addr addr;
    LineCC *cc;
} InstrInfo;

/* An event whose count is its flush group's executions. */
typedef struct {
    UShort instr; /* index into the record's instrs[] */
    UChar ev;     /* EV_Ir, EV_Dr, EV_Dw, EV_Bc or EV_Bi */
    UChar spare;
    UShort size; /* Dr, Dw: bytes accessed; Ir: the instruction's length */
    UShort way1; /* cold tier: its L1 references that hit way 1 (saturating) */
} CountedEvent;

/* The events a flush group counts by its executions, in this order. */
#define CG_COUNTED_KINDS 5
static const UChar cg_counted_kinds[CG_COUNTED_KINDS] = {EV_Ir, EV_Dr, EV_Dw, EV_Bc, EV_Bi};

/* Executions of one flush point, and the events it carries. */
typedef struct {
    /* Counted executions: all of them, or those inside a --toggle-collect
     * region (cg_regions.c). */
    ULong execs;
    /* Cold tier: every execution, for the tier policy (cg_tiers.c). */
    UInt runs;
    UShort first; /* into counted[] */
    UChar count;  /* at most CG_QUEUE_SIZE */
    /* Events with simulator work come first, in event order (so the cold
     * replay visits only those); the rest are fetches within the line the
     * previous fetch ended in. */
    UChar n_sim;
} FlushGroup;

/* Everything about one translated superblock; the generated code points
 * into it, so it never moves while the translation lives. */
typedef struct SBInfo {
    /* First, as VgHashNode has them: the hash chain and the key, the
     * superblock's guest start address. */
    struct SBInfo *hash_next;
    Addr addr;
    struct SBInfo *next_dead; /* in the graveyard, once discarded */
    UShort extent0_len;
    Bool queued;      /* waiting to be translated again, hot */
    Bool skip_listed; /* on cg.skip_ran (cg_skip.c) */
    UInt n_instrs;
    UShort n_groups, max_groups; /* at most two per instruction (VEX: at most 100) */
    /* With the call graph, at a return site: the returns its cold code
     * handed to the helper (cg_stack_ir.c turns it hot after as many as the
     * cold tier's --hot-threshold). */
    UInt returns;
    UInt n_counted, max_counted;
    /* With --separate-threads=yes: the stretch between two settles
     * (cg.thread_gen) in which it last ran, and its place in cg.ran then
     * (cg_threads.c). */
    UInt ran_gen, ran_slot;
    FlushGroup *groups;
    CountedEvent *counted;
    ULong *rec_execs; /* with levels: each group's executions at recursion level 2+ */
    /* With the call graph: each group's counted events of each kind
     * (cg_counted_kinds), which the cold tier adds to the running totals
     * per execution, a few adds rather than a walk of the group. */
    UChar (*kinds)[CG_COUNTED_KINDS];
    InstrInfo instrs[0];
} SBInfo;

void cg_records_init(void);
/* A new, empty record for the superblock at `addr`, with room for the given
 * numbers of instructions, flush groups and counted events. */
SBInfo *cg_record_new(Addr addr, UShort extent0_len, UInt n_instrs, UInt max_groups,
                      UInt max_counted);
/* The translation of the superblock at `addr` was discarded: its record
 * goes to the graveyard.  False if there was none (made while
 * instrumentation was off). */
Bool cg_record_discard(Addr addr);
/* Adds a record's execution counts to its lines (and zeroes them). */
void cg_record_fold(SBInfo *sbi);
/* Frees the graveyard, folding its counts; only where no client code runs. */
void cg_records_bury(void);
/* Moves every record's execution counts into the line cost centres; called
 * once at exit, before the profile is written. */
void cg_records_fold_all(void);
UInt cg_records_live(void);

#endif
