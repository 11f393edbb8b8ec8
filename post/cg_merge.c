/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_merge.c: the cg_merge program: sums Cachegrind output files line by
   line and writes the result in the same format. */
#include "program.h"
#include "fingerprint.h"
#include "profile.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_OUTPUT };

static const cg_opt opts[] = {
    {{"-o", NULL}, true, OPT_OUTPUT},
};

static const char *output;

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    (void)ctx, (void)string;
    if (id == OPT_OUTPUT) output = value;
    return NULL;
}

static const char *const pos_names[] = {"cachegrind-out-file"};

static const cg_program program = {
    .name = "cg_merge",
    .usage = "[-o FILE] cachegrind-out-file...",
    .about = "Adds up the counts of one or more Cachegrind output files and writes them\n"
             "as a single Cachegrind output file.  (cg_annotate can take several files\n"
             "itself, which is usually the better choice.)  Callgrind output files are\n"
             "read too; when any input is one, the result is a Callgrind output file\n"
             "with the calls and their inclusive costs summed.\n",
    .arguments = "  cachegrind-out-file   a file written by Cachegrind or Callgrind\n",
    .options = "  -o FILE               write the result to FILE, not to standard output\n",
    .handle = handle,
    CG_OPTIONS(opts),
    CG_POSITIONALS(pos_names, true),
};

int main(int argc, char **argv)
{
    size_t n;
    char **files = cg_start(&program, argc, argv, NULL, &n);

    cg_profile p;
    cg_profile_init(&p, &cg_rules_merge);
    cg_read_opts ro = {.sign = 1};
    cg_error e = {0};
    for (size_t i = 0; i < n; i++) {
        if (cg_read_skips_empty(files[i], n, false)) continue;
        cg_input *in = cg_read_file(&p, files[i], &ro, &e);
        if (!in) cg_fail(&e);
        if (in->events_mismatch) {
            cg_buf b = {0};
            cg_events_mismatch(&b, &p, in);
            cg_die_bytes(b.p, b.len);
        }
    }

    if (p.n_inputs == 0) cg_die("every profile named is empty");
    FILE *out = stdout;
    if (output) {
        out = fopen(output, "w");
        if (!out) cg_die_errno(errno, output);
        /* Not a device such as /dev/full, which must stay. */
        struct stat st;
        if (fstat(fileno(out), &st) == 0 && S_ISREG(st.st_mode)) cg_remove_on_error(output);
    }
    static char buf[1 << 16];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    const cg_input *first = &p.inputs[0];
    /* The first input's desc: lines, with one fingerprint line standing for
       all inputs (docs/json.md, "Fingerprints").  Upstream asserts on a
       first input without desc: lines; such files are valid (Valgrind >=
       3.21 writes them), so we simply write none. */
    cg_fp_check fp;
    cg_fp_check_inputs(&p, &fp);
    cg_fp_warn(&fp);
    size_t n_desc = first->n_desc, at;
    cg_text *desc = xmalloc((n_desc + 1) * sizeof *desc);
    if (n_desc) memcpy(desc, first->desc, n_desc * sizeof *desc);
    if (fp.any) {
        cg_buf line = {0};
        cg_fp_merged_line(&fp, &line);
        if (!cg_fp_line(first, &at)) at = n_desc++;
        desc[at] = (cg_text){line.p, line.len};
    }
    if (cg_profile_has_format(&p, CG_FMT_CALLGRIND)) {
        /* Calls can only be kept in Callgrind's format. */
        cg_write_callgrind(out, &p, "cg_merge (Cachegrind, rebuilt) " PACKAGE_VERSION, desc, n_desc,
                           &first->cmd);
    } else {
        cg_write_header(out, desc, n_desc, &first->cmd, p.events, p.n_events);
        cg_write_lines(out, &p);
        cg_write_summary(out, p.summary_total, p.n_events);
    }
    cg_write_finish(out, output ? output : "<stdout>");
    return 0;
}
