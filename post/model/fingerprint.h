/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fingerprint.h: the `desc: fingerprint: key=value ...` line that says what
   a profile's counts depend on (docs/json.md, "Fingerprints"): parsing it,
   comparing it across the inputs of one run, and the line a merge writes. */
#ifndef CG_FINGERPRINT_H
#define CG_FINGERPRINT_H

#include "profile.h"

typedef struct cg_fp_field {
    cg_text key, value;
} cg_fp_field;

/* One input's fingerprint; `present` false when it has no such line. */
typedef struct cg_fingerprint {
    bool present;
    cg_fp_field *fields;
    size_t n;
} cg_fingerprint;

/* A field whose values differ between inputs: the first two values seen
   (`none` where an input lacks the field). */
typedef struct cg_fp_mismatch {
    cg_text field, a, b;
} cg_fp_mismatch;

/* Every input's fingerprint, and how they differ. */
typedef struct cg_fp_check {
    cg_fingerprint *inputs; /* one per input */
    size_t n_inputs;
    cg_fp_mismatch *mismatches;
    size_t n_mismatches;
    bool any; /* some input has a fingerprint */
} cg_fp_check;

/* The text of `desc:` line `d` after `fingerprint: `, or NULL. */
const cg_text *cg_fp_line(const cg_input *in, size_t *index);
/* Parses the inputs' fingerprints and compares them (no output). */
void cg_fp_check_inputs(const cg_profile *p, cg_fp_check *c);
/* One warning per differing field on stderr (`PROG: warning: ...`). */
void cg_fp_warn(const cg_fp_check *c);
void cg_fp_check_free(cg_fp_check *c);
/* The fingerprint line (without `desc: ` and the newline) that stands for
   all inputs: their common value per field, `mixed` where they differ. */
void cg_fp_merged_line(const cg_fp_check *c, cg_buf *out);

#endif
