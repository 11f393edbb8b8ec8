/* SPDX-License-Identifier: GPL-2.0-or-later */
/* branch.c: the two branch predictors of docs/sim.md, "Branch predictors".
 * Freestanding: no libc, state lives in the caller's CondPredictor /
 * IndPredictor. */
#include "branch.h"

/* Two-bit saturating counters: taken counts up to 3, not taken down to 0.
 * A table, so that generated code can apply the same rule inline. */
const uint8_t cond_next_state[8] = {
    0, 1, /* counter 0: not taken, taken */
    0, 2, /* counter 1 */
    1, 3, /* counter 2 */
    2, 3, /* counter 3 */
};

void cond_init(CondPredictor *p)
{
    size_t i;

    for (i = 0; i < COND_COUNTERS; i++) p->counters[i] = 0;
    p->history = 0;
}

void ind_init(IndPredictor *p)
{
    size_t i;

    for (i = 0; i < IND_ENTRIES; i++) p->targets[i] = 0;
}
