/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_branch.c: unit tests of sim/branch.c against cases worked out by hand
 * from docs/sim.md, "Branch predictors", including the branch counts of the
 * static test vectors (docs/testing.md, "The static test vectors"). */
#include <stdint.h>
#include <string.h>
#include "branch.h"
#include "check.h"

static CondPredictor cp;
static IndPredictor ip;

static size_t nonzero_counters(void)
{
    size_t i, n = 0;

    for (i = 0; i < sizeof cp.counters; i++) n += cp.counters[i] != 0;
    return n;
}

static void test_init(void)
{
    size_t i, n = 0;

    case_begin("branch/init_all_zero");
    EXPECT_INT(BRANCH_LO, 0); /* x86/amd64 */
    EXPECT_INT(sizeof cp.counters, 16384);
    EXPECT_INT(sizeof ip.targets / sizeof ip.targets[0], 512);
    memset(&cp, 0xFF, sizeof cp);
    memset(&ip, 0xFF, sizeof ip);
    cond_init(&cp);
    ind_init(&ip);
    EXPECT_INT(nonzero_counters(), 0);
    EXPECT_U64(cp.history, 0);
    for (i = 0; i < 512; i++) n += ip.targets[i] != 0;
    EXPECT_INT(n, 0);
    case_end();
}

/* Steps 2 and 4 of docs/sim.md, "Conditional predictor" (prediction and
 * counter update) for every counter value and outcome. */
static const struct {
    uint8_t before;
    int taken, mispredict;
    uint8_t after;
} transitions[] = {
    {0, 1, 1, 1}, {0, 0, 0, 0}, {1, 1, 1, 2}, {1, 0, 0, 0},
    {2, 1, 0, 3}, {2, 0, 1, 1}, {3, 1, 0, 3}, {3, 0, 1, 2},
};

static void test_transitions(void)
{
    size_t i;

    case_begin("branch/counter_transitions_and_clamps");
    for (i = 0; i < sizeof transitions / sizeof transitions[0]; i++) {
        case_ctx("counter %u, taken %d", transitions[i].before, transitions[i].taken);
        cond_init(&cp);
        cp.counters[0x33] = transitions[i].before;
        EXPECT_INT(cond_predict(&cp, 0x33, transitions[i].taken), transitions[i].mispredict);
        EXPECT_INT(cp.counters[0x33], transitions[i].after);
    }
    /* Any non-zero `taken` is taken. */
    case_ctx("taken = 5");
    cond_init(&cp);
    EXPECT_INT(cond_predict(&cp, 0x33, 5), 1);
    EXPECT_INT(cp.counters[0x33], 1);
    EXPECT_U64(cp.history, 1);
    case_end();
}

static void test_index_formula(void)
{
    case_begin("branch/index_formula_uses_old_history");
    cond_init(&cp);
    cp.history = 0x5A;
    /* ((0x5A & 0x7F) << 7) | (0x12345 & 0x7F) = 0x2D00 | 0x45 = 0x2D45. */
    EXPECT_INT(cond_predict(&cp, 0x12345, 1), 1);
    EXPECT_INT(cp.counters[0x2D45], 1);
    EXPECT_INT(nonzero_counters(), 1);
    EXPECT_U64(cp.history, 0xB5);
    /* With the new history the index would have been 0x35 << 7 | 0x45. */
    EXPECT_INT(cp.counters[0x1AC5], 0);

    /* History bits above the low 7 do not reach the index. */
    cond_init(&cp);
    cp.history = 0xFFFFFFFFFFFFFF80ull;
    EXPECT_INT(cond_predict(&cp, 0xABCDEF01, 1), 1);
    EXPECT_INT(cp.counters[0x01], 1);
    EXPECT_INT(nonzero_counters(), 1);

    /* Address bits above the low 7 do not either. */
    cond_init(&cp);
    EXPECT_INT(cond_predict(&cp, 0xFFFFFFFFFFFFFF85ull, 1), 1);
    EXPECT_INT(cp.counters[0x05], 1);
    case_end();
}

static void test_history(void)
{
    case_begin("branch/history_shifts_in_outcomes");
    cond_init(&cp);
    cond_predict(&cp, 0x10, 1);
    cond_predict(&cp, 0x20, 0);
    cond_predict(&cp, 0x30, 1);
    cond_predict(&cp, 0x40, 1);
    EXPECT_U64(cp.history, 0xB); /* 1011: oldest outcome highest */
    cp.history = 0x8000000000000001ull;
    cond_predict(&cp, 0x10, 1);
    EXPECT_U64(cp.history, 0x3); /* a full 64-bit shift */
    cond_predict(&cp, 0x10, 0);
    EXPECT_U64(cp.history, 0x6);
    case_end();
}

/* From a fresh predictor: seven taken branches at 0x40 each see a fresh
 * history (0, 1, 3, ..., 63) so all mispredict; from then on the history is
 * 0x7F and they share counter 0x3FC0, which climbs 0 -> 3 and stops there;
 * one not-taken then mispredicts and drops it to 2 (unclamped: 4). */
static void test_saturation_sequence(void)
{
    static const int outcome[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0};
    static const int miss[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1};
    size_t i;

    case_begin("branch/saturates_at_3");
    cond_init(&cp);
    for (i = 0; i < sizeof outcome / sizeof outcome[0]; i++) {
        case_ctx("branch %d", (int)i + 1);
        EXPECT_INT(cond_predict(&cp, 0x40, outcome[i]), miss[i]);
        if (i == 11) EXPECT_INT(cp.counters[0x3FC0], 3);
    }
    case_ctx("after");
    EXPECT_INT(cp.counters[0x3FC0], 2);
    case_end();

    /* Not taken with history 0 keeps hitting counter 0x10 at 0: no wrap to 255
     * (which would predict taken), so the first taken still mispredicts. */
    case_begin("branch/saturates_at_0");
    cond_init(&cp);
    for (i = 0; i < 5; i++) EXPECT_INT(cond_predict(&cp, 0x10, 0), 0);
    EXPECT_INT(cp.counters[0x10], 0);
    EXPECT_U64(cp.history, 0);
    EXPECT_INT(cond_predict(&cp, 0x10, 1), 1);
    EXPECT_INT(cp.counters[0x10], 1);
    case_end();
}

/* Branches whose addresses agree in the low 7 bits share a counter under the
 * same history: B trains the counter A then uses. */
static void test_cond_aliasing(void)
{
    case_begin("branch/cond_aliasing_shares_a_counter");
    cond_init(&cp);
    EXPECT_INT(cond_predict(&cp, 0x400010, 1), 1);
    cp.history = 0;
    EXPECT_INT(cond_predict(&cp, 0x400090, 1), 1);
    cp.history = 0;
    EXPECT_INT(cp.counters[0x10], 2);
    EXPECT_INT(cond_predict(&cp, 0x10, 1), 0);
    EXPECT_INT(cp.counters[0x10], 3);
    EXPECT_INT(nonzero_counters(), 1);
    case_end();
}

static void test_indirect(void)
{
    case_begin("branch/indirect_table");
    ind_init(&ip);
    /* The table starts at 0, so a target of 0 is "predicted". */
    EXPECT_INT(ind_predict(&ip, 0x5, 0), 0);
    EXPECT_INT(ind_predict(&ip, 0x1000, 0x2000), 1);
    EXPECT_INT(ind_predict(&ip, 0x1000, 0x2000), 0);
    /* 0x1200 is 512 bytes on: the same slot (0). */
    EXPECT_INT(ind_predict(&ip, 0x1200, 0x2000), 0);
    EXPECT_INT(ind_predict(&ip, 0x1200, 0x3000), 1);
    EXPECT_INT(ind_predict(&ip, 0x1000, 0x2000), 1);
    EXPECT_U64(ip.targets[0], 0x2000);
    /* Slot = addr & 0x1FF. */
    EXPECT_INT(ind_predict(&ip, 0x401234, 0x77), 1);
    EXPECT_U64(ip.targets[0x34], 0x77);
    EXPECT_INT(ind_predict(&ip, 0x4011FF, 0x88), 1);
    EXPECT_U64(ip.targets[0x1FF], 0x88);
    EXPECT_INT(ind_predict(&ip, 0x401034, 0x77), 0);
    case_end();
}

/* The loop vector (tests/progs/loop.S): 100 iterations of (lock-add exit at 0x40100f, not
 * taken; jnz at 0x401019, taken but the last), then the REP exit at 0x401030
 * fed taken 4 times then not taken.  Worked by hand: the jnz sees fresh
 * histories in iterations 1-4 (low 7 bits 0, 0x02, 0x0A, 0x2A), then 0x2A
 * forever, so it mispredicts in iterations 1-5 and 100 (6); the lock exit
 * always meets a 0 counter and is not taken (0); the REP exit meets four
 * fresh counters while taken (4) and a fresh one when not taken. */
static void test_loop_vector(void)
{
    unsigned long bc[3] = {0, 0, 0}, bcm[3] = {0, 0, 0};
    int i;

    case_begin("branch/loop_vector");
    cond_init(&cp);
    for (i = 1; i <= 100; i++) {
        bc[0]++;
        bcm[0] += cond_predict(&cp, 0x40100f, 0);
        bc[1]++;
        bcm[1] += cond_predict(&cp, 0x401019, i < 100);
    }
    for (i = 1; i <= 5; i++) {
        bc[2]++;
        bcm[2] += cond_predict(&cp, 0x401030, i < 5);
    }
    EXPECT_INT(bc[0], 100);
    EXPECT_INT(bcm[0], 0);
    EXPECT_INT(bc[1], 100);
    EXPECT_INT(bcm[1], 6);
    EXPECT_INT(bc[2], 5);
    EXPECT_INT(bcm[2], 4);
    EXPECT_INT(bcm[0] + bcm[1] + bcm[2], 10);

    /* Without the inversion rule (not taken 4 times, then taken) it is 1. */
    cond_init(&cp);
    bcm[2] = 0;
    for (i = 1; i <= 100; i++) {
        cond_predict(&cp, 0x40100f, 0);
        cond_predict(&cp, 0x401019, i < 100);
    }
    for (i = 1; i <= 5; i++) bcm[2] += cond_predict(&cp, 0x401030, i == 5);
    EXPECT_INT(bcm[2], 1);
    case_end();
}

/* The indirect vector (tests/progs/indirect.S): 9 indirect calls from one site alternating between
 * two targets (all mispredict), and a jnz taken 9 times then not: histories
 * 0, 1, 3, ..., 127 are fresh for iterations 1-8, iteration 9 meets the
 * counter at 1, iteration 10 (not taken) meets it at 2: 10 mispredicts. */
static void test_indirect_vector(void)
{
    unsigned long bim = 0, bcm = 0;
    int i;

    case_begin("branch/indirect_vector");
    cond_init(&cp);
    ind_init(&ip);
    for (i = 1; i <= 10; i++) {
        if (i > 1) bim += ind_predict(&ip, 0x401020, i % 2 ? 0x401100 : 0x401200);
        bcm += cond_predict(&cp, 0x401040, i < 10);
    }
    EXPECT_INT(bim, 9);
    EXPECT_INT(bcm, 10);
    case_end();
}

int main(void)
{
    test_init();
    test_transitions();
    test_index_formula();
    test_history();
    test_saturation_sequence();
    test_cond_aliasing();
    test_indirect();
    test_loop_vector();
    test_indirect_vector();
    return check_exit();
}
