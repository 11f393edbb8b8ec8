/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt.h: number formatting for reports: thousands separators, one-decimal
   percentages and Python's shortest repr() of a float. */
#ifndef CG_NUMFMT_H
#define CG_NUMFMT_H

#include <stddef.h>
#include <stdint.h>

/* `-1,234,567`; returns the length written (buf needs 28 bytes). */
size_t cg_fmt_commas(char *buf, int64_t v);
/* count * 100 / total with one decimal (round half even on the binary
   value), e.g. `33.3`, `-0.0`; total must be non-zero.  buf needs 64 bytes. */
size_t cg_fmt_pct(char *buf, int64_t count, int64_t total);
/* The percentage shown beside a count in the single form
   (docs/post-processors.md, "Numbers and percentages"): nothing for a count
   of 0, `n/a` for a total of 0, else cg_fmt_pct's value and `%`.  Returns
   the length written (0: nothing); buf needs 64 bytes. */
size_t cg_fmt_share(char *buf, int64_t count, int64_t total);
/* Python's repr(float): shortest round-trip digits, `5.0`, `1e-05`. */
void cg_fmt_float_repr(char *buf, size_t size, double v);

#endif
