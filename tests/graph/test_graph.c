/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_graph.c: the written call graph (post/model/callgraph.c) on hand-made
   graphs whose arcs, cycles and cycles' costs are worked out here by hand:
   a chain, recursion as Callgrind writes it by default (`fib` -> `fib'2`,
   which calls itself), mutual recursion among level-1 nodes (what
   --separate-recs=1 gives), a cycle entered by nobody, arcs merged, chains
   and rings of 100,000 nodes (no recursion in the code), and folding of
   names.  Then the functions' graph (post/model/fgraph.c) of small Callgrind
   files written here and read as cg_annotate reads them: recursion levels
   folded or not, mutual recursion with levels and without
   (--separate-recs=1), a thread's root, caller contexts, the union of the
   activations of a set of functions, and the renaming of the profile's
   entries; three cases hold what Callgrind 3.19 really writes (caller
   contexts without a plain name, the level before the callers, two
   functions calling each other at level 1). */
#include "callgraph.h"
#include "check.h"
#include "fgraph.h"
#include "format.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    arc(&g, 1, 2, 3, 4);
    arc(&g, 0, 1, 1, 6);
    cg_graph_solve(&g);
    EXPECT_INT(g.n_cycles, 0);
    /* Sorted (0 -> 1, 1 -> 2) and indexed both ways. */
    EXPECT_INT(g.arcs[0].to, 1);
    cg_count buf[1];
    EXPECT_INT(cg_garc_cc(&g, 1, buf)[0], 4);
    static const uint32_t out[] = {0, 1, 2, 2}, in[] = {0, 0, 1, 2};
    for (int v = 0; v < 4; v++) EXPECT_INT(g.first_out[v], out[v]);
    for (int v = 0; v < 4; v++) EXPECT_INT(g.first_in[v], in[v]);
    EXPECT_INT(g.in_arcs[0], 0);
    EXPECT_INT(g.in_arcs[1], 1);
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
    cg_count buf[2];
    EXPECT_INT(cg_garc_cc(&g, 0, buf)[0], 10);
    EXPECT_INT(cg_garc_cc(&g, 0, buf)[1], 3);
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
    /* Callgrind writes the level first, then the callers: fib'2'main. */
    static const struct {
        const char *name;
        size_t len;
        bool level;
    } cases[] = {
        {"fib", 3, 0},      {"fib'2", 3, 1},         {"fib'12", 3, 1},
        {"fib'main", 3, 0}, {"fib'2'main", 3, 1},    {"fib'main'2", 10, 0},
        {"f'oo", 4, 0},     {"main'x", 6, 0},        {"<&'a T>::eq", 11, 0},
        {"fib'", 4, 0},     {"fib'main'x'3", 12, 0}, {"g'fib'main", 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        case_ctx("%s", cases[i].name);
        bool level;
        EXPECT_INT(cg_fold_len(&t, cases[i].name, strlen(cases[i].name), &level), cases[i].len);
        EXPECT_INT(level, cases[i].level);
    }
    cg_strtab_free(&t);
    case_end();
}

/* ------------------------------------------------------------ fgraph */

/* The function graph (post/model/fgraph.c) is built from a profile: each case
   writes a small Callgrind file by hand, reads it as cg_annotate does and
   checks the figures worked out in its comments.  Every program is told in
   a comment (who calls whom, the self cost of each activation), and every
   count line and call's inclusive cost follows from it by hand. */

/* Reads `text` into p under cg_annotate's rules; a refused read fails the
   case with the reader's message. */
static bool load(cg_profile *p, const char *text)
{
    cg_profile_init(p, &cg_rules_annotate);
    cg_read_opts o = {.sign = 1, .stop_on_mismatch = true, .quiet = true};
    cg_error e = {0};
    cg_input *in = cg_read_mem(p, "hand.callgrind", text, strlen(text), &o, &e);
    if (!in) check_failure(__LINE__, "read refused: %.*s", (int)e.msg.len, e.msg.p);
    cg_error_free(&e);
    return in != NULL;
}

/* The function called `name`, or CG_NONE. */
static uint32_t fn_id(const cg_fgraph *f, const char *name)
{
    cg_str s = {name, strlen(name), 0};
    return cg_fgraph_find(f, &s);
}

/* The arc between the functions called `from` and `to`, or NULL. */
static const cg_farc *farc(const cg_fgraph *f, const char *from, const char *to, uint32_t *index)
{
    uint32_t u = fn_id(f, from), v = fn_id(f, to);
    if (u == CG_NONE || v == CG_NONE) return NULL;
    for (uint32_t a = f->first_out[u]; a < f->first_out[u + 1]; a++)
        if (f->arcs[a].to == v) {
            if (index) *index = a;
            return &f->arcs[a];
        }
    return NULL;
}

/* What every function graph must satisfy whatever its input: arcs sorted by
   (from, to), one per pair, never from a function to itself; the out- and
   in-indices list each arc once, under its ends; the functions' self costs
   add up to the profile's (event 0 given). */
static void check_shape(const cg_fgraph *f, cg_count total)
{
    size_t nf = cg_fgraph_n(f);
    for (uint32_t a = 0; a < f->n_arcs; a++) {
        const cg_farc *x = &f->arcs[a];
        if (x->from == x->to) check_failure(__LINE__, "arc %u from a function to itself", a);
        if (a && (f->arcs[a - 1].from > x->from ||
                  (f->arcs[a - 1].from == x->from && f->arcs[a - 1].to >= x->to)))
            check_failure(__LINE__, "arc %u out of order or repeated", a);
        if (x->from >= nf || a < f->first_out[x->from] || a >= f->first_out[x->from + 1])
            check_failure(__LINE__, "arc %u not under its caller", a);
    }
    EXPECT_INT(f->first_out[nf], f->n_arcs);
    EXPECT_INT(f->first_in[nf], f->n_arcs);
    for (uint32_t v = 0; v < nf; v++)
        for (uint32_t k = f->first_in[v]; k < f->first_in[v + 1]; k++)
            if (f->arcs[f->in_arcs[k]].to != v)
                check_failure(__LINE__, "in-arc %u of %s goes elsewhere", k,
                              cg_name(&f->names, v)->s);
    cg_count sum = 0;
    for (uint32_t v = 0; v < nf; v++) sum += cg_ffn_self(f, v)[0];
    EXPECT_INT(sum, total);
}

/* One function's figures in event 0 (and what it is called, on failure). */
static void expect_fn(const cg_fgraph *f, const char *name, cg_count self, cg_count incl,
                      bool exact, cg_count calls, cg_count rcalls)
{
    char saved[sizeof check_ctx];
    memcpy(saved, check_ctx, sizeof saved);
    case_ctx("%s%sfunction %s", saved, saved[0] ? ", " : "", name);
    uint32_t v = fn_id(f, name);
    EXPECT_INT(v != CG_NONE, 1);
    if (v != CG_NONE) {
        EXPECT_INT(cg_ffn_self(f, v)[0], self);
        EXPECT_INT(cg_ffn_incl(f, v)[0], incl);
        EXPECT_INT(f->fns[v].exact, exact);
        EXPECT_INT(f->fns[v].calls, calls);
        EXPECT_INT(f->fns[v].rcalls, rcalls);
    }
    case_ctx("%s", saved);
}

/* The arc from -> to with its counts and the cost of its outermost calls
   (event 0). */
static void expect_arc(const cg_fgraph *f, const char *from, const char *to, cg_count count,
                       cg_count rcount, cg_count cost)
{
    char saved[sizeof check_ctx];
    memcpy(saved, check_ctx, sizeof saved);
    case_ctx("%s%sarc %s -> %s", saved, saved[0] ? ", " : "", from, to);
    uint32_t a = 0;
    const cg_farc *x = farc(f, from, to, &a);
    EXPECT_INT(x != NULL, 1);
    if (x) {
        EXPECT_INT(x->count, count);
        EXPECT_INT(x->rcount, rcount);
        cg_count *buf = xmalloc((f->nev + 1) * sizeof *buf);
        EXPECT_INT(cg_farc_cc(f, a, buf)[0], cost);
        free(buf);
    }
    case_ctx("%s", saved);
}

/* The union of the activations of the functions named (a NULL-terminated
   list): its bounds in event 0 and whether the file decides it. */
static void expect_union(const cg_fgraph *f, const char *const *names, cg_count lo, cg_count hi,
                         bool decided)
{
    size_t nf = cg_fgraph_n(f);
    bool *match = xcalloc(nf + 1, sizeof *match);
    char saved[sizeof check_ctx];
    memcpy(saved, check_ctx, sizeof saved);
    case_ctx("%s%sunion of %s%s", saved, saved[0] ? ", " : "", names[0], names[1] ? "..." : "");
    for (size_t i = 0; names[i]; i++) {
        uint32_t v = fn_id(f, names[i]);
        EXPECT_INT(v != CG_NONE, 1);
        if (v != CG_NONE) match[v] = true;
    }
    cg_count *l = xcalloc(f->nev + 1, sizeof *l), *h = xcalloc(f->nev + 1, sizeof *h);
    bool r = cg_fgraph_union(f, match, l, h);
    EXPECT_INT(l[0], lo);
    EXPECT_INT(h[0], hi);
    EXPECT_INT(r, decided);
    case_ctx("%s", saved);
    free(l);
    free(h);
    free(match);
}

/* fib(4) called once by main, as Callgrind writes it by default
   (--separate-recs=2): the outermost fib is `fib`, every call made while a
   fib runs goes to `fib'2`.  Two events, Ir and Dr: main 7 and 1, each fib
   activation 10 and 3.
     fib(4) -> fib(3), fib(2); fib(3) -> fib(2), fib(1);
     fib(2) -> fib(1), fib(0): 9 activations, 1 of them at level 1.
   fib'2 holds the other 8 (self 80, 24).  The 2 calls fib -> fib'2 are
   fib(3) (5 activations) and fib(2) (3): 80, 24.  The 6 calls fib'2 ->
   fib'2 are fib(3)'s fib(2) (3 activations) and fib(1), then the fib(1)
   and fib(0) of each of the two fib(2): 8 activations, 80 and 24 again
   (the same figure as fib'2's self cost, by chance of the tree).  Total
   7 + 90, 1 + 27. */
static const char fib_text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./fib 4\n"
                               "part: 1\n"
                               "positions: line\n"
                               "events: Ir Dr\n"
                               "summary: 97 28\n"
                               "fl=(1) fib.c\n"
                               "fn=(1) main\n"
                               "10 7 1\n"
                               "cfn=(2) fib\n"
                               "calls=1 2\n"
                               "11 90 27\n"
                               "fn=(2)\n"
                               "2 10 3\n"
                               "cfn=(3) fib'2\n"
                               "calls=2 2\n"
                               "3 80 24\n"
                               "fn=(3)\n"
                               "2 80 24\n"
                               "cfn=(3)\n"
                               "calls=6 2\n"
                               "3 80 24\n"
                               "totals: 97 28\n";

static void fgraph_recursion_default(void)
{
    case_begin("graph/fgraph-recursion-default");
    cg_profile p;
    if (load(&p, fib_text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 97);
        /* fib'2 folds into fib: two functions. */
        EXPECT_INT(cg_fgraph_n(&f), 2);
        EXPECT_INT(fn_id(&f, "fib'2"), CG_NONE);
        EXPECT_INT(f.folded, 1);
        EXPECT_INT(f.levels, 1);
        /* fib: self 10 + 80 (3 + 24); inclusive the one call from main,
           90 (27), exact: each of its outermost activations was started by
           a call into the level-1 node.  1 call started one; the 2 + 6
           calls into fib'2 were made while fib ran. */
        expect_fn(&f, "fib", 90, 90, true, 1, 8);
        uint32_t fib = fn_id(&f, "fib");
        if (fib != CG_NONE) {
            EXPECT_INT(cg_ffn_self(&f, fib)[1], 27);
            EXPECT_INT(cg_ffn_incl(&f, fib)[1], 27);
            EXPECT_INT(f.fns[fib].cycle, CG_NONE);
        }
        /* main: called by nobody, 7 + 90 (1 + 27). */
        expect_fn(&f, "main", 7, 97, true, 0, 0);
        uint32_t m = fn_id(&f, "main");
        if (m != CG_NONE) EXPECT_INT(cg_ffn_incl(&f, m)[1], 28);
        /* The self-loop on fib'2 is recursion, not a cycle, written or
           folded. */
        EXPECT_INT(f.g.n_cycles, 0);
        EXPECT_INT(f.n_cycles, 0);
        /* One arc: main -> fib, 1 call carrying 90 (27); fib's calls to
           itself are no arc. */
        EXPECT_INT(f.n_arcs, 1);
        expect_arc(&f, "main", "fib", 1, 0, 90);
        uint32_t a = 0;
        cg_count buf[2];
        if (farc(&f, "main", "fib", &a)) EXPECT_INT(cg_farc_cc(&f, a, buf)[1], 27);
        EXPECT_INT(farc(&f, "fib", "fib", NULL) == NULL, 1);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_recursion_unfolded(void)
{
    /* The same file with fold off: the nodes as written, `fib'2` a
       function of its own. */
    case_begin("graph/fgraph-recursion-unfolded");
    cg_profile p;
    if (load(&p, fib_text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, false, CG_SIDE_SUM);
        check_shape(&f, 97);
        EXPECT_INT(cg_fgraph_n(&f), 3);
        EXPECT_INT(f.folded, 0);
        EXPECT_INT(f.levels, 0);
        /* fib: its own activation only (10), the call from main (90). */
        expect_fn(&f, "fib", 10, 90, true, 1, 0);
        /* fib'2: self 80; inclusive the 2 calls from fib (80), exact; its
           6 calls to itself nest in those. */
        expect_fn(&f, "fib'2", 80, 80, true, 2, 6);
        uint32_t f2 = fn_id(&f, "fib'2");
        if (f2 != CG_NONE) EXPECT_INT(cg_ffn_incl(&f, f2)[1], 24);
        expect_fn(&f, "main", 7, 97, true, 0, 0);
        EXPECT_INT(f.n_cycles, 0);
        EXPECT_INT(f.n_arcs, 2);
        expect_arc(&f, "main", "fib", 1, 0, 90);
        expect_arc(&f, "fib", "fib'2", 2, 0, 80);
        EXPECT_INT(farc(&f, "fib'2", "fib'2", NULL) == NULL, 1);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_mutual_levels(void)
{
    /* a(n) calls b(n - 1), b(n) calls a(n - 1), while n > 0.  main calls
       a(4), then b(0).  Self: main 5, each a 10, each b 20.  Levels are per
       function: a(4) and b(3) start at level 1, a(2) and a(0) run while a
       does (a'2), b(1) while b does (b'2); b(0) from main is level 1.
         a'2(0) 10; b'2(1) 20 + 10 = 30; a'2(2) 10 + 30 = 40;
         b(3) 20 + 40 = 60; a(4) 10 + 60 = 70; b(0) 20.
       Written calls: main -> a 1 (70), main -> b 1 (20), a -> b 1 (60),
       b -> a'2 1 (40), a'2 -> b'2 1 (30), b'2 -> a'2 1 (10).  Self: main 5,
       a 10, b 40, a'2 20, b'2 20; total 95. */
    case_begin("graph/fgraph-mutual-recursion-levels");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./ab\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) ab.c\n"
                               "fn=(1) main\n"
                               "1 5\n"
                               "cfn=(2) a\n"
                               "calls=1 10\n"
                               "2 70\n"
                               "cfn=(3) b\n"
                               "calls=1 20\n"
                               "3 20\n"
                               "fn=(2)\n"
                               "10 10\n"
                               "cfn=(3)\n"
                               "calls=1 20\n"
                               "11 60\n"
                               "fn=(3)\n"
                               "20 40\n"
                               "cfn=(4) a'2\n"
                               "calls=1 10\n"
                               "21 40\n"
                               "fn=(4)\n"
                               "10 20\n"
                               "cfn=(5) b'2\n"
                               "calls=1 20\n"
                               "11 30\n"
                               "fn=(5)\n"
                               "20 20\n"
                               "cfn=(4)\n"
                               "calls=1 10\n"
                               "21 10\n"
                               "totals: 95\n";
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 95);
        EXPECT_INT(cg_fgraph_n(&f), 3);
        /* The written graph's one cycle is a'2 <-> b'2, levels only: no
           cycle of functions. */
        EXPECT_INT(f.g.n_cycles, 1);
        EXPECT_INT(f.n_cycles, 0);
        /* a: self 10 + 20; inclusive a(4), the call from main: 70, exact;
           the calls b -> a'2 and b'2 -> a'2 were made while a ran. */
        expect_fn(&f, "a", 30, 70, true, 1, 2);
        /* b: self 40 + 20; inclusive b(3) (from a) + b(0) (from main):
           60 + 20, exact; a'2 -> b'2 was made while b ran. */
        expect_fn(&f, "b", 60, 80, true, 2, 1);
        expect_fn(&f, "main", 5, 95, true, 0, 0);
        for (uint32_t v = 0; v < cg_fgraph_n(&f); v++) EXPECT_INT(f.fns[v].cycle, CG_NONE);
        /* Folded arcs: a -> b is a -> b (starts b(3)) and a'2 -> b'2 (b
           runs); b -> a is b -> a'2 and b'2 -> a'2, none outermost, so no
           cost. */
        EXPECT_INT(f.n_arcs, 4);
        expect_arc(&f, "main", "a", 1, 0, 70);
        expect_arc(&f, "main", "b", 1, 0, 20);
        expect_arc(&f, "a", "b", 1, 1, 60);
        expect_arc(&f, "b", "a", 0, 2, 0);
        /* While a or b runs: a(4) (70, holding b(3)) and b(0) (20). */
        expect_union(&f, (const char *const[]){"a", "b", NULL}, 90, 90, true);
        expect_union(&f, (const char *const[]){"a", NULL}, 70, 70, true);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

/* The same program as fgraph_mutual_levels run with --separate-recs=1: no
   levels, a and b call each other as written.  a's activations: a(4),
   a(2), a(0) (self 30); b's: b(3), b(1), b(0) (self 60).  Calls: main -> a
   1 (70), main -> b 1 (20), a -> b 2 (b(3) 60 + b(1) 30 = 90), b -> a 2
   (a(2) 40 + a(0) 10 = 50).  Total 5 + 30 + 60 = 95. */
static const char ab_recs1_text[] = "# callgrind format\n"
                                    "version: 1\n"
                                    "creator: hand\n"
                                    "cmd: ./ab\n"
                                    "positions: line\n"
                                    "events: Ir\n"
                                    "fl=(1) ab.c\n"
                                    "fn=(1) main\n"
                                    "1 5\n"
                                    "cfn=(2) a\n"
                                    "calls=1 10\n"
                                    "2 70\n"
                                    "cfn=(3) b\n"
                                    "calls=1 20\n"
                                    "3 20\n"
                                    "fn=(2)\n"
                                    "10 30\n"
                                    "cfn=(3)\n"
                                    "calls=2 20\n"
                                    "11 90\n"
                                    "fn=(3)\n"
                                    "20 60\n"
                                    "cfn=(2)\n"
                                    "calls=2 10\n"
                                    "21 50\n"
                                    "totals: 95\n";

static void fgraph_mutual_recs1(void)
{
    case_begin("graph/fgraph-mutual-recursion-separate-recs-1");
    cg_profile p;
    if (load(&p, ab_recs1_text)) {
        for (int fold = 1; fold >= 0; fold--) {
            /* No name has a level or a context: folding changes nothing. */
            cg_fgraph f;
            cg_fgraph_build(&f, &p, fold, CG_SIDE_SUM);
            case_ctx("fold %d", fold);
            check_shape(&f, 95);
            EXPECT_INT(f.levels, 0);
            /* One cycle, a and b (by name), entered by main's two calls:
               70 + 20; its members' self 30 + 60. */
            EXPECT_INT(f.n_cycles, 1);
            if (f.n_cycles == 1) {
                EXPECT_INT(f.cycles[0].n_members, 2);
                if (f.cycles[0].n_members == 2) {
                    EXPECT_STR(cg_name(&f.names, f.cycles[0].members[0])->s, "a");
                    EXPECT_STR(cg_name(&f.names, f.cycles[0].members[1])->s, "b");
                }
                EXPECT_INT(f.cycle_incl[0], 90);
                EXPECT_INT(f.cycle_self[0], 90);
            }
            /* Each member: the calls from outside the cycle, a lower bound
               (a's happens to be right, 70; b's true figure is b(3) + b(0)
               = 80, the file cannot tell b(3) from the nested b(1)). */
            expect_fn(&f, "a", 30, 70, false, 1, 2);
            expect_fn(&f, "b", 60, 20, false, 1, 2);
            expect_fn(&f, "main", 5, 95, true, 0, 0);
            uint32_t a = fn_id(&f, "a"), b = fn_id(&f, "b"), m = fn_id(&f, "main");
            if (a != CG_NONE && b != CG_NONE && m != CG_NONE) {
                EXPECT_INT(f.fns[a].cycle, 0);
                EXPECT_INT(f.fns[b].cycle, 0);
                EXPECT_INT(f.fns[m].cycle, CG_NONE);
            }
            /* Inside the cycle no call is known to start an outermost
               activation: counted, no cost. */
            EXPECT_INT(f.n_arcs, 4);
            expect_arc(&f, "a", "b", 0, 2, 0);
            expect_arc(&f, "b", "a", 0, 2, 0);
            expect_arc(&f, "main", "a", 1, 0, 70);
            expect_arc(&f, "main", "b", 1, 0, 20);
            /* While a or b runs: the cycle, 90, decided.  While a runs:
               at least main's call (70), at most that and b's calls (50):
               without levels the file cannot say whether b's calls to a
               were made inside a (they all were: the truth is 70). */
            expect_union(&f, (const char *const[]){"a", "b", NULL}, 90, 90, true);
            expect_union(&f, (const char *const[]){"a", NULL}, 70, 120, false);
            cg_fgraph_free(&f);
            case_ctx("%s", "");
        }
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_thread_root(void)
{
    /* Two threads, two parts, --separate-recs=1 (no levels).  Thread 1:
       main (self 3) calls job (self 7) once.  Thread 2 starts at worker,
       called by nobody: worker(2) -> worker(1) -> worker(0), each self 10,
       and worker(0) calls job once.
         worker -> worker: 2 calls, worker(1) 10 + 10 + 7 = 27 and
         worker(0) 17: 44; worker -> job: 1 call, 7.
       Thread totals 10 and 37. */
    case_begin("graph/fgraph-thread-root");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "pid: 1\n"
                               "thread: 1\n"
                               "part: 1\n"
                               "cmd: ./threads\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) t.c\n"
                               "fn=(1) main\n"
                               "1 3\n"
                               "cfn=(2) job\n"
                               "calls=1 30\n"
                               "2 7\n"
                               "fn=(2)\n"
                               "30 7\n"
                               "totals: 10\n"
                               "pid: 1\n"
                               "thread: 2\n"
                               "part: 2\n"
                               "cmd: ./threads\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1)\n"
                               "fn=(3) worker\n"
                               "20 30\n"
                               "cfn=(3)\n"
                               "calls=2 20\n"
                               "21 44\n"
                               "cfn=(2)\n"
                               "calls=1 30\n"
                               "22 7\n"
                               "fn=(2)\n"
                               "30 7\n"
                               "totals: 37\n";
    cg_profile p;
    if (load(&p, text)) {
        for (int fold = 1; fold >= 0; fold--) {
            cg_fgraph f;
            cg_fgraph_build(&f, &p, fold, CG_SIDE_SUM);
            case_ctx("fold %d", fold);
            check_shape(&f, 47);
            EXPECT_INT(cg_fgraph_n(&f), 3);
            /* worker: its thread's root, 30 + the call to job 7 = 37, its
               calls to itself (44) not added again; they are recursion. */
            expect_fn(&f, "worker", 30, 37, true, 0, 2);
            /* main: 3 + 7; job: a call from each thread, 7 + 7. */
            expect_fn(&f, "main", 3, 10, true, 0, 0);
            expect_fn(&f, "job", 14, 14, true, 2, 0);
            EXPECT_INT(f.g.n_cycles, 0);
            EXPECT_INT(f.n_cycles, 0);
            EXPECT_INT(f.n_arcs, 2);
            expect_arc(&f, "main", "job", 1, 0, 7);
            expect_arc(&f, "worker", "job", 1, 0, 7);
            EXPECT_INT(farc(&f, "worker", "worker", NULL) == NULL, 1);
            /* While worker runs: all of thread 2; while main or worker
               runs: everything; while job runs: its two activations. */
            expect_union(&f, (const char *const[]){"worker", NULL}, 37, 37, true);
            expect_union(&f, (const char *const[]){"main", "worker", NULL}, 47, 47, true);
            expect_union(&f, (const char *const[]){"job", NULL}, 14, 14, true);
            cg_fgraph_free(&f);
            case_ctx("%s", "");
        }
    }
    cg_profile_free(&p);
    case_end();
}

/* Caller contexts as Callgrind writes them under --separate-callers1=f
   (checked on Callgrind 3.19: only f's name carries its caller, `f'g`;
   its callers are plain, and no node is plain `f`).  main (self 2) calls
   g (self 4) and h (self 6) once each, a function x (self 1) once and one
   whose name holds a quote, `x'y` (self 8), once; g calls f once (self
   10), h calls f twice (self 8 each).
     main -> g 1 (4 + 10 = 14), main -> h 1 (6 + 16 = 22), main -> x 1 (1),
     main -> x'y 1 (8); g -> f'g 1 (10); h -> f'h 2 (16).
   Total 2 + 4 + 6 + 10 + 16 + 1 + 8 = 47.  `%s` is left for lines the
   variants add. */
static const char contexts_text[] = "# callgrind format\n"
                                    "version: 1\n"
                                    "creator: hand\n"
                                    "cmd: ./ctx\n"
                                    "positions: line\n"
                                    "events: Ir\n"
                                    "fl=(1) c.c\n"
                                    "%s"
                                    "fn=(1) main\n"
                                    "1 2\n"
                                    "cfn=(2) g\n"
                                    "calls=1 10\n"
                                    "2 14\n"
                                    "cfn=(3) h\n"
                                    "calls=1 20\n"
                                    "3 22\n"
                                    "cfn=(4) x\n"
                                    "calls=1 40\n"
                                    "4 1\n"
                                    "cfn=(5) x'y\n"
                                    "calls=1 50\n"
                                    "5 8\n"
                                    "%s"
                                    "fn=(2)\n"
                                    "10 4\n"
                                    "cfn=(6) f'g\n"
                                    "calls=1 30\n"
                                    "11 10\n"
                                    "fn=(3)\n"
                                    "20 6\n"
                                    "cfn=(7) f'h\n"
                                    "calls=2 30\n"
                                    "21 16\n"
                                    "fn=(6)\n"
                                    "30 10\n"
                                    "fn=(7)\n"
                                    "30 16\n"
                                    "fn=(4)\n"
                                    "40 1\n"
                                    "fn=(5)\n"
                                    "50 8\n"
                                    "%s"
                                    "totals: %d\n";

/* What both variants must give: f'g and f'h folded into f, which holds
   both contexts' activations: self 10 + 16, inclusive 10 + 16, exact (the
   file has no levels, and neither context runs under the other: the union
   of their activations is decided).  `x'y` is not folded: y is no function
   of the file. */
static void expect_contexts(const cg_fgraph *f)
{
    EXPECT_INT(fn_id(f, "f'g"), CG_NONE);
    EXPECT_INT(fn_id(f, "f'h"), CG_NONE);
    expect_fn(f, "f", 26, 26, true, 3, 0);
    uint32_t v = fn_id(f, "f");
    if (v != CG_NONE) EXPECT_INT(f->fns[v].cycle, CG_NONE);
    expect_arc(f, "g", "f", 1, 0, 10);
    expect_arc(f, "h", "f", 2, 0, 16);
    expect_fn(f, "g", 4, 14, true, 1, 0);
    expect_fn(f, "h", 6, 22, true, 1, 0);
    expect_fn(f, "x", 1, 1, true, 1, 0);
    expect_fn(f, "x'y", 8, 8, true, 1, 0);
    expect_arc(f, "main", "x'y", 1, 0, 8);
    EXPECT_INT(f->n_cycles, 0);
    expect_union(f, (const char *const[]){"f", NULL}, 26, 26, true);
}

static void fgraph_contexts_defined(void)
{
    /* The variant where plain `f` is also a name of the file: a definition
       alone, `fn=(8) f` with no cost after it (as Callgrind defines each
       part of a context under --compress-mangled), which makes no node.
       And one more function called by main, a Rust-like name whose quote
       parts are no functions: `<&'a T>::eq` (self 3; total 50). */
    case_begin("graph/fgraph-caller-contexts-defined");
    static const char eq[] = "cfn=(9) <&'a T>::eq\ncalls=1 60\n6 3\n";
    static const char eq_body[] = "fn=(9)\n60 3\n";
    char text[2048];
    snprintf(text, sizeof text, contexts_text, "fn=(8) f\n", eq, eq_body, 50);
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 50);
        /* main, g, h, x, x'y, f, <&'a T>::eq. */
        EXPECT_INT(cg_fgraph_n(&f), 7);
        EXPECT_INT(f.levels, 0);
        expect_contexts(&f);
        expect_fn(&f, "<&'a T>::eq", 3, 3, true, 1, 0);
        expect_fn(&f, "main", 2, 50, true, 0, 0);
        cg_fgraph_free(&f);

        /* Unfolded: the contexts as written, each exact. */
        cg_fgraph_build(&f, &p, false, CG_SIDE_SUM);
        check_shape(&f, 50);
        /* main, g, h, x, x'y, f'g, f'h, <&'a T>::eq. */
        EXPECT_INT(cg_fgraph_n(&f), 8);
        EXPECT_INT(fn_id(&f, "f"), CG_NONE);
        expect_fn(&f, "f'g", 10, 10, true, 1, 0);
        expect_fn(&f, "f'h", 16, 16, true, 2, 0);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_contexts(void)
{
    /* The file as Callgrind writes it: g and h are functions of the file,
       plain `f` is not.  Expected as in the variant above.
       Callgrind never writes plain `f` under --separate-callers1=f (nor any
       plain name but the stack's bottom under --separate-callers=N): the
       callers need only be the function part of some name. */
    case_begin("graph/fgraph-caller-contexts");
    char text[2048];
    snprintf(text, sizeof text, contexts_text, "", "", "", 47);
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 47);
        EXPECT_INT(cg_fgraph_n(&f), 6);
        expect_contexts(&f);
        expect_fn(&f, "main", 2, 47, true, 0, 0);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_contexts_recursion(void)
{
    /* Caller contexts with recursion levels, as Callgrind 3.19 writes them
       (--separate-callers1=fib, default --separate-recs=2): the level comes
       before the context, `fib'2'g` (dump.c: name, then `'N`, then each
       caller).  Plain fib is defined alone, as in
       fgraph-caller-contexts-defined, so that only the order is at stake.
       main (self 2) calls g (self 4) and h (self 6); g calls fib(3), h
       calls fib(2); each fib activation self 10.
         fib(3): fib'g 10; its fib(2) and fib(1) run at level 2 under g:
           2 calls fib'g -> fib'2'g, 30 + 10 = 40; fib(2)'s fib(1) and
           fib(0): 2 calls fib'2'g -> fib'2'g, 20; fib'2'g self 40.
         fib(2): fib'h 10; fib(1), fib(0): 2 calls fib'h -> fib'2'h, 20;
           fib'2'h self 20.
         g -> fib'g 1 (50), h -> fib'h 1 (30), main -> g 1 (54),
         main -> h 1 (36).  Total 2 + 4 + 6 + 10 + 40 + 10 + 20 = 92.
       Folded: one fib, self 80, inclusive 50 + 30, exact; 2 calls started
       an outermost fib, 2 + 2 + 2 ran inside one.
       Callgrind writes the level before the callers: `fib'2'g`. */
    case_begin("graph/fgraph-caller-contexts-recursion");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./fibctx\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) fc.c\n"
                               "fn=(9) fib\n"
                               "fn=(1) main\n"
                               "1 2\n"
                               "cfn=(2) g\n"
                               "calls=1 10\n"
                               "2 54\n"
                               "cfn=(3) h\n"
                               "calls=1 20\n"
                               "3 36\n"
                               "fn=(2)\n"
                               "10 4\n"
                               "cfn=(4) fib'g\n"
                               "calls=1 30\n"
                               "11 50\n"
                               "fn=(3)\n"
                               "20 6\n"
                               "cfn=(6) fib'h\n"
                               "calls=1 30\n"
                               "21 30\n"
                               "fn=(4)\n"
                               "30 10\n"
                               "cfn=(5) fib'2'g\n"
                               "calls=2 30\n"
                               "31 40\n"
                               "fn=(5)\n"
                               "30 40\n"
                               "cfn=(5)\n"
                               "calls=2 30\n"
                               "31 20\n"
                               "fn=(6)\n"
                               "30 10\n"
                               "cfn=(7) fib'2'h\n"
                               "calls=2 30\n"
                               "31 20\n"
                               "fn=(7)\n"
                               "30 20\n"
                               "totals: 92\n";
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 92);
        EXPECT_INT(cg_fgraph_n(&f), 4);
        EXPECT_INT(f.levels, 1);
        EXPECT_INT(fn_id(&f, "fib'2'g"), CG_NONE);
        expect_fn(&f, "fib", 80, 80, true, 2, 6);
        expect_arc(&f, "g", "fib", 1, 0, 50);
        expect_arc(&f, "h", "fib", 1, 0, 30);
        EXPECT_INT(f.n_arcs, 4);
        expect_fn(&f, "main", 2, 92, true, 0, 0);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_union_direct(void)
{
    /* main (self 1) calls parse_a once and parse_b twice; parse_a (self
       10) calls parse_b once; each parse_b self 20.  No recursion.
         main -> parse_a 1 (10 + 20 = 30), main -> parse_b 2 (40),
         parse_a -> parse_b 1 (20).  Total 1 + 10 + 60 = 71.
       While either runs: parse_a's activation (30, its parse_b inside) and
       the two parse_b from main (40): 70, decided; not the sum of their
       inclusive costs, 30 + 60. */
    case_begin("graph/fgraph-union-direct");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./parse\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) p.c\n"
                               "fn=(1) main\n"
                               "1 1\n"
                               "cfn=(2) parse_a\n"
                               "calls=1 10\n"
                               "2 30\n"
                               "cfn=(3) parse_b\n"
                               "calls=2 20\n"
                               "3 40\n"
                               "fn=(2)\n"
                               "10 10\n"
                               "cfn=(3)\n"
                               "calls=1 20\n"
                               "11 20\n"
                               "fn=(3)\n"
                               "20 60\n"
                               "totals: 71\n";
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 71);
        expect_fn(&f, "parse_a", 10, 30, true, 1, 0);
        expect_fn(&f, "parse_b", 60, 60, true, 3, 0);
        expect_union(&f, (const char *const[]){"parse_a", "parse_b", NULL}, 70, 70, true);
        expect_union(&f, (const char *const[]){"parse_b", NULL}, 60, 60, true);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

/* main (self 1) calls parse_a once and helper once; parse_a (self 10)
   calls helper once; each helper (self 5) calls parse_b once; parse_b
   costs %d per activation.  With B that cost:
     helper -> parse_b 2 (2B), parse_a -> helper 1 (5 + B),
     main -> helper 1 (5 + B), main -> parse_a 1 (15 + B).
   Total 1 + 10 + 10 + 2B. */
static void union_ambiguous_text(char *buf, size_t size, int b)
{
    snprintf(buf, size,
             "# callgrind format\n"
             "version: 1\n"
             "creator: hand\n"
             "cmd: ./parse\n"
             "positions: line\n"
             "events: Ir\n"
             "fl=(1) p.c\n"
             "fn=(1) main\n"
             "1 1\n"
             "cfn=(2) parse_a\n"
             "calls=1 10\n"
             "2 %d\n"
             "cfn=(4) helper\n"
             "calls=1 30\n"
             "3 %d\n"
             "fn=(2)\n"
             "10 10\n"
             "cfn=(4)\n"
             "calls=1 30\n"
             "11 %d\n"
             "fn=(4)\n"
             "30 10\n"
             "cfn=(3) parse_b\n"
             "calls=2 20\n"
             "31 %d\n"
             "%s"
             "totals: %d\n",
             15 + b, 5 + b, 5 + b, 2 * b, b ? "fn=(3)\n20 40\n" : "", 21 + 2 * b);
}

static void fgraph_union_ambiguous(void)
{
    /* While parse_a or parse_b runs, with B = 20: parse_a's activation
       (35, holding one parse_b) and the parse_b under main's helper (20):
       55.  The file cannot tell which of helper's two calls to parse_b was
       made under parse_a: at least main's call to parse_a (35), at most
       that and both calls from helper (35 + 40 = 75), not decided.  With
       B = 0 (a call that costs nothing, as a cg_diff of two runs can
       write) the doubt costs nothing: 15, decided. */
    case_begin("graph/fgraph-union-ambiguous");
    char text[1024];
    cg_profile p;
    union_ambiguous_text(text, sizeof text, 20);
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 61);
        /* helper, between them, stays out of the union's bounds. */
        expect_fn(&f, "helper", 10, 50, true, 2, 0);
        expect_union(&f, (const char *const[]){"parse_a", "parse_b", NULL}, 35, 75, false);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    union_ambiguous_text(text, sizeof text, 0);
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 21);
        expect_union(&f, (const char *const[]){"parse_a", "parse_b", NULL}, 15, 15, true);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_union_recursion(void)
{
    /* fib_text: while fib runs is fib's inclusive cost, 90 (27), decided:
       the calls into fib'2 nest in the one from main. */
    case_begin("graph/fgraph-union-recursion");
    cg_profile p;
    if (load(&p, fib_text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        bool match[2] = {false, false};
        uint32_t fib = fn_id(&f, "fib");
        EXPECT_INT(fib != CG_NONE && fib < 2, 1);
        if (fib != CG_NONE && fib < 2) {
            match[fib] = true;
            cg_count lo[2] = {0, 0}, hi[2] = {0, 0};
            EXPECT_INT(cg_fgraph_union(&f, match, lo, hi), 1);
            EXPECT_INT(lo[0], 90);
            EXPECT_INT(hi[0], 90);
            EXPECT_INT(lo[1], 27);
            EXPECT_INT(hi[1], 27);
            EXPECT_INT(lo[0], cg_ffn_incl(&f, fib)[0]);
        }
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_rename(void)
{
    /* main (z.c, self 5) calls fib(2) once (a.c, self 10); its fib(1) and
       fib(0) run at level 2, each 8 in a.c and 2 inlined from m.h.  util
       (a.c, self 3) is a root after them.
         main -> fib 1 (10 + 20 = 30), fib -> fib'2 2 (20).
       Entries as read: (z.c, main) 5, (a.c, fib) 10, (a.c, fib'2) 16,
       (m.h, fib'2) 4, (a.c, util) 3: total 38.  Renamed: (a.c, fib) and
       (a.c, fib'2) merge, 26; (m.h, fib) stays apart, 4.  Files in the
       order they came, z.c, a.c, m.h; a.c's entries fib, util. */
    case_begin("graph/fgraph-rename");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./fib 2\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) z.c\n"
                               "fn=(1) main\n"
                               "1 5\n"
                               "cfi=(2) a.c\n"
                               "cfn=(2) fib\n"
                               "calls=1 1\n"
                               "2 30\n"
                               "fl=(2)\n"
                               "fn=(2)\n"
                               "1 10\n"
                               "cfn=(3) fib'2\n"
                               "calls=2 1\n"
                               "2 20\n"
                               "fn=(3)\n"
                               "1 16\n"
                               "fi=(3) m.h\n"
                               "7 4\n"
                               "fn=(4) util\n"
                               "9 3\n"
                               "totals: 38\n";
    cg_profile p;
    if (load(&p, text)) {
        EXPECT_INT(p.n_pairs, 5);
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 38);
        expect_fn(&f, "fib", 30, 30, true, 1, 2);
        cg_fgraph_apply(&f, &p);
        EXPECT_INT(p.n_pairs, 4);
        static const struct {
            const char *file, *fn;
            cg_count cost;
        } want[] = {{"z.c", "main", 5}, {"a.c", "fib", 26}, {"a.c", "util", 3}, {"m.h", "fib", 4}};
        size_t k = 0, n = sizeof want / sizeof *want;
        for (uint32_t file = p.first_file; file != CG_NONE; file = p.finfo[file].next_file)
            for (uint32_t i = p.finfo[file].first_pair; i != CG_NONE; i = p.pairs[i].next_in_file) {
                case_ctx("entry %zu", k);
                EXPECT_INT(k < n, 1);
                if (k < n) {
                    EXPECT_INT(p.pairs[i].file, file);
                    EXPECT_STR(cg_name(&p.files, file)->s, want[k].file);
                    EXPECT_STR(cg_name(&p.fns, p.pairs[i].fn)->s, want[k].fn);
                    EXPECT_INT(cg_pair_cc(&p, i)[0], want[k].cost);
                }
                k++;
            }
        case_ctx("%s", "");
        EXPECT_INT(k, n);
        EXPECT_INT(p.n_arcs, 0); /* the graph holds them */
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_places(void)
{
    /* Valgrind names both the program's _start and libc's
       __libc_start_call_main `(below main)`, both without a source file:
         (below main) [prog] 2 -> __libc_start_main 3 -> (below main)
         [libc.so.6] 7 -> main 10, total 22.
       A function is its name in its object, so the chain has no cycle and
       every figure is exact; keyed by name alone the two would be one
       function in a cycle with __libc_start_main.  Their entries, both in
       ???, keep apart under the names that tell them apart. */
    case_begin("graph/fgraph-places");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "ob=(1) /usr/bin/prog\n"
                               "fl=(1) ???\n"
                               "fn=(1) (below main)\n"
                               "0 2\n"
                               "cob=(2) /lib/x86_64-linux-gnu/libc.so.6\n"
                               "cfi=(2) libc-start.c\n"
                               "cfn=(2) __libc_start_main\n"
                               "calls=1 0\n"
                               "0 20\n"
                               "ob=(2)\n"
                               "fl=(2)\n"
                               "fn=(2)\n"
                               "0 3\n"
                               "cfi=(1)\n"
                               "cfn=(1)\n"
                               "calls=1 0\n"
                               "0 17\n"
                               "fl=(1)\n"
                               "fn=(1)\n"
                               "0 7\n"
                               "cob=(1)\n"
                               "cfi=(3) m.c\n"
                               "cfn=(3) main\n"
                               "calls=1 0\n"
                               "0 10\n"
                               "ob=(1)\n"
                               "fl=(3)\n"
                               "fn=(3)\n"
                               "0 10\n"
                               "totals: 22\n";
    cg_profile p;
    if (load(&p, text)) {
        EXPECT_INT(p.n_pairs, 4);
        for (int fold = 0; fold < 2; fold++) {
            case_ctx("fold=%d", fold);
            cg_fgraph f;
            cg_fgraph_build(&f, &p, fold, CG_SIDE_SUM);
            check_shape(&f, 22);
            EXPECT_INT(cg_fgraph_n(&f), 4);
            EXPECT_INT(f.n_cycles, 0);
            expect_fn(&f, "(below main) [prog]", 2, 22, true, 0, 0);
            expect_fn(&f, "__libc_start_main", 3, 20, true, 1, 0);
            expect_fn(&f, "(below main) [libc.so.6]", 7, 17, true, 1, 0);
            expect_fn(&f, "main", 10, 10, true, 1, 0);
            cg_fgraph_free(&f);
        }
        case_ctx("%s", "");
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        cg_fgraph_apply(&f, &p);
        EXPECT_INT(p.n_pairs, 4);
        uint32_t bm = cg_strtab_find(&p.fns, "(below main) [libc.so.6]", 24);
        EXPECT_INT(bm != UINT32_MAX, 1);
        for (uint32_t i = 0; i < p.n_pairs; i++)
            if (p.pairs[i].fn == bm) {
                EXPECT_STR(cg_name(&p.files, p.pairs[i].file)->s, "???");
                EXPECT_INT(cg_pair_cc(&p, i)[0], 7);
                EXPECT_INT(f.func_of[bm], fn_id(&f, "(below main) [libc.so.6]"));
            }
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_contexts_nest(void)
{
    /* No levels anywhere (--separate-recs=1) and --separate-callers1=f,
       plain f defined alone (see fgraph-caller-contexts-defined).  main
       (self 1) calls f once (f'main, self 10), which calls h (self 5),
       which calls f (f'h, self 10); main also calls h, which calls f
       (f'h, 10).
         f'main -> h 1 (15), h -> f'h 2 (20), main -> f'main 1 (25),
         main -> h 1 (15).  Total 1 + 10 + 10 + 20 = 41.
       f's outermost activations: f'main (25, holding one f'h) and the f'h
       under main's h (10): 35.  The file cannot tell which call h -> f'h
       ran inside f'main, so f is not exact: its figure is the lower bound
       the union gives, the call from main, 25.  The calls into f, 3, are
       known, not how many started an outermost activation. */
    case_begin("graph/fgraph-contexts-nest-without-levels");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./nest\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) n.c\n"
                               "fn=(9) f\n"
                               "fn=(1) main\n"
                               "1 1\n"
                               "cfn=(2) f'main\n"
                               "calls=1 10\n"
                               "2 25\n"
                               "cfn=(3) h\n"
                               "calls=1 20\n"
                               "3 15\n"
                               "fn=(2)\n"
                               "10 10\n"
                               "cfn=(3)\n"
                               "calls=1 20\n"
                               "11 15\n"
                               "fn=(3)\n"
                               "20 10\n"
                               "cfn=(4) f'h\n"
                               "calls=2 10\n"
                               "21 20\n"
                               "fn=(4)\n"
                               "10 20\n"
                               "totals: 41\n";
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 41);
        EXPECT_INT(cg_fgraph_n(&f), 3);
        EXPECT_INT(f.levels, 0);
        uint32_t v = fn_id(&f, "f");
        EXPECT_INT(v != CG_NONE, 1);
        if (v != CG_NONE) {
            EXPECT_INT(cg_ffn_self(&f, v)[0], 30);
            EXPECT_INT(cg_ffn_incl(&f, v)[0], 25);
            EXPECT_INT(f.fns[v].exact, 0);
            EXPECT_INT(f.fns[v].calls + f.fns[v].rcalls, 3);
            EXPECT_INT(f.fns[v].cycle, CG_NONE);
        }
        EXPECT_INT(f.n_cycles, 0);
        expect_union(&f, (const char *const[]){"f", NULL}, 25, 45, false);
        /* h: its two activations, from main and from f'main, exact (h
           never runs under h). */
        expect_fn(&f, "h", 10, 30, true, 2, 0);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
    case_end();
}

static void fgraph_level1_cycle(void)
{
    /* Two functions calling each other without recursion, as Callgrind
       3.19 writes them by default (checked on a real run: parse -> eval
       and eval -> parse, both unsuffixed).  main (self 1) calls parse(1)
       and eval(1); parse(n) (self 10) calls eval(n - 1) while n > 0, eval(n)
       (self 20) calls parse(n - 1) while n > 0.
         parse(1) 10 + eval(0) 20 = 30; eval(1) 20 + parse(0) 10 = 30.
         main -> parse 1 (30), main -> eval 1 (30), parse -> eval 1 (20),
         eval -> parse 1 (10).  Self: main 1, parse 20, eval 40; total 61.
       Neither function ever runs inside itself, and the file has levels
       (fib'2, elsewhere in the program: main also calls fib once, which
       calls itself once, self 10 each: main -> fib 1 (20), fib -> fib'2 1
       (10); total 81), so each call into a level-1 node starts an
       outermost activation (fgraph.c's rule): parse 30 + 10 = 40, eval
       30 + 20 = 50, exact; no cycle of functions.
       The written graph has a cycle parse <-> eval, which the levels say
       is no nesting. */
    case_begin("graph/fgraph-level1-cycle-with-levels");
    static const char text[] = "# callgrind format\n"
                               "version: 1\n"
                               "creator: hand\n"
                               "cmd: ./pe\n"
                               "positions: line\n"
                               "events: Ir\n"
                               "fl=(1) pe.c\n"
                               "fn=(1) main\n"
                               "1 1\n"
                               "cfn=(2) parse\n"
                               "calls=1 10\n"
                               "2 30\n"
                               "cfn=(3) eval\n"
                               "calls=1 20\n"
                               "3 30\n"
                               "cfn=(4) fib\n"
                               "calls=1 30\n"
                               "4 20\n"
                               "fn=(2)\n"
                               "10 20\n"
                               "cfn=(3)\n"
                               "calls=1 20\n"
                               "11 20\n"
                               "fn=(3)\n"
                               "20 40\n"
                               "cfn=(2)\n"
                               "calls=1 10\n"
                               "21 10\n"
                               "fn=(4)\n"
                               "30 10\n"
                               "cfn=(5) fib'2\n"
                               "calls=1 30\n"
                               "31 10\n"
                               "fn=(5)\n"
                               "30 10\n"
                               "totals: 81\n";
    cg_profile p;
    if (load(&p, text)) {
        cg_fgraph f;
        cg_fgraph_build(&f, &p, true, CG_SIDE_SUM);
        check_shape(&f, 81);
        EXPECT_INT(f.levels, 1);
        expect_fn(&f, "parse", 20, 40, true, 2, 0);
        expect_fn(&f, "eval", 40, 50, true, 2, 0);
        expect_fn(&f, "fib", 20, 20, true, 1, 1);
        EXPECT_INT(f.n_cycles, 0);
        expect_arc(&f, "parse", "eval", 1, 0, 20);
        expect_arc(&f, "eval", "parse", 1, 0, 10);
        expect_fn(&f, "main", 1, 81, true, 0, 0);
        cg_fgraph_free(&f);
    }
    cg_profile_free(&p);
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
    fgraph_recursion_default();
    fgraph_recursion_unfolded();
    fgraph_mutual_levels();
    fgraph_mutual_recs1();
    fgraph_thread_root();
    fgraph_contexts_defined();
    fgraph_contexts();
    fgraph_contexts_recursion();
    fgraph_union_direct();
    fgraph_union_ambiguous();
    fgraph_union_recursion();
    fgraph_rename();
    fgraph_places();
    fgraph_contexts_nest();
    fgraph_level1_cycle();
    return check_exit();
}
