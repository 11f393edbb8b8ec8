/* SPDX-License-Identifier: GPL-2.0-or-later */
/* branch.h: the conditional (2-bit counters + global history) and indirect
 * (last-target table) branch predictors of docs/sim.md, "Branch predictors",
 * as plain state. */
#ifndef SIM_BRANCH_H
#define SIM_BRANCH_H

#include <stdint.h>
#include <stddef.h>

/* BRANCH_LO: address bits that are always zero in an instruction address, so
 * they would waste predictor index bits.  Chosen from the platform macros the
 * tool build already defines; -DBRANCH_LO=n overrides. */
#ifndef BRANCH_LO
#if defined(VGA_arm) || defined(VGA_s390x)
#define BRANCH_LO 1
#elif defined(VGA_ppc32) || defined(VGA_ppc64be) || defined(VGA_ppc64le) || defined(VGA_mips32) || \
    defined(VGA_mips64) || defined(VGA_arm64)
#define BRANCH_LO 2
#else
#define BRANCH_LO 0 /* x86, amd64 */
#endif
#endif

#define COND_ADDR_BITS 7 /* low index bits: (addr >> BRANCH_LO) & 0x7F */
#define COND_HIST_BITS 7 /* high index bits: history & 0x7F */
#define COND_COUNTERS  (1u << (COND_ADDR_BITS + COND_HIST_BITS)) /* 16384 */
#define IND_ENTRIES    512u

/* counters[i] is a 2-bit saturating counter (0..3; >= 2 predicts taken) at
 * index ((history & 0x7F) << 7) | ((addr >> BRANCH_LO) & 0x7F).  `history`
 * holds every outcome so far, newest in bit 0 (only 7 bits are used). */
typedef struct {
    uint8_t counters[16384];
    uint64_t history;
} CondPredictor;

/* targets[(addr >> BRANCH_LO) & 0x1FF] is the last target seen there. */
typedef struct {
    uint64_t targets[512];
} IndPredictor;

/* Everything zero: counters "strongly not taken", no history, targets 0. */
/* The counter after an outcome: cond_next_state[counter * 2 + taken]. */
extern const uint8_t cond_next_state[8];

void cond_init(CondPredictor *p);
void ind_init(IndPredictor *p);

/* A conditional branch at `addr` with outcome `taken` (any non-zero value is
 * taken); trains the predictor and returns 1 if it had predicted wrongly.
 * Inline: the tool's helpers call these once per branch. */
static inline int cond_predict(CondPredictor *p, uint64_t addr, int taken)
{
    const uint64_t hmask = (1u << COND_HIST_BITS) - 1, amask = (1u << COND_ADDR_BITS) - 1;
    /* The index uses the history from before this branch's outcome. */
    size_t i = (size_t)(((p->history & hmask) << COND_ADDR_BITS) | ((addr >> BRANCH_LO) & amask));
    unsigned t = taken != 0;
    uint8_t c = p->counters[i];
    int miss = (c >= 2) != t;

    p->history = (p->history << 1) | t;
    p->counters[i] = cond_next_state[c * 2 + t];
    return miss;
}

/* An indirect branch at `addr` to `target`; returns 1 if the table held a
 * different target for that slot, then remembers `target` there. */
static inline int ind_predict(IndPredictor *p, uint64_t addr, uint64_t target)
{
    size_t i = (size_t)((addr >> BRANCH_LO) & (IND_ENTRIES - 1));
    int miss = p->targets[i] != target;

    p->targets[i] = target;
    return miss;
}

#endif
