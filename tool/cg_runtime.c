/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_runtime.c: the helpers that generated code calls as the client runs,
 * and the simulator state they drive (caches and branch predictors).
 * Executions are counted by flush groups (cg_records.c); helpers add only
 * misses and mispredictions, except for guarded accesses, which no group
 * counts.  Every count adds cg.collect, not 1: it is 0 outside the
 * --toggle-collect regions (cg_regions.c), where the simulators still run. */
#include "cg_runtime.h"
#include "cg_tiers.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"

void cg_runtime_init(void)
{
    cond_init(&cg.cond);
    ind_init(&cg.ind);
}

/* The L1 tags live in the tool's own data when they fit, which the core
 * loads below 2 GiB: generated code then reaches a set with a 32-bit
 * displacement instead of materialising a 64-bit address first.  1 MiB of
 * L1 with 64-byte lines fits; anything larger goes to the heap. */
#define LOW_TAGS 16384
static uint64_t low_tags[2][LOW_TAGS];

static void setup(Cache *c, const CacheConfig *cfg, uint64_t *low, const HChar *cc)
{
    SizeT n = cache_tag_count(cfg);
    uint64_t *tags = low && n <= LOW_TAGS ? low : VG_(malloc)(cc, n * sizeof *tags);
    cache_init(c, cfg, tags);
}

void cg_runtime_setup_caches(const CacheConfig *i1, const CacheConfig *d1, const CacheConfig *ll)
{
    setup(&cg.I1, i1, low_tags[0], "cg.sim.I1");
    setup(&cg.D1, d1, low_tags[1], "cg.sim.D1");
    setup(&cg.LL, ll, NULL, "cg.sim.LL");

    /* The host is the machine the core runs on, so its capabilities say
     * whether the simulator may use AVX2 itself. */
    VexArch arch;
    VexArchInfo info;
    VG_(machine_get_VexArchInfo)(&arch, &info);
    Bool avx2 = False;
#if defined(VGA_amd64)
    avx2 = arch == VexArchAMD64 && (info.hwcaps & VEX_HWCAPS_AMD64_AVX2) != 0;
#endif
    cache_use_avx2(&cg.I1, avx2);
    cache_use_avx2(&cg.D1, avx2);
    cache_use_avx2(&cg.LL, avx2);
    /* Only the helpers reach the LL, so its tags can be 32 bits: a program
     * that misses a lot misses the host's caches on them at nearly every
     * access (docs/tool.md, "Run as Callgrind: the harnesses' cost"). */
    cache_use_narrow(&cg.LL);
    cg.i1_ref = cachesim_ref_fn(&cg.I1, &cg.LL);
    cg.d1_ref = cachesim_ref_fn(&cg.D1, &cg.LL);
}

/* The register-size check and the clamps make this unreachable; it stays
 * because a wrong count would be worse than a stop. */
static void __attribute__((noreturn)) straddle_panic(Addr a, UWord size)
{
    const Cache *c = &cg.I1;
    const Cache *levels[3] = {&cg.I1, &cg.D1, &cg.LL};
    for (Int i = 0; i < 3; i++) {
        UWord b1 = a >> levels[i]->line_bits, b2 = (a + size - 1) >> levels[i]->line_bits;
        if (b2 != b1 && b2 != b1 + 1) c = levels[i];
    }
    VG_(printf)
    ("addr: %lx  size: %lu  blocks: %lu %lu", a, size, a >> c->line_bits,
     (a + size - 1) >> c->line_bits);
    VG_(tool_panic)("item straddles more than two cache sets");
}

/* One event of `ii` into its line and into the running totals, which only
 * --call-graph reads (cg_stack.c): adding there costs less than asking. */
static inline void count(const InstrInfo *ii, Int ev)
{
    ii->cc->ev[ev] += cg.collect;
    cg.run[ev] += cg.collect;
    if (cg_levels_on()) ii->cc->rec[ev] += cg.rec_gate;
}

/* The misses of a hierarchy reference's result `r` (sim/cache.h), into the
 * two counters of ii's cost centre from index `miss` on. */
static inline void count_result(const InstrInfo *ii, Int miss, Int r)
{
    if (r >= CACHESIM_LL_HIT) count(ii, miss);
    if (r == CACHESIM_LL_MISS) count(ii, miss + 1);
}

/* The general case of count_access, out of line so that the tests before
 * it stay small where they are inlined. */
static __attribute__((noinline)) void count_general(Cache *l1, Addr a, UWord size,
                                                    const InstrInfo *ii, Int miss)
{
    int r = cachesim_access(l1, &cg.LL, a, size);
    if (r < 0) straddle_panic(a, size);
    count_result(ii, miss, r);
}

/* What count_access did. */
enum { SETTLED_WAY0, SETTLED_WAY1, SETTLED_GENERAL };

/* Does the simulator work of one access and counts its misses into the
 * two counters of ii's cost centre from index `miss` on (L1 miss, then LL
 * miss).  The cases that settle most accesses come first: every line the
 * access touches (one, or two in a row) is the most recently used way of
 * its set, which changes nothing; or a one-line access hits way 1, which
 * only swaps ways 0 and 1.  Any other one-line access goes through `ref`,
 * l1's cachesim_ref_fn (NULL: the general case); its instructions are
 * few on purpose (docs/sim.md, "Specialised pairs").  The cost centre is
 * only looked up to count. */
static inline Int count_access(Cache *l1, CachesimRefFn ref, Addr a, UWord size,
                               const InstrInfo *ii, Int miss)
{
    UWord b1 = a >> l1->line_bits, b2 = (a + size - 1) >> l1->line_bits;
    if (b2 == b1) {
        uint64_t *set = cache_set(l1, b1);
        if (set[0] == b1) return SETTLED_WAY0;
        if (l1->assoc >= 2 && set[1] == b1) {
            set[1] = set[0];
            set[0] = b1;
            return SETTLED_WAY1;
        }
        if (ref) {
            count_result(ii, miss, ref(l1, &cg.LL, b1));
            return SETTLED_GENERAL;
        }
    } else if (b2 == b1 + 1 && cache_mru_hit(l1, b1) && cache_mru_hit(l1, b2)) {
        /* (With one set, two different blocks can never both be way 0.) */
        return SETTLED_WAY0;
    }
    count_general(l1, a, size, ii, miss);
    return SETTLED_GENERAL;
}

VG_REGPARM(2) void cg_helper_ir(InstrInfo *ii, UWord len)
{
    count_access(&cg.I1, cg.i1_ref, ii->addr, len, ii, EV_I1mr);
}

static VG_REGPARM(3) void helper_dr(InstrInfo *ii, Addr a, UWord size)
{
    count_access(&cg.D1, cg.d1_ref, a, size, ii, EV_D1mr);
}

static VG_REGPARM(3) void helper_dw(InstrInfo *ii, Addr a, UWord size)
{
    count_access(&cg.D1, cg.d1_ref, a, size, ii, EV_D1mw);
}

/* The same for each common access size, which is then a constant of the
 * helper rather than an argument that generated code has to set up. */
#define SIZED_HELPERS(n)                                                                           \
    static VG_REGPARM(2) void helper_dr_##n(InstrInfo *ii, Addr a)                                 \
    {                                                                                              \
        count_access(&cg.D1, cg.d1_ref, a, n, ii, EV_D1mr);                                        \
    }                                                                                              \
    static VG_REGPARM(2) void helper_dw_##n(InstrInfo *ii, Addr a)                                 \
    {                                                                                              \
        count_access(&cg.D1, cg.d1_ref, a, n, ii, EV_D1mw);                                        \
    }
SIZED_HELPERS(1)
SIZED_HELPERS(2)
SIZED_HELPERS(4)
SIZED_HELPERS(8)
SIZED_HELPERS(16)
SIZED_HELPERS(32)
SIZED_HELPERS(64)

static const struct {
    UInt size;
    void *dr, *dw;
    const HChar *dr_name, *dw_name;
} sized_helpers[] = {
#define ENTRY(n)                                                                                   \
    {                                                                                              \
        n, helper_dr_##n, helper_dw_##n, "helper_dr_" #n, "helper_dw_" #n                          \
    }
    ENTRY(1), ENTRY(2), ENTRY(4), ENTRY(8), ENTRY(16), ENTRY(32), ENTRY(64),
#undef ENTRY
};

void cg_data_helper(Bool is_write, UInt size, DataHelper *h)
{
    for (UInt i = 0; i < sizeof sized_helpers / sizeof sized_helpers[0]; i++) {
        if (sized_helpers[i].size != size) continue;
        h->fn = is_write ? sized_helpers[i].dw : sized_helpers[i].dr;
        h->name = is_write ? sized_helpers[i].dw_name : sized_helpers[i].dr_name;
        h->nargs = 2;
        return;
    }
    h->fn = is_write ? (void *)helper_dw : (void *)helper_dr;
    h->name = is_write ? "helper_dw" : "helper_dr";
    h->nargs = 3;
}

VG_REGPARM(3) void cg_helper_guarded_dr(InstrInfo *ii, Addr a, UWord size)
{
    count(ii, EV_Dr);
    count_access(&cg.D1, cg.d1_ref, a, size, ii, EV_D1mr);
}

VG_REGPARM(3) void cg_helper_guarded_dw(InstrInfo *ii, Addr a, UWord size)
{
    count(ii, EV_Dw);
    count_access(&cg.D1, cg.d1_ref, a, size, ii, EV_D1mw);
}

VG_REGPARM(2) void cg_helper_bc(InstrInfo *ii, UWord taken)
{
    if (cond_predict(&cg.cond, ii->addr, (int)taken)) count(ii, EV_Bcm);
}

VG_REGPARM(2) void cg_helper_bi(InstrInfo *ii, Addr target)
{
    if (ind_predict(&cg.ind, ii->addr, target)) count(ii, EV_Bim);
}

/* ------------------------------------------------------------------ */
/* Cold tier                                                           */
/* ------------------------------------------------------------------ */

/* One flush of a cold superblock: count it, then do its events' simulator
 * work in order, exactly as the hot tier's inline code and helpers would. */
VG_REGPARM(2) void cg_helper_group(SBInfo *sbi, FlushGroup *grp)
{
    grp->execs += cg.collect;
    if (cg_levels_on()) sbi->rec_execs[grp - sbi->groups] += cg.rec_gate;
    if (sbi->kinds) {
        const UChar *kinds = sbi->kinds[grp - sbi->groups];
        for (Int k = 0; k < CG_COUNTED_KINDS; k++)
            cg.run[cg_counted_kinds[k]] += kinds[k] * cg.collect;
    }
    if (++grp->runs == cg.clo.hot_threshold) cg_tiers_queue(sbi);
    const UWord *arg = cg.scratch;
    CountedEvent *ce = &sbi->counted[grp->first], *end = ce + grp->n_sim;
    for (; ce < end; ce++) {
        const InstrInfo *ii = &sbi->instrs[ce->instr];
        Int how = SETTLED_WAY0;
        switch (ce->ev) {
        case EV_Ir:
            how = count_access(&cg.I1, cg.i1_ref, ii->addr, ce->size, ii, EV_I1mr);
            break;
        case EV_Dr:
            how = count_access(&cg.D1, cg.d1_ref, *arg++, ce->size, ii, EV_D1mr);
            break;
        case EV_Dw:
            how = count_access(&cg.D1, cg.d1_ref, *arg++, ce->size, ii, EV_D1mw);
            break;
        case EV_Bc:
            if (cond_predict(&cg.cond, ii->addr, (int)*arg++)) count(ii, EV_Bcm);
            break;
        case EV_Bi:
            if (ind_predict(&cg.ind, ii->addr, *arg++)) count(ii, EV_Bim);
            break;
        }
        /* What the hot translation will inline for this event (see
         * "way-1 sites" in cg_tiers.c). */
        if (how == SETTLED_WAY1 && ce->way1 != 0xFFFF) ce->way1++;
    }
}
