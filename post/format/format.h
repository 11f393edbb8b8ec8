/* SPDX-License-Identifier: GPL-2.0-or-later */
/* format.h: the two file formats as the rest of the library sees them
   (docs/format.md): reading a profile of either into the in-memory profile
   (profile.h), and writing one out as cg_merge and cg_diff do.  How each
   line is read is internal to this folder (sink.h, tokens.h). */
#ifndef CG_FORMAT_H
#define CG_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile.h"
#include "util.h"

/* Reading (reader.c: either format, recognised by its content). */
typedef struct cg_read_opts {
    int sign; /* +1 add, -1 subtract this file */
    /* cg_annotate: called after the events: line of each file, before the
       events are compared with the first file's; false (with *err set)
       fails the read. */
    bool (*on_events)(void *ctx, const cg_text *events, size_t n, cg_error *err);
    void *ctx;
    bool stop_on_mismatch; /* else mark the input and finish reading it */
    /* --part: count only the parts with this number (part_number > 0) or
       this `desc: Trigger:` (part_name); others are read and checked. */
    int64_t part_number;
    const char *part_name;
    bool quiet; /* no notes on standard error (a second read of the same files) */
} cg_read_opts;
/* Reads the profile at `path` (which must outlive p) into p.  A Callgrind
   run's empty file under its plain name stands for its thread files
   (PATH-01, PATH-02, ...), which are read as parts of one input; any other
   empty file is an error saying so (docs/post-processors.md, "Empty
   inputs").  On failure returns NULL with *err set (status 1): the profile
   can then only be freed. */
cg_input *cg_read_file(cg_profile *p, const char *path, const cg_read_opts *o, cg_error *err);
/* The same for the len bytes at s, called `name` in messages. */
cg_input *cg_read_mem(cg_profile *p, const char *name, const char *s, size_t len,
                      const cg_read_opts *o, cg_error *err);
/* Whether files[i], one of the n_files inputs whose counts are summed
   (cg_annotate without --diff, cg_merge), is left out: a Callgrind run's
   empty plain file named together with some of its thread files, which
   are then read once, as named.  Said in a one-line note unless quiet. */
bool cg_read_skips(char *const *files, size_t n_files, size_t i, bool quiet);
/* The message of input `in` whose events differ from the first input's:
   upstream's words, then both files and both event lists (sink.c, which
   compares them; cg_merge and cg_diff give it for an input the read only
   marked). */
void cg_events_mismatch(cg_buf *b, const cg_profile *p, const cg_input *in);

/* Writing (writer.c). */
void cg_write_header(FILE *out, const cg_text *desc, size_t n_desc, const cg_text *cmd,
                     const cg_text *events, size_t n_events);
/* ` NAME` for each event: the events: line after its keyword. */
void cg_write_events(FILE *out, const cg_text *events, size_t n_events);
void cg_write_counts(FILE *out, const cg_count *cc, size_t n);
/* cg_merge: every (file, function, line) in first-appearance order. */
void cg_write_lines(FILE *out, const cg_profile *p);
/* cg_diff: every (file, function) in ascending order, on line 0. */
void cg_write_pairs(FILE *out, const cg_profile *p);
/* The Callgrind format (write-callgrind.c): the whole profile as one part,
   with its calls; the `creator:`, `desc:` lines and `cmd:` as given.
   sum_paths (cg_merge): when every input has call paths, the merged paths
   too (a difference has none: its paths would not subtract). */
void cg_write_callgrind(FILE *out, const cg_profile *p, const char *creator, const cg_text *desc,
                        size_t n_desc, const cg_text *cmd, bool sum_paths);
/* The call graph of a Cachegrind-format file (docs/format.md, "The call
   graph in a Cachegrind file"), written after the header: the calls of
   every entry and where its function is, in `#` lines; sum_paths as
   above. */
void cg_write_graph_lines(FILE *out, const cg_profile *p, bool sum_paths);
void cg_write_summary(FILE *out, const cg_count *cc, size_t n);
/* Our tool's costs by instruction (`#i` lines: docs/format.md,
   "Inlined code in a Cachegrind file"), summed over the inputs: after the
   call graph, before the flat lines. */
void cg_write_inline(FILE *out, const cg_profile *p);
/* Flush and check for write errors (dies on failure). */
void cg_write_finish(FILE *out, const char *what);

#endif
