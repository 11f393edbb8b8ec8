/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline.h: command-line parsing with the conventions of upstream's
   argparse interface (prefixes, --opt=value, error texts, exit status 2). */
#ifndef CG_CMDLINE_H
#define CG_CMDLINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct cg_opt {
    const char *strings[3]; /* option strings, NULL-terminated */
    bool takes_value;
    int id;
} cg_opt;

typedef struct cg_cmdline {
    const char *prog; /* basename of argv[0], for usage and argparse-style errors */
    const cg_opt *opts;
    size_t n_opts;
    const char *const *pos_names; /* positional names; the last may take 1+ values */
    size_t n_pos;
    bool last_many;
    void (*usage)(FILE *out, const char *prog);
    /* Apply one option (`string` is the option string it was given as);
       returns NULL or an error text (shown after `argument OPT: `).  May
       print and exit for --help/--version. */
    const char *(*handle)(void *ctx, int id, const char *string, const char *value);
    void *ctx;
} cg_cmdline;

/* Parse argv; returns the positional arguments (count in *n). */
char **cg_parse_args(const cg_cmdline *cl, int argc, char **argv, size_t *n);
/* The same with a usage function and program name of one's own. */
_Noreturn void cg_usage_vfail(void (*usage)(FILE *, const char *), const char *prog, int status,
                              const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));
/* Print the usage block and `PROG: error: MSG` to stderr, exit `status`. */
_Noreturn void cg_usage_error(const cg_cmdline *cl, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Python repr() of a string, for messages; the result is malloc'd. */
char *cg_repr_str(const char *s);
/* argv[0] as a Python script would have seen it (PATH resolved like execvp). */
const char *cg_invocation_name(const char *argv0);
/* Parsers with the syntax of Python's float()/int() on a whole string. */
bool cg_parse_py_float(const char *s, double *out);
bool cg_parse_py_int(const char *s, long long *out); /* saturates huge values */

#endif
