/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-html-flame.h: the flame-graph section of the HTML report
   (report-html-flame.c), which report-html.c places on a page of input
   with calls.  Internal to the HTML report. */
#ifndef CG_REPORT_HTML_FLAME_H
#define CG_REPORT_HTML_FLAME_H

#include "report.h"
#include "util.h"

/* What the section needs of the page around it. */
typedef struct cg_flame_page {
    /* Sets the links of function (file, fn): to its entry in the call
       graph and to its lines; an empty href is none. */
    void (*links)(void *ctx, uint32_t file, uint32_t fn, cg_buf *entry, cg_buf *lines);
    void *ctx;
    const char *const *meanings; /* per event: what it counts (NULL: unknown) */
} cg_flame_page;

/* Writes the section to f; nothing for input without calls. */
void cg_html_flame(FILE *f, const cg_report *r, const cg_flame_page *pg);
/* Whether the page has the section (its table-of-contents link). */
bool cg_html_has_flame(const cg_report *r);

#endif
