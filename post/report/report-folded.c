/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report-folded.c: cg_annotate --format=folded, the call paths as the
   folded stacks that FlameGraph's stackcollapse scripts write and
   flamegraph.pl, inferno and speedscope read (docs/post-processors.md,
   "Folded stacks"): a line per frame with a self cost, its path's names
   joined by `;` from the outermost call, a space and the count; under
   --diff the old and the new count, as difffolded.pl writes them.  What
   the stacks hold, and the note they need, are the report model's
   (cg_stacks_make). */
#include "report.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>

/* A name as a stack element: `;` separates elements and a line ends the
   stack, so those, `%` itself and other control bytes are written %XX. */
static void put_name(FILE *out, const cg_str *s)
{
    for (size_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->s[i];
        if (c == ';' || c == '%' || c < 0x20 || c == 0x7f)
            fprintf(out, "%%%02X", c);
        else
            putc(c, out);
    }
}

bool cg_report_folded(FILE *out, const cg_report *r, cg_error *e)
{
    const cg_profile *p = r->prof;
    cg_stacks st;
    if (!cg_stacks_make(r, &st, e)) return false;
    if (st.note.len) {
        fputs("cg_annotate: note: ", stderr);
        cg_put_safe(stderr, st.note.p, st.note.len);
        fputc('\n', stderr);
    }
    const cg_flame *fl = st.fl;
    size_t e0 = st.event;
    uint32_t *stack = xmalloc((fl->n + 1) * sizeof *stack);
    for (size_t i = 1; i < fl->n; i++) {
        cg_count now = cg_frame_self(fl, i, 0)[e0];
        cg_count was = r->diff ? cg_frame_self(fl, i, 1)[e0] : 0;
        if (now == 0 && was == 0) continue;
        size_t depth = 0;
        for (uint32_t x = (uint32_t)i; x != 0; x = fl->f[x].parent) stack[depth++] = x;
        while (depth--) {
            uint32_t x = stack[depth];
            put_name(out, cg_frame_name(fl, p, x));
            if (fl->f[x].est & CG_EST_INLINED) fputs(" [inlined]", out);
            if (fl->f[x].est & CG_EST_WIDTH) fputs(" [est]", out);
            if (depth) putc(';', out);
        }
        if (r->diff)
            fprintf(out, " %" PRId64 " %" PRId64 "\n", was, now);
        else
            fprintf(out, " %" PRId64 "\n", now);
    }
    free(stack);
    cg_stacks_free(&st);
    return true;
}
