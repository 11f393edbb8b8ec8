/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h: what cg_annotate's reports are made of, for the JSON report
   (report-json.c); the text report is cg_annotate.c's own. */
#ifndef CG_REPORT_H
#define CG_REPORT_H

#include "fingerprint.h"
#include "limit.h"
#include "profile.h"

#include <stdio.h>

typedef struct cg_report {
    const cg_profile *prof;
    bool diff, annotate;
    const size_t *show, *sort; /* event indices */
    size_t n_show, n_sort;
    bool threshold_given; /* else every file:function pair is listed */
    double threshold;
    const cg_limit *limits;
    size_t n_limits;
    const cg_fp_check *fp;
} cg_report;

/* The whole report as one JSON document (docs/json.md). */
void cg_report_json(FILE *out, const cg_report *r);

#endif
