/* SPDX-License-Identifier: GPL-2.0-or-later */
/* program.c: the start-up the three programs share (program.h). */
#include "program.h"
#include "profile.h"
#include "regex-subst.h"
#include "util.h"

#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#error "PACKAGE_VERSION comes from configure (AC_INIT)"
#endif

/* The program being run, for its usage lines, --help and messages. */
static struct {
    const cg_program *p;
    char *argv0;      /* a copy, which basename() may change */
    const char *name; /* argv[0]'s basename, as argparse shows it */
} current;

static cg_opt_apply print_help, print_version;

/* Every program's first options, as argparse lists them. */
static const cg_option builtins[] = {
    {.names = {"-h", "--help"}, .help = "print this help and exit", .apply = print_help},
    {.names = {"--version"}, .help = "print the version number and exit", .apply = print_version},
};
enum { N_BUILTINS = sizeof builtins / sizeof *builtins };

static void add_usage(cg_buf *b)
{
    const cg_program *p = current.p;
    static const char lead[] = "usage: ";
    /* Continuation lines line up under the program name. */
    int indent = (int)sizeof lead - 1;
    cg_buf_printf(b, "%s%s", lead, current.name);
    cg_usage_items(b, builtins, N_BUILTINS, indent);
    cg_usage_items(b, p->opts, p->n_opts, indent);
    if (p->args_usage_break)
        cg_buf_printf(b, "\n%*s", indent, "");
    else
        cg_buf_addc(b, ' ');
    cg_buf_printf(b, "%s\n", p->args_usage);
}

static void put(FILE *out, const cg_buf *b)
{
    fwrite(b->p, 1, b->len, out);
}

static cg_opt_result print_help(void *field, const cg_option *opt, const char *string,
                                const char *value, cg_buf *why)
{
    (void)field, (void)opt, (void)string, (void)value, (void)why;
    const cg_program *p = current.p;
    cg_buf b = {0};
    add_usage(&b);
    cg_buf_printf(&b, "\n%s\nArguments:\n", p->about);
    for (size_t i = 0; i < p->n_args; i++) cg_help_item(&b, p->args[i].name, p->args[i].help);
    cg_buf_adds(&b, "\nOptions:\n");
    cg_help_options(&b, builtins, N_BUILTINS);
    cg_help_options(&b, p->opts, p->n_opts);
    put(stdout, &b);
    cg_buf_free(&b);
    return CG_OPT_DONE;
}

static cg_opt_result print_version(void *field, const cg_option *opt, const char *string,
                                   const char *value, cg_buf *why)
{
    (void)field, (void)opt, (void)string, (void)value, (void)why;
    printf("%s (Cachegrind, rebuilt) %s\n", current.p->name, PACKAGE_VERSION);
    return CG_OPT_DONE;
}

cg_opt_result cg_opt_subst(void *field, const cg_option *opt, const char *string, const char *value,
                           cg_buf *why)
{
    (void)opt, (void)string;
    cg_subst **to = field;
    cg_subst_free(*to);
    if (!(*to = cg_subst_parse(value))) return cg_opt_bad_value(why, "search_and_replace", value);
    return CG_OPT_OK;
}

void cg_fail(const cg_error *e)
{
    if (e->status == 0) cg_exit(0);
    if (e->usage) {
        fflush(stdout);
        cg_buf b = {0};
        add_usage(&b);
        put(stderr, &b);
        cg_buf_free(&b);
    }
    if (!e->argparse) cg_die_status(e->status, e->msg.p, e->msg.len);
    fflush(stdout);
    fprintf(stderr, "%s: error: ", current.name);
    cg_put_safe(stderr, e->msg.p, e->msg.len);
    fputc('\n', stderr);
    cg_exit(e->status);
}

char **cg_program_parse(const cg_program *p, int argc, char **argv, void *ctx, size_t *n,
                        cg_error *e)
{
    free(current.argv0);
    current.p = p;
    current.argv0 = xmemdup0(argv[0], strlen(argv[0]));
    current.name = basename(current.argv0);

    /* One table for the parser: -h and --version come first. */
    size_t n_opts = N_BUILTINS + p->n_opts;
    cg_option *opts = xmalloc(n_opts * sizeof *opts);
    memcpy(opts, builtins, sizeof builtins);
    memcpy(opts + N_BUILTINS, p->opts, p->n_opts * sizeof *p->opts);
    cg_cmdline cl = {opts, n_opts, p->args, p->n_args, p->last_many, ctx};
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

bool cg_inline_kept(const cg_profile *p, const char *prog, bool lines)
{
    size_t with = 0, without = CG_NONE;
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].inline_state != CG_INLINE_ABSENT)
            with++;
        else if (without == CG_NONE)
            without = i;
    if (with == 0) return false;
    if (lines && without == CG_NONE) return true;
    fprintf(stderr, "%s: note: ", prog);
    if (!lines) {
        fputs("the output keeps no costs by instruction (`#i` lines)\n",
              stderr);
        return false;
    }
    const char *path = p->inputs[without].path;
    cg_put_safe(stderr, path, strlen(path));
    fputs(" has no costs by instruction (our tool writes them with --inline-frames=yes), so "
          "the output has none\n",
          stderr);
    return false;
}

bool cg_graph_kept(const cg_profile *p, const char *prog)
{
    if (cg_profile_has_graph(p, true)) return true;
    for (size_t i = 0; i < p->n_inputs; i++) {
        if (p->inputs[i].has_graph) continue;
        if (!cg_profile_has_graph(p, false)) return false;
        fprintf(stderr, "%s: note: ", prog);
        cg_put_safe(stderr, p->inputs[i].path, strlen(p->inputs[i].path));
        fputs(" has no call graph (our tool records one unless --call-graph=no), so the output "
              "has none: only the sum of the self costs\n",
              stderr);
        break;
    }
    return false;
}
