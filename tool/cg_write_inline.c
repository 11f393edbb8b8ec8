/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_write_inline.c: with --inline-frames, the costs of inlined code by
 * instruction, in `#i` lines of the default profile after its events: line
 * and call graph (docs/format.md, "Inlined code in a Cachegrind file").
 *
 * Each line is one instruction centre of cg_lines.c: the object and the
 * address there at which the post-processors read the instruction's inline
 * chain from DWARF, and the flat line (file, function, line) whose costs
 * it is part of.  Those come as context lines, as fl= and fn= do in the
 * flat part, so that a run of instructions of one function in one file
 * names them once.  Upstream's readers skip `#` lines after events:, so
 * the flat part they read is unchanged. */
#include "cg_compat.h"
#include "cg_out.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"

static void context(CgOut *o, const HChar *key, const HChar *value, const HChar **last)
{
    if (*last == value) return;
    cg_out_str(o, key);
    cg_out_str(o, value);
    cg_out_str(o, "\n");
    *last = value;
}

void cg_write_inlined(CgOut *o, CgWriteStats *ws)
{
    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    UInt n;
    LineCC **v = cg_lines_inlined(&n);
    cg_out_str(o, "# inline frames: " CG_PROJECT "; the `#i` lines up to the first fl= are the "
                  "costs of inlined code by instruction (docs/format.md)\n");
    /* A report should not show "no inlined functions" as a fact about
     * the program when the run could not see them. */
    if (!VG_(clo_read_inline_info))
        cg_out_str(o, "# inline frames: none read (--read-inline-info=no)\n");
    else if (n == 0)
        cg_out_str(o, "# inline frames: none found (no object's debug info has inlined calls "
                      "that ran)\n");
    /* An object's name cannot be "???" (the core names objects by path),
     * so that stands for none, as it does for files and functions. */
    const HChar *obj = NULL, *file = NULL, *fn = NULL;
    for (UInt i = 0; i < n; i++) {
        const LineCC *cc = v[i];
        Bool any = False;
        for (Int e = 0; e < nev; e++) any |= cc->ev[ev[e]] != 0;
        if (!any) continue;
        context(o, "#iob=", cc->obj ? cc->obj : "???", &obj);
        context(o, "#ifl=", cc->file, &file);
        context(o, "#ifn=", cc->fn, &fn);
        HChar addr[32];
        VG_(sprintf)(addr, "#i 0x%lx ", (unsigned long)cc->obj_addr);
        cg_out_str(o, addr);
        cg_out_u64(o, cc->line);
        for (Int e = 0; e < nev; e++) {
            cg_out_str(o, " ");
            cg_out_u64(o, cc->ev[ev[e]]);
        }
        cg_out_str(o, "\n");
        ws->inlined++;
    }
    VG_(free)(v);
}
