/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_write_cachegrind.c: the body of the default profile, in Cachegrind's
 * format (docs/format.md, "What the tool writes"): the events line, the
 * code's costs by instruction with --inline-frames (cg_write_inline.c), the
 * call graph packed in `#` lines unless --call-graph=no (cg_write_packed.c), then
 * each line cost centre under its fl= and fn=, then summary:. */
#include "cg_out.h"
#include "cg_regions.h"
#include "cg_stack.h"
#include "pub_tool_mallocfree.h"

/* ------------------------------------------------------------------ */
/* Which events are written                                            */
/* ------------------------------------------------------------------ */

static const HChar *events_line(void)
{
    if (cg.clo.cache_sim && cg.clo.branch_sim)
        return "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim\n";
    if (cg.clo.cache_sim) return "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw \n";
    if (cg.clo.branch_sim) return "events: Ir Bc Bcm Bi Bim\n";
    return "events: Ir\n";
}

void cg_write_cachegrind_body(CgOut *o, CgFlat *flat, const HChar *desc, CgWriteStats *ws)
{
    cg_out_descs(o, desc);
    cg_out_str(o, events_line());
    cg_write_inlined_then_flat(o, 0, flat, ws);
    LineCC **ccs = flat->lines;
    UInt n = flat->n;
    if (cg_graph_on()) cg_write_graph(o, ccs, n, ws);

    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    CgFnSet keep = {NULL, 0};
    if (cg_regions_on()) cg_fnset_counted(&keep, ccs, n, ev, nev);
    const HChar *file = NULL, *fn = NULL;
    ULong total[N_EVENTS] = {0};
    for (UInt i = 0; i < n; i++) {
        LineCC *cc = ccs[i];
        if (keep.fn && !cg_fnset_has(&keep, cc->fn)) continue;
        Bool new_fn = cg_flat_new_fn(cc, file, fn);
        if (cc->file != file) {
            cg_out_str(o, "fl=");
            cg_out_str(o, cc->file);
            cg_out_str(o, "\n");
            file = cc->file;
            ws->files++;
        }
        if (new_fn) {
            cg_out_str(o, "fn=");
            cg_out_str(o, cc->fn);
            cg_out_str(o, "\n");
            fn = cc->fn;
            ws->fns++;
        }
        cg_out_u64(o, cc->line);
        for (Int e = 0; e < nev; e++) {
            cg_out_str(o, " ");
            cg_out_u64(o, cc->ev[ev[e]]);
            total[ev[e]] += cc->ev[ev[e]];
        }
        cg_out_str(o, "\n");
        ws->lines++;
    }
    cg_out_str(o, "summary:");
    for (Int e = 0; e < nev; e++) {
        cg_out_str(o, " ");
        cg_out_u64(o, total[ev[e]]);
    }
    cg_out_str(o, "\n");
    if (keep.fn) VG_(free)(keep.fn);
}
