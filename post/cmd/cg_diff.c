/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_diff.c: the cg_diff program: per (file, function) differences of two
   Cachegrind output files (file2 - file1), written in the same format. */
#include "fingerprint.h"
#include "format.h"
#include "program.h"
#include "profile.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* What the command line sets. */
typedef struct diff_opts {
    cg_subst *mod_file, *mod_fn;
} diff_opts;

static const cg_option options[] = {
    CG_MOD_OPTIONS(diff_opts, mod_file, mod_fn),
};

static const cg_arg args[] = {
    {"cachegrind-out-file1", "the file to subtract"},
    {"cachegrind-out-file2", "the file to subtract from"},
};

static const cg_program program = {
    .name = "cg_diff",
    .about = "Subtracts the counts of the first Cachegrind output file from those of the\n"
             "second, per function, and writes the result as a Cachegrind output file.\n"
             "(`cg_annotate --diff` does the same with line-level detail.)  Callgrind\n"
             "output files are read too; when either input is one, the result is a\n"
             "Callgrind output file with the calls and their inclusive costs subtracted.\n",
    CG_OPTIONS(options),
    CG_POSITIONALS(args, false),
    .args_usage = "cachegrind-out-file1 cachegrind-out-file2",
    .args_usage_break = true,
};

int main(int argc, char **argv)
{
    size_t n;
    diff_opts opts = {0};
    char **files = cg_start(&program, argc, argv, &opts, &n);
    cg_error e = {0};

    cg_profile p;
    cg_profile_init(&p, &cg_rules_diff);
    p.mod_file = opts.mod_file;
    p.mod_fn = opts.mod_fn;
    cg_read_opts first = {.sign = -1}, second = {.sign = 1};
    if (!cg_read_file(&p, files[0], &first, &e)) cg_fail(&e);
    cg_input *in2 = cg_read_file(&p, files[1], &second, &e);
    if (!in2) cg_fail(&e);
    if (in2->events_mismatch) {
        cg_buf b = {0};
        cg_events_mismatch(&b, &p, in2);
        cg_die_bytes(b.p, b.len);
    }

    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    cg_buf compared = {0};
    cg_buf_printf(&compared, "Files compared:   %s; %s", files[0], files[1]);
    cg_text desc[2] = {{compared.p, compared.len}, {NULL, 0}};
    size_t n_desc = 1;
    cg_fp_check fp;
    cg_fp_check_inputs(&p, &fp);
    cg_fp_warn(&fp);
    cg_buf line = {0};
    if (fp.any) {
        cg_fp_merged_line(&fp, &line);
        desc[n_desc++] = (cg_text){line.p, line.len};
    }
    cg_buf cmd = {0};
    cg_buf_add(&cmd, p.inputs[0].cmd.s, p.inputs[0].cmd.len);
    cg_buf_adds(&cmd, "; ");
    cg_buf_add(&cmd, p.inputs[1].cmd.s, p.inputs[1].cmd.len);
    cg_text cmd_text = {cmd.p, cmd.len};
    if (cg_profile_has_format(&p, CG_FMT_CALLGRIND)) {
        (void)cg_inline_kept(&p, "cg_diff", false);
        /* Calls can only be kept in Callgrind's format. */
        cg_write_callgrind(stdout, &p, "cg_diff (Cachegrind, rebuilt) " PACKAGE_VERSION, desc,
                           n_desc, &cmd_text, false);
    } else {
        cg_write_header(stdout, desc, n_desc, &cmd_text, p.events, p.n_events);
        if (cg_graph_kept(&p, "cg_diff")) cg_write_graph_lines(stdout, &p, false);
        (void)cg_inline_kept(&p, "cg_diff", false);
        cg_write_pairs(stdout, &p);
        cg_write_summary(stdout, p.summary_total, p.n_events);
    }
    cg_write_finish(stdout, "<stdout>");
    return 0;
}
