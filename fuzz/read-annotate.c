/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-annotate.c: fuzz target for the reader with cg_annotate's rules:
   up to three profiles (profiles.h), added up or, after a `#D` line, the
   second minus the first, with --mod-filename/--mod-funcname; a profile
   that is read must give a valid JSON report (report-json.c) and an HTML
   page whose markup is all its own (report-html.c). */
#include "common.h"
#include "profiles.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    fuzz_profiles f;
    fuzz_profiles_get(&f, data, size, FUZZ_MAX_PROFILES);
    cg_profile p;
    cg_profile_init(&p, &cg_rules_annotate);
    p.mod_file = f.mod_file;
    p.mod_fn = f.mod_fn;
    bool diff = f.diff && f.n == 2;
    int sign[FUZZ_MAX_PROFILES] = {diff ? -1 : 1, 1, 1};
    cg_error e = {0};
    if (fuzz_read_all(&p, &f, sign, true, &e)) {
        cg_profile_read_done(&p); /* as cg_annotate ends its reading */
        /* Callgrind input has a call graph: then an inclusive column, the
           sort by it, and the call-graph section too. */
        cg_fgraph *g = cg_fgraph_of_profile(&p, true);
        cg_col sort[1] = {{0, g ? CG_COL_INCL : CG_COL_SELF}};
        cg_col *show = xmalloc((p.n_events + 2) * sizeof *show);
        for (size_t i = 0; i < p.n_events; i++) show[i] = (cg_col){i, CG_COL_SELF};
        if (g) show[p.n_events] = (cg_col){0, CG_COL_INCL};
        cg_fp_check fp;
        cg_fp_check_inputs(&p, &fp);
        cg_report r = {.prof = &p,
                       .diff = diff,
                       .annotate = true,
                       .show_percs = true,
                       .show = show,
                       .sort = sort,
                       .n_show = p.n_events + (g != NULL),
                       .graph = g,
                       .tree = g ? CG_TREE_BOTH : CG_TREE_NONE,
                       .n_sort = 1,
                       .threshold_given = true,
                       .threshold = 0.1,
                       .context = 8,
                       .fp = &fp};
        char *out = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&out, &len);
        if (!m) abort();
        cg_report_json(m, &r);
        fclose(m);
        FUZZ_CHECK(fuzz_json_valid(out, len));
        free(out);
        /* The page too, without annotation: no source file is opened. */
        r.annotate = false;
        out = NULL;
        len = 0;
        m = open_memstream(&out, &len);
        if (!m) abort();
        cg_report_html(m, &r);
        fclose(m);
        FUZZ_CHECK(fuzz_html_safe(out, len));
        free(out);
        if (g) {
            /* The text report, for its call-graph section. */
            out = NULL;
            len = 0;
            m = open_memstream(&out, &len);
            if (!m) abort();
            /* With a slash: no PATH search, whose result the real program keeps. */
            static char *argv[] = {"./cg_annotate", NULL};
            r.argc = 1, r.argv = argv;
            cg_report_text(m, &r);
            fclose(m);
            free(out);
        }
        cg_fgraph_destroy(g);
        free(show);
        cg_fp_check_free(&fp);
    }
    cg_error_free(&e);
    cg_profile_free(&p);
    fuzz_profiles_free(&f);
    return 0;
}
