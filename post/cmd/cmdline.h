/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline.h: a program's options as one table, and everything made from
   it: the parsing, with the conventions of upstream's argparse interface
   (prefixes, --opt=value, error texts, exit status 2), the usage line's
   items and the --help lines.  Each option is declared once, with its
   help, so the three cannot drift apart.  Errors go back to the caller. */
#ifndef CG_CMDLINE_H
#define CG_CMDLINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util.h"

typedef struct cg_option cg_option;

/* What applying an option came to. */
typedef enum cg_opt_result {
    CG_OPT_OK,
    CG_OPT_BAD,  /* the value is wrong; why says so */
    CG_OPT_DONE, /* the option did the program's work (--help): exit 0 */
} cg_opt_result;

/* An option's action: `field` is the parse context plus the option's
   offset, `string` the spelling given and `value` its value (NULL for a
   flag).  Before the command line is read, an option's default is applied
   the same way: a flag's with its spelling as `string`, a value's with
   `string` NULL.  On CG_OPT_BAD, *why holds the text that follows
   `argument OPT: ` in the error. */
typedef cg_opt_result cg_opt_apply(void *field, const cg_option *opt, const char *string,
                                   const char *value, cg_buf *why);

/* One value of an option with a fixed set of them, and what it stores. */
typedef struct cg_choice {
    const char *name;
    int value;
} cg_choice;

/* cg_option.flags */
enum {
    CG_OPT_NEGATABLE = 1u << 0,  /* names[1] is the `--no-` spelling */
    CG_OPT_NO_USAGE = 1u << 1,   /* not in the usage line (an old spelling) */
    CG_OPT_USAGE_BREAK = 1u << 2 /* starts a new line of the usage */
};

struct cg_option {
    /* The spellings, NULL-terminated, in the order of the help, of the
       usage (the first, or a negatable pair) and of the candidates an
       ambiguous prefix lists. */
    const char *names[3];
    /* The value: its placeholder, or the values allowed (in the order shown,
       ended by a NULL name; the placeholder is then `a|b|c`).  Neither: the
       option is a flag. */
    const char *metavar;
    const cg_choice *choices;
    /* In effect when the option is not given (a flag's spelling, or a value
       for apply), or NULL: the field keeps the zero it starts with (off,
       none, or "not given" for the program to decide). */
    const char *def;
    /* The --help text; each newline starts a line under the first. */
    const char *help;
    unsigned flags;
    cg_opt_apply *apply;
    size_t offset; /* of the field apply sets, in the parse context */
};

/* The usual actions.  Flags: true (false for the second spelling of a
   negatable pair), or false; values: the string, a Python int() as long
   long, a choice's value as int, or yes|no as bool. */
cg_opt_apply cg_opt_true, cg_opt_false, cg_opt_string, cg_opt_int, cg_opt_choice, cg_opt_yes_no;
/* yes and no, the choices of an option whose action is cg_opt_yes_no. */
extern const cg_choice cg_yes_no[];

/* Errors for apply functions: fmt's text in *why; or, as argparse words it,
   `invalid WHAT value: 'VALUE'`.  Both return CG_OPT_BAD. */
cg_opt_result cg_opt_error(cg_buf *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
cg_opt_result cg_opt_bad_value(cg_buf *why, const char *what, const char *value);

/* A positional argument: its name, and its help. */
typedef struct cg_arg {
    const char *name;
    const char *help;
} cg_arg;

typedef struct cg_cmdline {
    const cg_option *opts;
    size_t n_opts;
    const cg_arg *args; /* the positionals; the last may take 1+ values */
    size_t n_args;
    bool last_many;
    void *ctx; /* the fields the options set, zeroed by the caller */
} cg_cmdline;

/* Applies the defaults, then parses argv; returns the positional arguments
   (count in *n; free the array).  NULL when parsing stops: *e has
   argparse's message (status 2, with the usage lines), or status 0 after
   CG_OPT_DONE. */
char **cg_parse_args(const cg_cmdline *cl, int argc, char **argv, size_t *n, cg_error *e);

/* The usage line's items of the options (` [--opt VALUE]`, each after a
   space, or after a line break and `indent` spaces for CG_OPT_USAGE_BREAK). */
void cg_usage_items(cg_buf *b, const cg_option *opts, size_t n, int indent);
/* The --help lines of the options, and of one item (an option's spellings
   or a positional's name) with its help. */
void cg_help_options(cg_buf *b, const cg_option *opts, size_t n);
void cg_help_item(cg_buf *b, const char *item, const char *help);

/* Python repr() of a string, for messages; the result is malloc'd. */
char *cg_repr_str(const char *s);
/* Parsers with the syntax of Python's float()/int() on a whole string. */
bool cg_parse_py_float(const char *s, double *out);
bool cg_parse_py_int(const char *s, long long *out); /* saturates huge values */

#endif
