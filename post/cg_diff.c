/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_diff.c: the cg_diff program: per (file, function) differences of two
   Cachegrind output files (file2 - file1), written in the same format. */
#include "program.h"
#include "fingerprint.h"
#include "profile.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_MOD_FILENAME, OPT_MOD_FUNCNAME };

static const cg_opt opts[] = {
    {{"--mod-filename", NULL}, true, OPT_MOD_FILENAME},
    {{"--mod-funcname", NULL}, true, OPT_MOD_FUNCNAME},
};

static cg_subst *mod_file, *mod_fn;

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    (void)ctx, (void)string;
    cg_subst **to = id == OPT_MOD_FILENAME ? &mod_file : &mod_fn;
    cg_subst_free(*to);
    if (!(*to = cg_subst_parse(value))) return cg_bad_value("search_and_replace", value);
    return NULL;
}

static const char *const pos_names[] = {"cachegrind-out-file1", "cachegrind-out-file2"};

static const cg_program program = {
    .name = "cg_diff",
    .usage = "[--mod-filename REGEX] [--mod-funcname REGEX]\n"
             "       cachegrind-out-file1 cachegrind-out-file2",
    .about = "Subtracts the counts of the first Cachegrind output file from those of the\n"
             "second, per function, and writes the result as a Cachegrind output file.\n"
             "(`cg_annotate --diff` does the same with line-level detail.)\n",
    .arguments = "  cachegrind-out-file1  the file to subtract\n"
                 "  cachegrind-out-file2  the file to subtract from\n",
    .options = CG_MOD_OPTIONS_HELP,
    .handle = handle,
    CG_OPTIONS(opts),
    CG_POSITIONALS(pos_names, false),
};

int main(int argc, char **argv)
{
    size_t n;
    char **files = cg_start(&program, argc, argv, NULL, &n);
    cg_error e = {0};

    cg_profile p;
    cg_profile_init(&p, &cg_rules_diff);
    p.mod_file = mod_file;
    p.mod_fn = mod_fn;
    cg_read_opts first = {.sign = -1}, second = {.sign = 1};
    if (!cg_read_file(&p, files[0], &first, &e)) cg_fail(&e);
    cg_input *in2 = cg_read_file(&p, files[1], &second, &e);
    if (!in2) cg_fail(&e);
    if (in2->events_mismatch) cg_die("events in data files don't match");

    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    printf("desc: Files compared:   %s; %s\n", files[0], files[1]);
    cg_fp_check fp;
    cg_fp_check_inputs(&p, &fp);
    cg_fp_warn(&fp);
    if (fp.any) {
        cg_buf line = {0};
        cg_fp_merged_line(&fp, &line);
        fputs("desc: ", stdout);
        fwrite(line.p, 1, line.len, stdout);
        fputc('\n', stdout);
    }
    fputs("cmd: ", stdout);
    fwrite(p.inputs[0].cmd.s, 1, p.inputs[0].cmd.len, stdout);
    fputs("; ", stdout);
    fwrite(p.inputs[1].cmd.s, 1, p.inputs[1].cmd.len, stdout);
    fputs("\nevents:", stdout);
    cg_write_events(stdout, p.events, p.n_events);
    fputc('\n', stdout);
    cg_write_pairs(stdout, &p);
    cg_write_summary(stdout, p.summary_total, p.n_events);
    cg_write_finish(stdout, "<stdout>");
    return 0;
}
