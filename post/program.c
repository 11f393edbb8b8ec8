/* SPDX-License-Identifier: GPL-2.0-or-later */
/* program.c: the start-up the three programs share (program.h). */
#include "program.h"
#include "util.h"

#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#error "PACKAGE_VERSION comes from configure (AC_INIT)"
#endif

enum { OPT_HELP = -1, OPT_VERSION = -2 };

static const cg_program *program;
static const char *prog_name;

static void usage(FILE *out, const char *p)
{
    fprintf(out, "usage: %s [-h] [--version] %s\n", p, program->usage);
}

static _Noreturn void help(void)
{
    usage(stdout, prog_name);
    printf("\n%s\nArguments:\n%s\nOptions:\n"
           "  -h, --help            print this help and exit\n"
           "  --version             print the version number and exit\n"
           "%s",
           program->about, program->arguments, program->options);
    cg_exit(0);
}

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    switch (id) {
    case OPT_HELP:
        help();
    case OPT_VERSION:
        printf("%s (Cachegrind, rebuilt) %s\n", program->name, PACKAGE_VERSION);
        cg_exit(0);
    default:
        return program->handle(ctx, id, string, value);
    }
}

void cg_print_usage(FILE *out)
{
    usage(out, prog_name);
}

void cg_usage_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cg_usage_vfail(usage, prog_name, 2, fmt, ap);
}

const char *cg_value_error(const char *value, const char *before, const char *after)
{
    static cg_buf b;
    b.len = 0;
    char *r = cg_repr_str(value);
    cg_buf_printf(&b, "%s%s%s", before, r, after);
    free(r);
    return b.p;
}

const char *cg_bad_value(const char *what, const char *value)
{
    cg_buf pre = {0};
    cg_buf_printf(&pre, "invalid %s value: ", what);
    const char *e = cg_value_error(value, pre.p, "");
    free(pre.p);
    return e;
}

char **cg_start(const cg_program *p, int argc, char **argv, const char **prog, size_t *n)
{
    cg_init(p->name);
    program = p;
    prog_name = basename(xmemdup0(argv[0], strlen(argv[0])));
    if (prog) *prog = prog_name;

    /* -h and --version come first, as argparse lists them. */
    cg_opt *opts = xmalloc((p->n_opts + 2) * sizeof *opts);
    opts[0] = (cg_opt){{"-h", "--help", NULL}, false, OPT_HELP};
    opts[1] = (cg_opt){{"--version", NULL}, false, OPT_VERSION};
    memcpy(opts + 2, p->opts, p->n_opts * sizeof *opts);
    cg_cmdline cl = {prog_name,    opts,  p->n_opts + 2, p->pos_names, p->n_pos,
                     p->last_many, usage, handle,        NULL};
    return cg_parse_args(&cl, argc, argv, n);
}
