/* branch.c: the two branch predictors of spec section 6.  Freestanding: no
 * libc, state lives in the caller's CondPredictor / IndPredictor. */
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

int cond_predict(CondPredictor *p, uint64_t addr, int taken)
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

int ind_predict(IndPredictor *p, uint64_t addr, uint64_t target)
{
    size_t i = (size_t)((addr >> BRANCH_LO) & (IND_ENTRIES - 1));
    int miss = p->targets[i] != target;

    p->targets[i] = target;
    return miss;
}
