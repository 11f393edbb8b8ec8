/* SPDX-License-Identifier: GPL-2.0-or-later */
/* annotate-options.c: fuzz target for cg_annotate's whole option handling:
   the input is argv (NUL-separated arguments after argv[0]), parsed and
   checked as cg_annotate's main does (annotate-opts.h), then checked
   against a fixed event list, with each --limit decided and described and
   each substitution applied to a name. */
#include "annotate-opts.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    char *text = fuzz_cstr(data, size);
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "cg_annotate";
    for (char *s = text; argc <= MAX_ARGS && s <= text + size; s += strlen(s) + 1) argv[argc++] = s;
    argv[argc] = NULL;

    cg_annotate_opts o;
    cg_error e = {0};
    if (!cg_annotate_parse(&o, argc, argv, &e)) {
        /* Status 0 after --help or --version, else a message to print. */
        FUZZ_CHECK(e.status == 0 || ((e.status == 1 || e.status == 2) && e.msg.len > 0));
        FUZZ_CHECK(!e.argparse || (e.usage && e.status == 2));
    } else {
        FUZZ_CHECK(o.n_files >= 1 && (!o.diff || o.n_files == 2));
        FUZZ_CHECK(o.n_limits == 0 || o.diff);
        FUZZ_CHECK(o.threshold >= 0 && o.threshold <= 20);
        static const cg_text events[] = {{"Ir", 2}, {"I1mr", 4}, {"Dr", 2}, {"", 0}};
        size_t nev = sizeof events / sizeof *events;
        if (cg_annotate_check_events(&o, events, nev, &e)) {
            cg_col *show, *sort;
            size_t n_show, n_sort;
            /* With calls, so that inclusive columns are no error. */
            if (cg_annotate_select(&o, events, nev, true, &show, &n_show, &sort, &n_sort, &e)) {
                for (size_t i = 0; i < n_show; i++) FUZZ_CHECK(show[i].event < nev);
                for (size_t i = 0; i < n_sort; i++) FUZZ_CHECK(sort[i].event < nev);
                for (size_t i = 0; i < o.n_limits; i++) {
                    cg_limit *l = &o.limits[i];
                    FUZZ_CHECK(l->index < nev);
                    cg_limit_decide(l, 1000, 1234);
                    cg_buf b = {0};
                    cg_limit_describe(l, &b);
                    cg_buf_free(&b);
                }
            } else {
                FUZZ_CHECK(e.status == 2 && e.usage);
            }
            free(show);
            free(sort);
        } else {
            FUZZ_CHECK(e.status == 1);
        }
        cg_buf out = {0};
        if (o.mod_file) cg_subst_apply(o.mod_file, "src/prog1.c", 11, &out);
        if (o.mod_fn) cg_subst_apply(o.mod_fn, "main", 4, &out);
        cg_buf_free(&out);
    }
    cg_annotate_opts_free(&o);
    cg_error_free(&e);
    free(text);
    return 0;
}
