/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_options.h: the tool's command-line options, one table that both the
 * parser and --help read (cg_options.c). */
#ifndef CG_OPTIONS_H
#define CG_OPTIONS_H

#include "cg_state.h"

/* One option of the command line into cg.clo (or the caches' options);
 * false for an option that is not the tool's (a hint may be printed). */
Bool cg_options_take(const HChar *arg);
/* --help's and --help-debug's lines for the tool. */
void cg_options_usage(void);
void cg_options_debug_usage(void);

#endif
