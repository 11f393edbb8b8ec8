/* cg_merge.c: the cg_merge program: sums Cachegrind output files line by
   line and writes the result in the same format. */
#include "cmdline.h"
#include "profile.h"
#include "util.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_HELP, OPT_VERSION, OPT_OUTPUT };

static const cg_opt opts[] = {
    {{"-h", "--help", NULL}, false, OPT_HELP},
    {{"--version", NULL}, false, OPT_VERSION},
    {{"-o", NULL}, true, OPT_OUTPUT},
};

static const char *output;
static const char *prog;

static void usage(FILE *out, const char *p)
{
    fprintf(out, "usage: %s [-h] [--version] [-o FILE] cachegrind-out-file...\n", p);
}

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    (void)ctx;
    (void)string;
    switch (id) {
    case OPT_HELP:
        usage(stdout, prog);
        fputs("\nAdds up the counts of one or more Cachegrind output files and writes them\n"
              "as a single Cachegrind output file.  (cg_annotate can take several files\n"
              "itself, which is usually the better choice.)\n"
              "\nArguments:\n"
              "  cachegrind-out-file   a file written by Cachegrind\n"
              "\nOptions:\n"
              "  -h, --help            print this help and exit\n"
              "  --version             print the version number and exit\n"
              "  -o FILE               write the result to FILE, not to standard output\n",
              stdout);
        exit(0);
    case OPT_VERSION:
        printf("%s-3.24.0\n", prog);
        exit(0);
    case OPT_OUTPUT:
        output = value;
        break;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    cg_init("cg_merge");
    prog = basename(xmemdup0(argv[0], strlen(argv[0])));
    static const char *const pos_names[] = {"cachegrind-out-file"};
    cg_cmdline cl = {prog,   opts, sizeof opts / sizeof *opts, pos_names, 1, true, usage,
                     handle, NULL};
    size_t n;
    char **files = cg_parse_args(&cl, argc, argv, &n);

    cg_profile p;
    cg_profile_init(&p, CG_MERGE);
    cg_read_opts ro = {.sign = 1};
    for (size_t i = 0; i < n; i++) {
        cg_input *in = cg_read_file(&p, files[i], &ro);
        if (in->events_mismatch) cg_die("events in data files don't match");
    }

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
    /* Upstream asserts on a first input without desc: lines; such files are
       valid (Valgrind >= 3.21 writes them), so we simply write none. */
    cg_write_header(out, first->desc, first->n_desc, &first->cmd, p.events, p.n_events);
    cg_write_lines(out, &p);
    cg_write_summary(out, p.summary_total, p.n_events);
    cg_write_finish(out, output ? output : "<stdout>");
    return 0;
}
