/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sink.h: what the readers of both formats share.  A reader (one per
   format: read-cachegrind.c, read-callgrind.c) parses lines and says what
   they mean through the sink: where the costs go now (file, function,
   object), a cost at a line, a call with its inclusive cost, a part that
   begins or ends.  The sink applies the program's reading rules
   (profile.h, cg_rules) to put them into the profile, so that a rule is
   written once for both formats.  Internal to the readers. */
#ifndef CG_SINK_H
#define CG_SINK_H

#include "format.h"
#include "lineread.h"
#include "profile.h"
#include "util.h"

typedef struct cg_sink {
    cg_profile *p;
    cg_input *in;
    const cg_read_opts *o;
    cg_lineread lr; /* the file's lines, for the line numbers of messages */
    cg_error *err;
    size_t nev;      /* this file's number of events (0: no events: yet) */
    bool accumulate; /* false: events differ, or a part not picked: only checked */
    bool mismatch;   /* the events differ from the profile's */
    cg_count *vals;  /* a line's counts, for the reader to fill */
    /* The profile's index of each of the file's events, when a file of the
       other format names the same events in another order (NULL: same
       order); pvals holds a line's counts in the profile's order. */
    size_t *perm;
    cg_count *pvals;
    cg_count *total;      /* the self costs of the input so far (all parts) */
    cg_count *inl_total;  /* its `#i` lines' costs so far (NULL: none yet) */
    cg_count *part_total; /* those of the current part */
    uint32_t part;        /* index in the profile's parts, CG_NONE before the first */
    /* Where costs go: the current entry's key, and the entry once made. */
    cg_pair_key at;
    uint32_t pair;
} cg_sink;

/* `PATH:LINE: MSG` followed by `extra` quoted safely (messages never hold
   raw control bytes); returns false for the reader to pass up. */
bool cg_sink_fail_at(cg_sink *s, uint64_t line, const char *msg, const char *extra,
                     size_t extra_len);
static inline bool cg_sink_fail(cg_sink *s, const char *msg)
{
    return cg_sink_fail_at(s, s->lr.lineno, msg, NULL, 0);
}
/* The failure of a count line's tokens (TOK_BAD, TOK_BIG), or true. */
bool cg_sink_check_counts(cg_sink *s, int status);

/* The file's events (an `events:` line): checks them with the caller's
   callback and against the profile's, and sets up the count arrays. */
bool cg_sink_events(cg_sink *s, cg_text *events, size_t n);

/* Puts a vector of this file's events into the profile's order. */
void cg_sink_reorder(const cg_sink *s, cg_count *v);

/* A part begins (Callgrind: each dump; a Cachegrind file is one part). */
void cg_sink_part(cg_sink *s, int64_t number, int64_t thread, const cg_text *trigger);

/* Names, interned (through --mod-filename/--mod-funcname where given);
   CG_NONE with the error set on a bad substitution. */
uint32_t cg_sink_file_name(cg_sink *s, const char *name, size_t len);
uint32_t cg_sink_fn_name(cg_sink *s, const char *name, size_t len);
uint32_t cg_sink_obj_name(cg_sink *s, const char *name, size_t len);

/* Moves the position: the entry is made on the next cost (or at once by
   cg_sink_enter, for the rule that names make entries).  No object (CG_NONE: a Cachegrind file, a
   Callgrind part before its ob=) is the object without a name and no home is the file itself: that
   is all the Callgrind format can write of them, so it is what they are,
   or a profile written and read back would join entries it kept apart. */
static inline void cg_sink_at(cg_sink *s, uint32_t file, uint32_t fn, uint32_t obj, uint32_t home)
{
    if (obj == CG_NONE) obj = s->p->obj_empty;
    if (home == CG_NONE) home = file;
    s->at = (cg_pair_key){file, fn, false, obj, home};
    s->pair = CG_NONE;
}
/* Counts before any file name (cg_annotate's orphans). */
static inline void cg_sink_at_orphan(cg_sink *s, uint32_t fn)
{
    s->at = cg_key(s->p->file_empty, fn, true);
    s->pair = CG_NONE;
}
/* No entry: counts go to the totals only (before any fl=/fn=). */
static inline void cg_sink_nowhere(cg_sink *s)
{
    s->at.file = CG_NONE;
    s->pair = CG_NONE;
}
static inline void cg_sink_enter(cg_sink *s)
{
    if (s->accumulate && s->pair == CG_NONE && s->at.file != CG_NONE)
        s->pair = cg_pair_get(s->p, &s->at);
}

/* Self costs s->vals at `line` of the current file. */
bool cg_sink_cost(cg_sink *s, int64_t line);
/* `count` calls at `site` to (obj, file, fn), landing at `target`, with
   the inclusive costs s->vals. */
bool cg_sink_call(cg_sink *s, int64_t site, uint32_t obj, uint32_t file, uint32_t fn,
                  int64_t target, cg_count count);
/* A call path (our tool's `# cp=` line): `calls` activations of the
   function (file, fn) under path `parent` (an index in the profile's
   paths, or CG_NONE for a root), with the inclusive costs s->vals, which
   the reader has checked are no larger than what the parent has left.
   The path is merged with the one of the same parent, file and function
   that an earlier input (or this one) read, on the side the file is read
   on.  Returns the path's index (CG_NONE when the part is not counted), or
   fails (*ok false) on counts too large. */
uint32_t cg_sink_path(cg_sink *s, uint32_t parent, uint32_t file, uint32_t fn, cg_count calls,
                      bool *ok);
/* The costs s->vals of one instruction (our tool's `#i` lines): object
   `obj`, address `addr` there, part of the self costs of `line` of (file,
   fn), which the flat lines say too, so they go to no total.  Or, from a
   Callgrind file's `cfni=NAME` (CodSpeed's), costs of code inlined from
   function `inner` (obj CG_NONE, addr 0; CG_NONE otherwise). */
bool cg_sink_inline(cg_sink *s, uint32_t obj, uint64_t addr, uint32_t file, uint32_t fn,
                    int64_t line, uint32_t inner);
/* The calls s->vals (their inclusive costs) from an instruction of
   inlined code (our tool's `#ic` lines), as `key` names them (its count
   and cc ignored), `count` of them; part of a call the graph has. */
bool cg_sink_inline_call(cg_sink *s, const cg_inl_call *key, cg_count count);
/* At the end of the input: its `#i` lines' costs are a part of its self
   costs, so no event of theirs may add up to more (which also keeps every
   sum of them within 64 bits). */
bool cg_sink_inline_check(cg_sink *s, uint64_t line);
/* Adds s->vals to the profile's summary (checked by the reader). */
bool cg_sink_summary(cg_sink *s, uint64_t line);

/* The call graph of our tool's Cachegrind-format files (docs/format.md,
   "The call graph in a Cachegrind file"): after its `# call graph:` line,
   `# ` and then a line of the Callgrind format's body without self costs
   (ob=, fl=, fn=, fi=, fe=, cob=, cfi=, cfn=, calls= and its cost line) or
   of the call paths, which the Callgrind reader reads (read-callgrind.c),
   into the part the Cachegrind reader began.  Its fn= lines say where each
   function is: the object and the file of its entry of the self costs of
   (file, fn) that follow (CG_NONE both when it names none). */
typedef struct cg_graph_lines cg_graph_lines;
cg_graph_lines *cg_graph_lines_new(cg_sink *s);
bool cg_graph_lines_read(cg_graph_lines *g, const char *line, size_t len);
/* The section is over: no calls= line may wait for its cost line. */
bool cg_graph_lines_end(cg_graph_lines *g);
void cg_graph_lines_place(const cg_graph_lines *g, uint32_t file, uint32_t fn, uint32_t *obj,
                          uint32_t *home);
void cg_graph_lines_free(cg_graph_lines *g);

/* The packed call graph of our tool's default files (read-packed.c;
   docs/format.md, "The call graph in a Cachegrind file"), after its
   `# call graph, packed:` line: each `#` line of the section
   (cg_packed_line); the section is over (cg_packed_end: its tables are
   decoded); each fn= line of the flat part, numbered from 1, with its name
   as written: where its self costs go (the object and entry file of its
   function, CG_NONE both when none); after the last flat line, the calls
   and call paths (cg_packed_replay, through cg_graph_lines). */
typedef struct cg_packed cg_packed;
cg_packed *cg_packed_new(cg_sink *s);
bool cg_packed_line(cg_packed *k, const char *line, size_t len);
bool cg_packed_end(cg_packed *k);
void cg_packed_fn_line(cg_packed *k, uint64_t ordinal, const char *name, size_t len, uint32_t *obj,
                       uint32_t *home);
bool cg_packed_replay(cg_packed *k);
void cg_packed_free(cg_packed *k);

/* Our tool's costs by instruction in its default files
   (read-inline.c; docs/format.md, "Inlined code in a Cachegrind file"):
   begun at its `# inline frames:` line, then each `#` line of the section
   (false on a malformed one, with the error set); cg_inline_comment reads
   what a `# ` line of it says of the run. */
typedef struct cg_inline_rd cg_inline_rd;
cg_inline_rd *cg_inline_new(cg_sink *s, const char *line, size_t len);
bool cg_inline_line(cg_inline_rd *k, const char *line, size_t len);
void cg_inline_comment(cg_inline_rd *k, const char *line, size_t len);
void cg_inline_free(cg_inline_rd *k);

/* The reader of each format: the whole file from s->lr (its first lines
   only looked at, not consumed, to tell the format), true when it was
   valid. */
bool cg_read_cachegrind(cg_sink *s);
bool cg_read_callgrind(cg_sink *s);

#endif
