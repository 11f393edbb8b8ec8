/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_graph.c: the call-graph code (post/callgraph.c) on hand-made graphs
   whose inclusive costs, cycles and exactness are worked out here by hand:
   a chain, recursion as Callgrind writes it by default (`fib` -> `fib'2`,
   which calls itself), mutual recursion among level-1 nodes (what
   --separate-recs=1 gives), a cycle entered by nobody, arcs merged, chains
   and rings of 100,000 nodes (no recursion in the code), and folding of
   names. */
#include "callgraph.h"
#include "check.h"

#include <stdlib.h>

/* One event per graph keeps the tables readable. */
static void arc(cg_graph *g, uint32_t from, uint32_t to, cg_count count, cg_count incl)
{
    cg_graph_add_arc(g, from, to, count, &incl);
}

static void chain(void)
{
    /* main(0) -> a(1) -> b(2); self 1, 2, 4. */
    case_begin("graph/chain");
    cg_graph g;
    cg_graph_init(&g, 3, 1);
    *cg_graph_self(&g, 0) = 1, *cg_graph_self(&g, 1) = 2, *cg_graph_self(&g, 2) = 4;
    arc(&g, 0, 1, 1, 6);
    arc(&g, 1, 2, 3, 4);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_cycles, 0);
    EXPECT_INT(cg_graph_incl(&g, 0)[0], 7); /* called by nobody: 1 + 6 */
    EXPECT_INT(cg_graph_incl(&g, 1)[0], 6);
    EXPECT_INT(cg_graph_incl(&g, 2)[0], 4);
    for (uint32_t v = 0; v < 3; v++) EXPECT_INT(g.exact[v], 1);
    cg_graph_free(&g);
    case_end();
}

static void recursion_default(void)
{
    /* main(0) -> fib(1) -> fib'2(2) -> fib'2: the recursive calls' costs
       nest, so the self-loop's sum (500) counts them many times over. */
    case_begin("graph/recursion-separate-recs-2");
    cg_graph g;
    cg_graph_init(&g, 3, 1);
    *cg_graph_self(&g, 0) = 5, *cg_graph_self(&g, 1) = 10, *cg_graph_self(&g, 2) = 90;
    arc(&g, 0, 1, 1, 100);
    arc(&g, 1, 2, 2, 90);
    arc(&g, 2, 2, 40, 500);
    cg_graph_solve(&g);
    /* fib'2 calling itself is recursion, not a cycle: the calls from fib
       contain the nested ones. */
    EXPECT_INT(g.n_cycles, 0);
    for (uint32_t v = 0; v < 3; v++) EXPECT_INT(g.cycle[v], CG_NONE);
    EXPECT_INT(cg_graph_incl(&g, 1)[0], 100); /* fib: exact, the calls into it */
    EXPECT_INT(g.exact[1], 1);
    EXPECT_INT(cg_graph_incl(&g, 2)[0], 90); /* fib'2: entered from fib only */
    EXPECT_INT(g.exact[2], 1);
    EXPECT_INT(cg_graph_incl(&g, 0)[0], 105);
    cg_graph_free(&g);
    case_end();
}

static void mutual_level1(void)
{
    /* main(0) -> a(1) <-> b(2): a cycle among level-1 nodes. */
    case_begin("graph/mutual-recursion-level-1");
    cg_graph g;
    cg_graph_init(&g, 3, 1);
    *cg_graph_self(&g, 0) = 1, *cg_graph_self(&g, 1) = 10, *cg_graph_self(&g, 2) = 40;
    arc(&g, 0, 1, 1, 50);
    arc(&g, 1, 2, 2, 40);
    arc(&g, 2, 1, 1, 30);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_cycles, 1);
    EXPECT_INT(g.cycle[1], g.cycle[2]);
    EXPECT_INT(g.cycle_incl[0], 50); /* the cycle as a whole: the call entering it */
    EXPECT_INT(cg_graph_incl(&g, 1)[0], 50);
    EXPECT_INT(cg_graph_incl(&g, 2)[0], 0); /* entered only from inside */
    EXPECT_INT(g.exact[1], 0);
    EXPECT_INT(g.exact[2], 0);
    EXPECT_INT(cg_graph_incl(&g, 0)[0], 51);
    EXPECT_INT(g.exact[0], 1);
    cg_graph_free(&g);
    case_end();
}

static void root_cycle(void)
{
    /* a(0) <-> b(1) entered by nobody, b -> c(2). */
    case_begin("graph/cycle-entered-by-nobody");
    cg_graph g;
    cg_graph_init(&g, 3, 1);
    *cg_graph_self(&g, 0) = 3, *cg_graph_self(&g, 1) = 5, *cg_graph_self(&g, 2) = 7;
    arc(&g, 0, 1, 1, 20);
    arc(&g, 1, 0, 1, 9);
    arc(&g, 1, 2, 1, 7);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_cycles, 1);
    EXPECT_INT(g.cycle_incl[0], 3 + 5 + 7);
    EXPECT_INT(cg_graph_incl(&g, 2)[0], 7);
    EXPECT_INT(g.exact[2], 1);
    cg_graph_free(&g);
    case_end();
}

static void merged(void)
{
    /* Two call sites of the same call, and two events. */
    case_begin("graph/arcs-merged");
    cg_graph g;
    cg_graph_init(&g, 2, 2);
    cg_count c1[2] = {4, 1}, c2[2] = {6, 2};
    cg_graph_add_arc(&g, 0, 1, 1, c1);
    cg_graph_add_arc(&g, 0, 1, 2, c2);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_arcs, 1);
    EXPECT_INT(g.arcs[0].count, 3);
    EXPECT_INT(g.arc_cc[0], 10);
    EXPECT_INT(g.arc_cc[1], 3);
    EXPECT_INT(cg_graph_incl(&g, 1)[0], 10);
    EXPECT_INT(cg_graph_incl(&g, 1)[1], 3);
    cg_graph_free(&g);
    case_end();
}

static void deep(void)
{
    /* A chain of 100,000 callers, then the same closed into a ring entered
       from one more node: the search must not recurse. */
    enum { N = 100000 };
    case_begin("graph/deep-chain-and-ring");
    cg_graph g;
    cg_graph_init(&g, N, 1);
    for (uint32_t v = 0; v < N; v++) *cg_graph_self(&g, v) = 1;
    for (uint32_t v = 0; v + 1 < N; v++) arc(&g, v, v + 1, 1, N - 1 - v);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_cycles, 0);
    EXPECT_INT(cg_graph_incl(&g, 0)[0], N);
    EXPECT_INT(cg_graph_incl(&g, N - 1)[0], 1);
    cg_graph_free(&g);

    cg_graph_init(&g, N + 1, 1);
    for (uint32_t v = 0; v < N; v++) arc(&g, v, (v + 1) % N, 1, 1);
    arc(&g, N, 0, 1, 77);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_cycles, 1);
    EXPECT_INT(g.cycle[N], CG_NONE);
    EXPECT_INT(g.cycle[N / 2], 0);
    EXPECT_INT(g.cycle_incl[0], 77);
    cg_graph_free(&g);
    case_end();
}

static void folding(void)
{
    case_begin("graph/fold-names");
    cg_strtab t;
    cg_strtab_init(&t);
    cg_intern(&t, "fib", 3);
    cg_intern(&t, "main", 4);
    static const struct {
        const char *name;
        size_t len;
    } cases[] = {
        {"fib", 3},  {"fib'2", 3},  {"fib'12", 3},       {"fib'main", 3}, {"fib'main'2", 3},
        {"f'oo", 4}, {"main'x", 6}, {"<&'a T>::eq", 11}, {"fib'", 4},     {"fib'main'x'3", 10},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        case_ctx("%s", cases[i].name);
        EXPECT_INT(cg_fold_len(&t, cases[i].name, strlen(cases[i].name)), cases[i].len);
    }
    cg_strtab_free(&t);
    case_end();
}

int main(void)
{
    chain();
    recursion_default();
    mutual_level1();
    root_cycle();
    merged();
    deep();
    folding();
    return check_exit();
}
