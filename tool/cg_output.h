/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_output.h: what the tool writes at exit. */
#ifndef CG_OUTPUT_H
#define CG_OUTPUT_H

/* The profile file, the summary on stderr and, with --stats, the tool's
 * statistics; the counts must have been folded into the lines first. */
void cg_write_results(void);

#endif
