/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cacheconf.c: fuzz target for the cache option rules of sim/cacheconf.c:
   the first line is a --I1/--D1/--LL value.  A value the rules accept must
   describe a cache the simulator can model (sets and line size powers of
   two, size = sets x assoc x line); small ones are built and take the
   accesses that the rest of the input describes, twice: with the plain set
   references and (where the host has AVX2 and the associativity suits)
   the vector ones, which must agree.  The LL tweak and the text formatters
   run on every parsed value, with every buffer size. */
#include "common.h"

#include "cache.h"
#include "cacheconf.h"

#include <stdlib.h>
#include <string.h>

static bool pow2(uint64_t x)
{
    return x && !(x & (x - 1));
}

/* Each formatter must give the same length, and a NUL-terminated prefix of
   the full text, whatever the buffer size. */
static void check_text(size_t (*fmt)(const CacheConfig *, char *, size_t), const CacheConfig *c)
{
    char full[128], small[128];
    size_t n = fmt(c, full, sizeof full);
    FUZZ_CHECK(n < sizeof full && strlen(full) == n);
    for (size_t k = 0; k <= n + 1; k++) {
        memset(small, 'x', sizeof small);
        FUZZ_CHECK(fmt(c, small, k) == n);
        if (k) FUZZ_CHECK(strlen(small) == (k - 1 < n ? k - 1 : n));
        FUZZ_CHECK(memcmp(small, full, k ? (k - 1 < n ? k - 1 : n) : 0) == 0);
        if (k < sizeof small) FUZZ_CHECK(small[k] == 'x');
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    const char *s = (const char *)data;
    const char *nl = memchr(s, '\n', size);
    size_t vlen = nl ? (size_t)(nl - s) : size;
    char *value = fuzz_cstr(data, vlen);
    CacheConfig c;
    int r = cacheconf_parse(value, &c);
    FUZZ_CHECK(r == CACHECONF_OK || r == CACHECONF_BAD_ARG || r == CACHECONF_OVERFLOW);
    if (r == CACHECONF_OK) {
        check_text(cacheconf_desc, &c);
        check_text(cacheconf_summary, &c);
        const char *why = cacheconf_check(&c);
        /* The first failing rule is the one reported. */
        int first = 0;
        for (int k = 1; k <= 7 && !first; k++)
            if (cacheconf_check_rule(&c, k)) first = k;
        FUZZ_CHECK((why == NULL) == (first == 0));
        if (first) FUZZ_CHECK(why == cacheconf_check_rule(&c, first));
        CacheConfig t = c;
        if (cacheconf_tweak_ll(&t) == 0) FUZZ_CHECK(memcmp(&t, &c, sizeof t) == 0);
        if (!why) {
            uint64_t line = (uint64_t)c.line_size, assoc = (uint64_t)c.assoc;
            FUZZ_CHECK(c.size > 0 && c.assoc > 0 && c.line_size >= 16 && pow2(line));
            uint64_t sets = (uint64_t)c.size / line / assoc;
            FUZZ_CHECK(pow2(sets) && sets * assoc * line == (uint64_t)c.size);
            FUZZ_CHECK(cacheconf_tweak_ll(&t) == 0);
            size_t ntags = cache_tag_count(&c);
            FUZZ_CHECK(ntags == sets * assoc);
            if (ntags <= (1u << 16)) {
                uint64_t *tags = malloc(ntags * sizeof *tags),
                         *vtags = malloc(ntags * sizeof *tags);
                Cache cache, vec;
                cache_init(&cache, &c, tags);
                cache_init(&vec, &c, vtags);
                cache_use_avx2(&vec, __builtin_cpu_supports("avx2"));
                FUZZ_CHECK(cache.sets == sets && (1ull << cache.line_bits) == line);
                const uint8_t *p = data + vlen + 1, *end = data + size;
                for (; nl && end - p >= 9; p += 9) {
                    uint64_t addr;
                    memcpy(&addr, p, 8);
                    unsigned sz = p[8] % 17;
                    int res = cache_access(&cache, addr, sz);
                    FUZZ_CHECK(res == 0 || res == 1 || res == -1);
                    FUZZ_CHECK(cache_access(&vec, addr, sz) == res);
                    /* Accesses within one line: at once again, a hit. */
                    if (sz && (addr >> cache.line_bits) == ((addr + sz - 1) >> cache.line_bits)) {
                        FUZZ_CHECK(res != -1 && cache_access(&cache, addr, sz) == 0);
                        FUZZ_CHECK(cache_access(&vec, addr, sz) == 0);
                    }
                }
                FUZZ_CHECK(memcmp(tags, vtags, ntags * sizeof *tags) == 0);
                free(tags);
                free(vtags);
            }
        }
    }
    char buf[40];
    uint64_t v = 0;
    memcpy(&v, data, size < 8 ? size : 8);
    size_t n = cacheconf_commas(v, buf, sizeof buf);
    FUZZ_CHECK(n == strlen(buf));
    free(value);
    return 0;
}
