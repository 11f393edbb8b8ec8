/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cacheconf.h: the pure logic behind --I1/--D1/--LL and cache auto-detection
 * (docs/cachegrind.md, "Cache configuration"): parsing, validation, the LL
 * tweak, defaults, text. */
#ifndef SIM_CACHECONF_H
#define SIM_CACHECONF_H

#include <stdint.h>
#include <stddef.h>
#include "cache.h"

enum cacheconf_result {
    CACHECONF_OK = 0,
    CACHECONF_BAD_ARG = 1, /* syntax: "Bad argument '<val>'" */
    CACHECONF_OVERFLOW = 2 /* "One of the cache parameters was too large and overflowed." */
};

/* Parses "size,assoc,line_size" (docs/cachegrind.md, "Cache option syntax").
 * Each number follows the core's decimal parser: optional leading white space,
 * optional sign, decimal digits accumulated modulo 2^64 (so 2^64 + n reads as
 * n, as in the core); a field without digits is 0 and, like strtol, consumes
 * nothing (so " ,1,1" is a syntax error but ",1,1" is not).  Syntax is checked
 * before overflow.  `out` is written only on CACHECONF_OK; the values are not
 * validated. */
int cacheconf_parse(const char *val, CacheConfig *out);

/* docs/cachegrind.md, "Cache configuration rules": NULL if valid, else the
 * message of the first failing rule (e.g. "Cache set count is not a power of
 * two.").  Where upstream would trap computing the set count (line * assoc
 * wrapping to 0, INT_MIN / -1) rule 3 fails instead. */
const char *cacheconf_check(const CacheConfig *c);

/* Rule `rule` (1..7, numbered as in docs/cachegrind.md, "Cache configuration
 * rules") alone: its message if it fails, else NULL (also NULL for an unknown
 * rule).  Lets tests reach rule 7, which cannot be the first failure once rules
 * 1-6 pass. */
const char *cacheconf_check_rule(const CacheConfig *c, int rule);

/* docs/cachegrind.md, "LL adjustment", for the detected/default LL only: fits
 * the set count to a power of two.  Returns 1 if size or assoc changed (the
 * caller, holding a copy of the old config, prints the two warnings), else 0
 * with `ll` untouched.  Works in unsigned 32-bit like upstream; results are
 * stored back as int. */
int cacheconf_tweak_ll(CacheConfig *ll);

/* The defaults of docs/cachegrind.md, "Auto-detection", for the platform being
 * built (x86/amd64 unless a VGA_<arch> macro says otherwise). */
void cacheconf_default(CacheConfig *i1, CacheConfig *d1, CacheConfig *ll);

/* The formatters below write at most n - 1 characters plus a NUL (nothing if
 * n == 0) and return the full length, like snprintf. */

/* The desc: text (docs/cachegrind.md, "Cache descriptions"), e.g.
 * "65536 B, 64 B, 16-way associative" or "65536 B, 64 B, direct-mapped". */
size_t cacheconf_desc(const CacheConfig *c, char *buf, size_t n);

/* The -v / auto-detection line body (docs/cachegrind.md, "Cache descriptions"
 * and "Checking the detected caches") without the "  I1: " prefix, e.g.
 * "65,536 B, 16-way, 64 B lines". */
size_t cacheconf_summary(const CacheConfig *c, char *buf, size_t n);

/* v in decimal with a comma every three digits, e.g. "503,316,480" (%'u). */
size_t cacheconf_commas(uint64_t v, char *buf, size_t n);

#endif
