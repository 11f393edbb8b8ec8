/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_caches.h: the --I1/--D1/--LL options and the cache configuration
 * chosen at start-up. */
#ifndef CG_CACHES_H
#define CG_CACHES_H

#include "cg_state.h"

/* The value of an --I1/--D1/--LL option (`level`: CG_I1, CG_D1 or CG_LL;
 * a bad value is fatal; cg_options.c has the table). */
void cg_cache_option(const HChar *arg, const HChar *value, Int level);
/* Detects, checks and prints the cache configuration; sets up the
 * simulated caches.  Only called with --cache-sim=yes. */
void cg_caches_configure(void);
/* The `desc:` text of cache i (CG_I1, CG_D1 or CG_LL). */
void cg_cache_desc(Int i, HChar *buf, SizeT n);

#endif
