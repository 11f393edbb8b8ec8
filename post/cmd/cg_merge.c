/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_merge.c: the cg_merge program: sums Cachegrind output files line by
   line and writes the result in the same format. */
#include "fingerprint.h"
#include "format.h"
#include "program.h"
#include "profile.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What the command line sets. */
typedef struct merge_opts {
    const char *output; /* -o: NULL for standard output */
} merge_opts;

static const cg_option options[] = {
    {.names = {"-o"},
     .metavar = "FILE",
     .help = "write the result to FILE, not to standard output",
     .apply = cg_opt_string,
     .offset = offsetof(merge_opts, output)},
};

/* A merged profile names every command that went into it: the first
   input's is the cmd: line (both formats allow one), each other distinct
   command a desc: line with this prefix, in input order.  Read back from
   the inputs too, so merging merged files loses none. */
#define MERGED_CMD "Merged cmd: "

static bool known_cmd(const cg_text *desc, size_t n_desc, const cg_text *cmd, const cg_text *c)
{
    size_t pl = strlen(MERGED_CMD);
    if (cg_text_eq(cmd, c)) return true;
    for (size_t d = 0; d < n_desc; d++)
        if (desc[d].len == pl + c->len && memcmp(desc[d].s, MERGED_CMD, pl) == 0 &&
            memcmp(desc[d].s + pl, c->s, c->len) == 0)
            return true;
    return false;
}

static void add_cmd(cg_text **desc, size_t *n_desc, size_t *cap, const cg_text *cmd,
                    const cg_text *c)
{
    if (known_cmd(*desc, *n_desc, cmd, c)) return;
    cg_buf line = {0};
    cg_buf_adds(&line, MERGED_CMD);
    cg_buf_add(&line, c->s, c->len);
    xgrow((void **)desc, cap, *n_desc + 1, sizeof **desc);
    (*desc)[(*n_desc)++] = (cg_text){line.p, line.len};
}

/* Appends the commands of inputs after the first to DESC. */
static void merged_cmds(const cg_profile *p, cg_text **desc, size_t *n_desc, size_t *cap)
{
    const cg_text *cmd = &p->inputs[0].cmd;
    size_t pl = strlen(MERGED_CMD);
    for (size_t i = 1; i < p->n_inputs; i++) {
        const cg_input *in = &p->inputs[i];
        add_cmd(desc, n_desc, cap, cmd, &in->cmd);
        for (size_t d = 0; d < in->n_desc; d++)
            if (in->desc[d].len >= pl && memcmp(in->desc[d].s, MERGED_CMD, pl) == 0) {
                cg_text c = {in->desc[d].s + pl, in->desc[d].len - pl};
                add_cmd(desc, n_desc, cap, cmd, &c);
            }
    }
}

static const cg_arg args[] = {
    {"cachegrind-out-file", "a file written by Cachegrind or Callgrind"},
};

static const cg_program program = {
    .name = "cg_merge",
    .about = "Adds up the counts of one or more Cachegrind output files and writes them\n"
             "as a single Cachegrind output file.  (cg_annotate can take several files\n"
             "itself, which is usually the better choice.)  Callgrind output files are\n"
             "read too; when any input is one, the result is a Callgrind output file\n"
             "with the calls and their inclusive costs summed.\n",
    CG_OPTIONS(options),
    CG_POSITIONALS(args, true),
    .args_usage = "cachegrind-out-file...",
};

int main(int argc, char **argv)
{
    size_t n;
    merge_opts opts = {0};
    char **files = cg_start(&program, argc, argv, &opts, &n);
    const char *output = opts.output;

    cg_profile p;
    cg_profile_init(&p, &cg_rules_merge);
    cg_read_opts ro = {.sign = 1};
    cg_error e = {0};
    for (size_t i = 0; i < n; i++) {
        if (cg_read_skips(files, n, i, false)) continue;
        cg_input *in = cg_read_file(&p, files[i], &ro, &e);
        if (!in) cg_fail(&e);
        if (in->events_mismatch) {
            cg_buf b = {0};
            cg_events_mismatch(&b, &p, in);
            cg_die_bytes(b.p, b.len);
        }
    }

    /* Only thread files that stand for one another (links) can leave none. */
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
    size_t n_desc = first->n_desc, at, cap = n_desc + 1;
    cg_text *desc = xmalloc(cap * sizeof *desc);
    if (n_desc) memcpy(desc, first->desc, n_desc * sizeof *desc);
    if (fp.any) {
        cg_buf line = {0};
        cg_fp_merged_line(&fp, &line);
        if (!cg_fp_line(first, &at)) at = n_desc++;
        desc[at] = (cg_text){line.p, line.len};
    }
    merged_cmds(&p, &desc, &n_desc, &cap);
    if (cg_profile_has_format(&p, CG_FMT_CALLGRIND)) {
        /* Call paths add up only when every input has them. */
        bool some = false;
        for (size_t i = 0; i < p.n_inputs; i++) some |= p.inputs[i].has_paths;
        for (size_t i = 0; some && i < p.n_inputs; i++) {
            if (p.inputs[i].has_paths) continue;
            fprintf(stderr, "cg_merge: note: ");
            cg_put_safe(stderr, p.inputs[i].path, strlen(p.inputs[i].path));
            fputs(" has no call paths (our tool writes them unless --call-graph=no), so the merged "
                  "profile has none: its flame graph will be an estimate\n",
                  stderr);
            break;
        }
        (void)cg_inline_kept(&p, "cg_merge", false);
        /* Calls can only be kept in Callgrind's format. */
        cg_write_callgrind(out, &p, "cg_merge (Cachegrind, rebuilt) " PACKAGE_VERSION, desc, n_desc,
                           &first->cmd, true);
    } else {
        cg_write_header(out, desc, n_desc, &first->cmd, p.events, p.n_events);
        /* In the order the tool writes them. */
        if (cg_inline_kept(&p, "cg_merge", true)) cg_write_inline(out, &p);
        if (cg_graph_kept(&p, "cg_merge")) cg_write_graph_lines(out, &p, true);
        cg_write_lines(out, &p);
        cg_write_summary(out, p.summary_total, p.n_events);
    }
    cg_write_finish(out, output ? output : "<stdout>");
    return 0;
}
