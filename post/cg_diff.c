/* cg_diff.c: the cg_diff program: per (file, function) differences of two
   Cachegrind output files (file2 - file1), written in the same format. */
#include "cmdline.h"
#include "profile.h"
#include "util.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_HELP, OPT_VERSION, OPT_MOD_FILENAME, OPT_MOD_FUNCNAME };

static const cg_opt opts[] = {
    {{"-h", "--help", NULL}, false, OPT_HELP},
    {{"--version", NULL}, false, OPT_VERSION},
    {{"--mod-filename", NULL}, true, OPT_MOD_FILENAME},
    {{"--mod-funcname", NULL}, true, OPT_MOD_FUNCNAME},
};

static const char *prog;
static cg_subst *mod_file, *mod_fn;

static void usage(FILE *out, const char *p)
{
    fprintf(out,
            "usage: %s [-h] [--version] [--mod-filename REGEX] [--mod-funcname REGEX]\n"
            "       cachegrind-out-file1 cachegrind-out-file2\n",
            p);
}

static const char *bad_subst(const char *value)
{
    static cg_buf b;
    b.len = 0;
    char *r = cg_repr_str(value);
    cg_buf_printf(&b, "invalid search_and_replace value: %s", r);
    free(r);
    return b.p;
}

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    (void)ctx;
    (void)string;
    switch (id) {
    case OPT_HELP:
        usage(stdout, prog);
        fputs("\nSubtracts the counts of the first Cachegrind output file from those of the\n"
              "second, per function, and writes the result as a Cachegrind output file.\n"
              "(`cg_annotate --diff` does the same with line-level detail.)\n"
              "\nArguments:\n"
              "  cachegrind-out-file1  the file to subtract\n"
              "  cachegrind-out-file2  the file to subtract from\n"
              "\nOptions:\n"
              "  -h, --help            print this help and exit\n"
              "  --version             print the version number and exit\n"
              "  --mod-filename REGEX  rewrite file names with a Perl-style s/old/new/ (flags\n"
              "                        g and i), e.g. `s/prog[0-9]/progN/`\n"
              "  --mod-funcname REGEX  the same for function names\n",
              stdout);
        exit(0);
    case OPT_VERSION:
        printf("%s-3.24.0\n", prog);
        exit(0);
    case OPT_MOD_FILENAME:
        if (!(mod_file = cg_subst_parse(value))) return bad_subst(value);
        break;
    case OPT_MOD_FUNCNAME:
        if (!(mod_fn = cg_subst_parse(value))) return bad_subst(value);
        break;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    cg_init("cg_diff");
    prog = basename(xmemdup0(argv[0], strlen(argv[0])));
    static const char *const pos_names[] = {"cachegrind-out-file1", "cachegrind-out-file2"};
    cg_cmdline cl = {prog,   opts, sizeof opts / sizeof *opts, pos_names, 2, false, usage,
                     handle, NULL};
    size_t n;
    char **files = cg_parse_args(&cl, argc, argv, &n);

    cg_profile p;
    cg_profile_init(&p, CG_DIFF);
    p.mod_file = mod_file;
    p.mod_fn = mod_fn;
    cg_read_opts first = {.sign = -1}, second = {.sign = 1};
    cg_input *in1 = cg_read_file(&p, files[0], &first);
    cg_input *in2 = cg_read_file(&p, files[1], &second);
    (void)in1;
    if (in2->events_mismatch) cg_die("events in data files don't match");

    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    printf("desc: Files compared:   %s; %s\n", files[0], files[1]);
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
