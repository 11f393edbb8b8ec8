/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-inline.c: our tool's costs by instruction in its default
   files (docs/format.md, "Inlined code in a Cachegrind file"): after the
   `# inline frames:` line, `#iob=`, `#ifl=` and `#ifn=` say whose the
   following `#i ADDRESS LINE COUNTS` lines are, as ob=, fl= and fn= do for
   count lines; with `#icob=`, `#icfl=` and `#icfn=` naming a callee,
   `#ic ADDRESS CALLS COSTS` lines are calls from inlined code; `# ` lines
   are comments.  The section ends where the flat part begins. */
#include "sink.h"
#include "tokens.h"

#include <stdlib.h>
#include <string.h>

struct cg_inline_rd {
    cg_sink *s;
    uint32_t obj, file, fn;    /* CG_NONE until named */
    uint32_t cobj, cfile, cfn; /* the callee of `#ic` lines, likewise */
};

cg_inline_rd *cg_inline_new(cg_sink *s, const char *line, size_t len)
{
    cg_inline_rd *k = xcalloc(1, sizeof *k);
    k->s = s;
    k->obj = k->file = k->fn = k->cobj = k->cfile = k->cfn = CG_NONE;
    s->in->inline_state = CG_INLINE_READ;
    cg_inline_comment(k, line, len);
    return k;
}

void cg_inline_comment(cg_inline_rd *k, const char *line, size_t len)
{
    static const char none[] = "# inline frames: none found";
    if (len >= sizeof none - 1 && memcmp(line, none, sizeof none - 1) == 0)
        k->s->in->inline_state = CG_INLINE_NONE_FOUND;
}

static bool instruction(cg_inline_rd *k, const char *line, size_t len)
{
    cg_sink *s = k->s;
    if (k->obj == CG_NONE || k->file == CG_NONE || k->fn == CG_NONE)
        return cg_sink_fail_at(s, s->lr.lineno,
                               "a `#i` line before its #iob=, #ifl= and #ifn=: ", line, len);
    const char *p = cg_skip_sep(line + 2, line + len), *end = line + len;
    cg_count addr, lineno;
    if (end - p < 3 || p[0] != '0' || p[1] != 'x' || cg_tok_clnum(&p, end, &addr, false) != TOK_OK)
        return cg_sink_fail_at(s, s->lr.lineno, "malformed `#i` line (no address): ", line, len);
    p = cg_skip_sep(p, end);
    if (cg_tok_pyint(&p, end, &lineno, false) != TOK_OK || lineno < 0)
        return cg_sink_fail_at(s, s->lr.lineno, "malformed `#i` line (no line number): ", line,
                               len);
    if (!cg_sink_check_counts(s, cg_tok_pycounts(p, end, s->nev, s->vals))) return false;
    for (size_t e = 0; e < s->nev; e++)
        if (s->vals[e] < 0)
            return cg_sink_fail_at(s, s->lr.lineno, "a negative count in a `#i` line: ", line, len);
    return cg_sink_inline(s, k->obj, (uint64_t)addr, k->file, k->fn, lineno, CG_NONE);
}

static bool call(cg_inline_rd *k, const char *line, size_t len)
{
    cg_sink *s = k->s;
    if (k->obj == CG_NONE || k->file == CG_NONE || k->fn == CG_NONE || k->cobj == CG_NONE ||
        k->cfile == CG_NONE || k->cfn == CG_NONE)
        return cg_sink_fail_at(s, s->lr.lineno,
                               "a `#ic` line before its #iob=, #ifl=, #ifn=, #icob=, #icfl= and "
                               "#icfn=: ",
                               line, len);
    const char *p = cg_skip_sep(line + 3, line + len), *end = line + len;
    cg_count addr, count;
    if (end - p < 3 || p[0] != '0' || p[1] != 'x' || cg_tok_clnum(&p, end, &addr, false) != TOK_OK)
        return cg_sink_fail_at(s, s->lr.lineno, "malformed `#ic` line (no address): ", line, len);
    p = cg_skip_sep(p, end);
    if (cg_tok_pyint(&p, end, &count, false) != TOK_OK || count < 0)
        return cg_sink_fail_at(s, s->lr.lineno, "malformed `#ic` line (no call count): ", line,
                               len);
    if (!cg_sink_check_counts(s, cg_tok_pycounts(p, end, s->nev, s->vals))) return false;
    for (size_t e = 0; e < s->nev; e++)
        if (s->vals[e] < 0)
            return cg_sink_fail_at(s, s->lr.lineno, "a negative count in a `#ic` line: ", line,
                                   len);
    cg_inl_call key = {k->obj, (uint64_t)addr, k->file, k->fn, k->cobj, k->cfile, k->cfn, 0, 0, 0};
    return cg_sink_inline_call(s, &key, count);
}

bool cg_inline_line(cg_inline_rd *k, const char *line, size_t len)
{
    cg_sink *s = k->s;
    /* A bad --mod-* substitution gives CG_NONE with the error set. */
    if (len >= 5 && memcmp(line, "#iob=", 5) == 0) {
        return (k->obj = cg_sink_obj_name(s, line + 5, len - 5)) != CG_NONE;
    } else if (len >= 5 && memcmp(line, "#ifl=", 5) == 0) {
        return (k->file = cg_sink_file_name(s, line + 5, len - 5)) != CG_NONE;
    } else if (len >= 5 && memcmp(line, "#ifn=", 5) == 0) {
        return (k->fn = cg_sink_fn_name(s, line + 5, len - 5)) != CG_NONE;
    } else if (len >= 6 && memcmp(line, "#icob=", 6) == 0) {
        return (k->cobj = cg_sink_obj_name(s, line + 6, len - 6)) != CG_NONE;
    } else if (len >= 6 && memcmp(line, "#icfl=", 6) == 0) {
        return (k->cfile = cg_sink_file_name(s, line + 6, len - 6)) != CG_NONE;
    } else if (len >= 6 && memcmp(line, "#icfn=", 6) == 0) {
        return (k->cfn = cg_sink_fn_name(s, line + 6, len - 6)) != CG_NONE;
    } else if (len >= 4 && memcmp(line, "#ic ", 4) == 0) {
        return call(k, line, len);
    } else if (len >= 3 && line[1] == 'i' && line[2] == ' ') {
        return instruction(k, line, len);
    } else if (len >= 2 && line[1] == ' ') {
        cg_inline_comment(k, line, len);
        return true;
    } else {
        return cg_sink_fail_at(s, s->lr.lineno, "malformed line of inlined code: ", line, len);
    }
}

void cg_inline_free(cg_inline_rd *k)
{
    free(k);
}
