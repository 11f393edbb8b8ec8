/* SPDX-License-Identifier: GPL-2.0-or-later */
/* program.h: the one start-up of cg_annotate, cg_merge and cg_diff: the
   program's name in messages, -h/--help and --version (the project's
   version, from configure), and argparse-style option errors. */
#ifndef CG_PROGRAM_H
#define CG_PROGRAM_H

#include "cmdline.h"

typedef struct cg_program {
    const char *name; /* in `NAME: error:` messages, whatever argv[0] is */
    /* The usage line after `usage: PROG [-h] [--version] `, continuation
       lines included. */
    const char *usage;
    /* --help: what the program does, its Arguments: lines, and the Options:
       lines after those of -h and --version. */
    const char *about, *arguments, *options;
    /* The program's own options (ids >= 0), in the order argparse would list
       them in ambiguity messages, and their handler (see cg_cmdline). */
    const cg_opt *opts;
    size_t n_opts;
    const char *(*handle)(void *ctx, int id, const char *string, const char *value);
    const char *const *pos_names; /* positional names; the last may take 1+ values */
    size_t n_pos;
    bool last_many;
} cg_program;

/* The --help lines of --mod-filename and --mod-funcname, which cg_annotate
   and cg_diff share. */
#define CG_MOD_OPTIONS_HELP                                                                        \
    "  --mod-filename REGEX  rewrite file names with a Perl-style s/old/new/ (flags\n"             \
    "                        g and i), e.g. `s/prog[0-9]/progN/`\n"                                \
    "  --mod-funcname REGEX  the same for function names\n"

/* Prints *e as this program's error and exits with its status: the usage
   lines first if e->usage, then `NAME: error: MSG` (argv[0]'s basename as
   NAME if e->argparse, else the program's name).  Status 0 just exits. */
_Noreturn void cg_fail(const cg_error *e);

/* An option handler's error quoting VALUE: BEFORE 'VALUE' AFTER.  The text
   lives until the next call of either function. */
const char *cg_value_error(const char *value, const char *before, const char *after);
/* An option handler's error for a value it cannot take, as argparse words
   it: `invalid WHAT value: 'VALUE'`. */
const char *cg_bad_value(const char *what, const char *value);

/* Designated initialisers of a cg_program's option and positional tables. */
#define CG_OPTIONS(table) .opts = (table), .n_opts = sizeof(table) / sizeof *(table)
#define CG_POSITIONALS(names, many)                                                                \
    .pos_names = (names), .n_pos = sizeof(names) / sizeof *(names), .last_many = (many)

/* Parses argv for program p (handling --help and --version itself, which
   print to stdout), with `ctx` passed to p->handle; returns the positional
   arguments (count in *n; free the array), or NULL with *e set. */
char **cg_program_parse(const cg_program *p, int argc, char **argv, void *ctx, size_t *n,
                        cg_error *e);
/* The first call in main: sets up error reporting (cg_init) and returns
   cg_program_parse's positionals, or ends the program with cg_fail. */
char **cg_start(const cg_program *p, int argc, char **argv, void *ctx, size_t *n);

#endif
