/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline.h: command-line parsing with the conventions of upstream's
   argparse interface (prefixes, --opt=value, error texts, exit status 2),
   reporting its errors to the caller. */
#ifndef CG_CMDLINE_H
#define CG_CMDLINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util.h"

typedef struct cg_opt {
    const char *strings[3]; /* option strings, NULL-terminated */
    bool takes_value;
    int id;
} cg_opt;

typedef struct cg_cmdline {
    const cg_opt *opts;
    size_t n_opts;
    const char *const *pos_names; /* positional names; the last may take 1+ values */
    size_t n_pos;
    bool last_many;
    /* Apply one option (`string` is the option string it was given as);
       returns NULL, an error text (shown after `argument OPT: `), or
       cg_opt_done when the option has done the program's work (--help). */
    const char *(*handle)(void *ctx, int id, const char *string, const char *value);
    void *ctx;
} cg_cmdline;

/* A handler's answer for an option after which the program exits 0. */
extern const char cg_opt_done[];

/* Parse argv; returns the positional arguments (count in *n; free the
   array).  NULL when parsing stops: *e has argparse's message (status 2,
   with the usage lines), or status 0 after cg_opt_done. */
char **cg_parse_args(const cg_cmdline *cl, int argc, char **argv, size_t *n, cg_error *e);
/* Python repr() of a string, for messages; the result is malloc'd. */
char *cg_repr_str(const char *s);
/* argv[0] as a Python script would have seen it (PATH resolved like execvp). */
const char *cg_invocation_name(const char *argv0);
/* Parsers with the syntax of Python's float()/int() on a whole string. */
bool cg_parse_py_float(const char *s, double *out);
bool cg_parse_py_int(const char *s, long long *out); /* saturates huge values */

#endif
