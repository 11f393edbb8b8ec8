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

/* The usage line, as the option errors show it (after cg_start). */
void cg_print_usage(FILE *out);
/* A usage error found after parsing: the usage lines and `PROG: error: MSG`
   on stderr, exit status 2. */
_Noreturn void cg_usage_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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

/* The first call in main: sets up error reporting, parses argv (handling
   --help and --version itself) and returns the positional arguments (count
   in *n).  `*prog`, unless NULL, gets argv[0]'s basename, as usage lines
   show it. */
char **cg_start(const cg_program *p, int argc, char **argv, const char **prog, size_t *n);

#endif
