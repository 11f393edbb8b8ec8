/* SPDX-License-Identifier: GPL-2.0-or-later */
/* program.h: the one start-up of cg_annotate, cg_merge and cg_diff: the
   program's name in messages, -h/--help and --version (the project's
   version, from configure), the usage line and the help made from the
   program's option table (cmdline.h), and argparse-style option errors. */
#ifndef CG_PROGRAM_H
#define CG_PROGRAM_H

#include "cmdline.h"

#include <stddef.h>

typedef struct cg_program {
    const char *name;  /* in `NAME: error:` messages, whatever argv[0] is */
    const char *about; /* --help: what the program does */
    /* The program's options, after -h and --version: their order is that
       of the usage, the help and the candidates of an ambiguous prefix. */
    const cg_option *opts;
    size_t n_opts;
    const cg_arg *args; /* the positionals; the last may take 1+ values */
    size_t n_args;
    bool last_many;
    /* The positionals at the end of the usage, on a line of their own or
       after the last option. */
    const char *args_usage;
    bool args_usage_break;
} cg_program;

/* --mod-filename and --mod-funcname, which cg_annotate and cg_diff share:
   two table entries setting the cg_subst * fields FILE and FN of TYPE
   (laid out by hand: clang-format would set the second one apart). */
/* clang-format off */
#define CG_MOD_OPTIONS(type, file, fn)                                         \
    {.names = {"--mod-filename"},                                              \
     .metavar = "REGEX",                                                       \
     .help = "rewrite file names with a Perl-style s/old/new/ (flags\n"        \
             "g and i), e.g. `s/prog[0-9]/progN/`",                            \
     .apply = cg_opt_subst,                                                    \
     .offset = offsetof(type, file)},                                          \
    {.names = {"--mod-funcname"},                                              \
     .metavar = "REGEX",                                                       \
     .help = "the same for function names",                                    \
     .apply = cg_opt_subst,                                                    \
     .offset = offsetof(type, fn)}
/* clang-format on */
/* Their action: a cg_subst * (the last one given counts). */
cg_opt_apply cg_opt_subst;

/* cg_merge and cg_diff of Cachegrind-format inputs: whether their output
   keeps the call graph, which it does when every input has one; when only
   some have, a note on stderr says that the output has none. */
struct cg_profile;
bool cg_graph_kept(const struct cg_profile *p, const char *prog);
/* Whether the output keeps the inputs' costs by instruction (`#i`
   lines): when every input has it and `lines` (cg_diff's output has no
   lines, and a Callgrind-format output does not carry them).  Otherwise, when some input has it, a note
   on stderr says it was dropped, naming the first input without it. */
bool cg_inline_kept(const struct cg_profile *p, const char *prog, bool lines);

/* Prints *e as this program's error and exits with its status: the usage
   lines first if e->usage, then `NAME: error: MSG` (argv[0]'s basename as
   NAME if e->argparse, else the program's name).  Status 0 just exits. */
_Noreturn void cg_fail(const cg_error *e);

/* Designated initialisers of a cg_program's option and positional tables. */
#define CG_OPTIONS(table) .opts = (table), .n_opts = sizeof(table) / sizeof *(table)
#define CG_POSITIONALS(table, many)                                                                \
    .args = (table), .n_args = sizeof(table) / sizeof *(table), .last_many = (many)

/* Parses argv for program p into the fields of ctx (handling --help and
   --version itself, which print to stdout); returns the positional
   arguments (count in *n; free the array), or NULL with *e set. */
char **cg_program_parse(const cg_program *p, int argc, char **argv, void *ctx, size_t *n,
                        cg_error *e);
/* The first call in main: sets up error reporting (cg_init) and returns
   cg_program_parse's positionals, or ends the program with cg_fail. */
char **cg_start(const cg_program *p, int argc, char **argv, void *ctx, size_t *n);

#endif
