/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inline-resolve.c: the objects' DWARF behind cg_annotate's inlined frames
   (inline-resolve.h). */
#include "inline-resolve.h"

#include "dwarf-inline.h"
#include "program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct resolver {
    cg_dwarf **objs; /* by object id; NULL: not opened (yet, or at all) */
    bool *tried;
    size_t n;
    cg_inline_frame *frames;
    size_t cap;
    bool quiet;
} resolver;

static cg_dwarf *object(resolver *r, uint32_t id, const cg_str *name)
{
    if (id >= r->n) {
        size_t n = id + 16;
        r->objs = xrealloc(r->objs, n * sizeof *r->objs);
        r->tried = xrealloc(r->tried, n * sizeof *r->tried);
        memset(r->objs + r->n, 0, (n - r->n) * sizeof *r->objs);
        memset(r->tried + r->n, 0, (n - r->n) * sizeof *r->tried);
        r->n = n;
    }
    if (r->tried[id]) return r->objs[id];
    r->tried[id] = true;
    cg_error e = {0};
    /* "???": the tool knew no object for the code. */
    if (name->len == 3 && memcmp(name->s, "???", 3) == 0) return NULL;
    r->objs[id] = cg_dwarf_open(name->s, CG_DWARF_STEADY, &e);
    if (!r->objs[id] && !r->quiet) {
        fputs("cg_annotate: note: ", stderr);
        cg_put_safe(stderr, e.msg.p, e.msg.len);
        fputs(": its inlined code stays with the functions it was inlined into\n", stderr);
    }
    cg_error_free(&e);
    return r->objs[id];
}

static size_t chain(void *ctx, uint32_t obj, const cg_str *name, uint64_t addr, cg_chain_level *out,
                    size_t max)
{
    resolver *r = ctx;
    cg_dwarf *d = object(r, obj, name);
    if (!d) return 0;
    size_t n = cg_dwarf_chain(d, addr, r->frames, r->cap);
    if (n > r->cap) {
        r->cap = n;
        r->frames = xrealloc(r->frames, r->cap * sizeof *r->frames);
        n = cg_dwarf_chain(d, addr, r->frames, r->cap);
    }
    for (size_t k = 0; k < n && k < max; k++)
        out[k] = (cg_chain_level){r->frames[k].function, r->frames[k].file};
    return n;
}

void cg_inline_frames(cg_profile *p, cg_inline_stats *st, bool quiet)
{
    resolver r = {.quiet = quiet};
    r.cap = 32;
    r.frames = xmalloc(r.cap * sizeof *r.frames);
    cg_error e = {0};
    bool ok = cg_inline_apply(p, chain, &r, st, &e);
    for (size_t i = 0; i < r.n; i++)
        if (r.objs[i]) cg_dwarf_close(r.objs[i]);
    free(r.objs);
    free(r.tried);
    free(r.frames);
    if (!ok) cg_fail(&e);
}
