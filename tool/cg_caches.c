/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_caches.c: the --I1/--D1/--LL options and the cache configuration made at
 * start-up from them and from the host's caches (docs/cachegrind.md, "Cache
 * configuration"; the rules themselves are sim/cacheconf.c's).  Its state is
 * cg.cache_clo, cg.cache_used and the line sizes the instrumenter needs. */
#include "cg_caches.h"
#include "cg_runtime.h"
#include "cacheconf.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_options.h"

#define N_CACHES CG_N_CACHES
static const HChar *cache_name[N_CACHES] = {"I1", "D1", "LL"};

static Bool given(Int i)
{
    const CacheConfig *c = &cg.cache_clo[i];
    return c->size != -1 || c->assoc != -1 || c->line_size != -1;
}

/* Parsed at option time whatever --cache-sim says: a bad value is fatal
 * even when caches are not simulated. */
static void parse_cache_option(const HChar *arg, const HChar *val, CacheConfig *out)
{
    CacheConfig c;
    switch (cacheconf_parse(val, &c)) {
    case CACHECONF_BAD_ARG:
        VG_(fmsg_bad_option)(arg, "Bad argument '%s'\n", val);
        break;
    case CACHECONF_OVERFLOW:
        VG_(fmsg_bad_option)(arg, "One of the cache parameters was too large and overflowed.\n");
        break;
    default: {
        const HChar *why = cacheconf_check(&c);
        if (why) {
            VG_(fmsg)("%s\n", why);
            VG_(fmsg_bad_option)(arg, "Bad argument '%s'\n", val);
        }
        *out = c;
    }
    }
}

void cg_cache_option(const HChar *arg, const HChar *value, Int level)
{
    parse_cache_option(arg, value, &cg.cache_clo[level]);
}

void cg_cache_desc(Int i, HChar *buf, SizeT n)
{
    cacheconf_desc(&cg.cache_used[i], buf, n);
}

static const VexCache *find_cache(const VexCacheInfo *ci, VexCacheKind kind, UInt level)
{
    for (UInt i = 0; i < ci->num_caches; i++)
        if (ci->caches[i].kind == kind && ci->caches[i].level == level) return &ci->caches[i];
    return NULL;
}

static CacheConfig from_vex(const VexCache *c)
{
    CacheConfig cc = {(Int)c->sizeB, (Int)c->assoc, (Int)c->line_sizeB};
    return cc;
}

/* The host's caches as the core found them, else defaults. */
static void detect(CacheConfig *c)
{
    VexArchInfo vai;
    VG_(machine_get_VexArchInfo)(NULL, &vai);
    const VexCacheInfo *ci = &vai.hwcache_info;
    const VexCache *i1 = find_cache(ci, INSN_CACHE, 1);
    const VexCache *d1 = find_cache(ci, DATA_CACHE, 1);
    const VexCache *ll = find_cache(ci, UNIFIED_CACHE, ci->num_levels);

    if (ci->num_caches > 0 && !ll)
        VG_(dmsg)("warning: L2 cache not installed, ignore LL results.\n");
    if (ll && ci->num_levels > 2) VG_(dmsg)
    ("warning: L%u cache found, using its data for the LL simulation.\n", ci->num_levels);

    if (i1 && d1 && ll) {
        if (i1->is_trace_cache) {
            /* A Pentium 4 trace cache holds micro-ops, not bytes: simulate
             * an ordinary I-cache of similar capacity instead. */
            Int size = (i1->sizeB == 12 * 1024 || i1->sizeB == 16 * 1024) ? 16384 : 32768;
            c[CG_I1].size = size;
            c[CG_I1].assoc = i1->assoc;
            c[CG_I1].line_size = 32;
            VG_(dmsg)
            ("warning: Pentium 4 with %u KB micro-op instruction trace cache\n", i1->sizeB / 1024);
            VG_(dmsg)("         Simulating a %d KB I-cache with 32 B lines\n", size / 1024);
        } else {
            c[CG_I1] = from_vex(i1);
        }
        c[CG_D1] = from_vex(d1);
        c[CG_LL] = from_vex(ll);
        return;
    }
    cacheconf_default(&c[CG_I1], &c[CG_D1], &c[CG_LL]);
    if (!(given(CG_I1) && given(CG_D1) && given(CG_LL))) {
        VG_(dmsg)("Warning: Cannot auto-detect cache config, using defaults.\n");
        VG_(dmsg)("         Run with -v to see.\n");
    }
}

static void print_config_line(Int i, const CacheConfig *c)
{
    HChar size[32];
    cacheconf_commas((ULong)(UInt)c->size, size, sizeof size);
    VG_(umsg)("  %s: %s B, %d-way, %d B lines\n", cache_name[i], size, c->assoc, c->line_size);
}

void cg_caches_configure(void)
{
    CacheConfig c[N_CACHES];
    detect(c);

    CacheConfig before = c[CG_LL];
    if (cacheconf_tweak_ll(&c[CG_LL])) {
        HChar s1[32], s2[32];
        cacheconf_commas((ULong)(UInt)before.size, s1, sizeof s1);
        cacheconf_commas((ULong)(UInt)c[CG_LL].size, s2, sizeof s2);
        VG_(dmsg)
        ("warning: specified LL cache: line_size %u  assoc %u  total_size %s\n",
         (UInt)before.line_size, (UInt)before.assoc, s1);
        VG_(dmsg)
        ("warning: simulated LL cache: line_size %u  assoc %u  total_size %s\n",
         (UInt)c[CG_LL].line_size, (UInt)c[CG_LL].assoc, s2);
    }

    for (Int i = 0; i < N_CACHES; i++) {
        const HChar *why = cacheconf_check(&c[i]);
        if (!why) continue;
        VG_(umsg)("Auto-detected %s cache configuration not supported: %s\n", cache_name[i], why);
        print_config_line(i, &c[i]);
        if (!given(i)) {
            VG_(umsg)("As it probably should be supported, please report a bug!\n");
            VG_(umsg)("Bypass this message by using option --%s=...\n", cache_name[i]);
            tl_assert(0);
        }
    }

    for (Int i = 0; i < N_CACHES; i++) cg.cache_used[i] = given(i) ? cg.cache_clo[i] : c[i];

    if (VG_(clo_verbosity) >= 2) {
        VG_(umsg)("Cache configuration used:\n");
        for (Int i = 0; i < N_CACHES; i++) print_config_line(i, &cg.cache_used[i]);
    }

    Int m = cg.cache_used[CG_I1].line_size;
    if (cg.cache_used[CG_D1].line_size < m) m = cg.cache_used[CG_D1].line_size;
    if (cg.cache_used[CG_LL].line_size < m) m = cg.cache_used[CG_LL].line_size;
    Int reg = VG_(machine_get_size_of_largest_guest_register)();
    if (m < reg) {
        VG_(umsg)("Cachegrind: cannot continue: the minimum line size (%d)\n", m);
        VG_(umsg)("  must be equal to or larger than the maximum register size (%d)\n", reg);
        VG_(umsg)("  but it is not.  Exiting now.\n");
        VG_(exit)(1);
    }
    cg.min_line_size = m;
    cg.i1_line_bits = VG_(log2)(cg.cache_used[CG_I1].line_size);
    cg.ll_line_bits = VG_(log2)(cg.cache_used[CG_LL].line_size);
    cg_runtime_setup_caches(&cg.cache_used[CG_I1], &cg.cache_used[CG_D1], &cg.cache_used[CG_LL]);
}
