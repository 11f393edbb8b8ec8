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

/* The program being run, for its usage lines, --help and messages. */
static struct {
    const cg_program *p;
    char *argv0;      /* a copy, which basename() may change */
    const char *name; /* argv[0]'s basename, as argparse shows it */
} current;

static void usage(FILE *out)
{
    fprintf(out, "usage: %s [-h] [--version] %s\n", current.name, current.p->usage);
}

static void help(void)
{
    const cg_program *p = current.p;
    usage(stdout);
    printf("\n%s\nArguments:\n%s\nOptions:\n"
           "  -h, --help            print this help and exit\n"
           "  --version             print the version number and exit\n"
           "%s",
           p->about, p->arguments, p->options);
}

static const char *handle(void *ctx, int id, const char *string, const char *value)
{
    switch (id) {
    case OPT_HELP:
        help();
        return cg_opt_done;
    case OPT_VERSION:
        printf("%s (Cachegrind, rebuilt) %s\n", current.p->name, PACKAGE_VERSION);
        return cg_opt_done;
    default:
        return current.p->handle(ctx, id, string, value);
    }
}

void cg_fail(const cg_error *e)
{
    if (e->status == 0) cg_exit(0);
    if (e->usage) {
        fflush(stdout);
        usage(stderr);
    }
    if (!e->argparse) cg_die_status(e->status, e->msg.p, e->msg.len);
    fflush(stdout);
    fprintf(stderr, "%s: error: ", current.name);
    cg_put_safe(stderr, e->msg.p, e->msg.len);
    fputc('\n', stderr);
    cg_exit(e->status);
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
    cg_buf_free(&pre);
    return e;
}

char **cg_program_parse(const cg_program *p, int argc, char **argv, void *ctx, size_t *n,
                        cg_error *e)
{
    free(current.argv0);
    current.p = p;
    current.argv0 = xmemdup0(argv[0], strlen(argv[0]));
    current.name = basename(current.argv0);

    /* -h and --version come first, as argparse lists them. */
    cg_opt *opts = xmalloc((p->n_opts + 2) * sizeof *opts);
    opts[0] = (cg_opt){{"-h", "--help", NULL}, false, OPT_HELP};
    opts[1] = (cg_opt){{"--version", NULL}, false, OPT_VERSION};
    memcpy(opts + 2, p->opts, p->n_opts * sizeof *opts);
    cg_cmdline cl = {opts, p->n_opts + 2, p->pos_names, p->n_pos, p->last_many, handle, ctx};
    char **pos = cg_parse_args(&cl, argc, argv, n, e);
    free(opts);
    return pos;
}

char **cg_start(const cg_program *p, int argc, char **argv, void *ctx, size_t *n)
{
    cg_init(p->name);
    cg_error e = {0};
    char **pos = cg_program_parse(p, argc, argv, ctx, n, &e);
    if (!pos) cg_fail(&e);
    return pos;
}
