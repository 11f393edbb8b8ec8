/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_out.c: the buffered writer of the profile files and what the two
 * formats share (cg_out.h). */
#include "cg_out.h"
#include "cg_caches.h"
#include "cg_clients.h"
#include "cg_repeat.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_xarray.h"

/* ------------------------------------------------------------------ */
/* A buffered file writer that notices failed writes                   */
/* ------------------------------------------------------------------ */

void cg_out_flush(CgOut *o)
{
    UInt done = 0;
    while (done < o->used && !o->failed) {
        Int n = VG_(write)(o->fd, o->buf + done, o->used - done);
        if (n <= 0)
            o->failed = True;
        else
            done += n;
    }
    o->used = 0;
}

void cg_out_str(CgOut *o, const HChar *s)
{
    for (; *s; s++) {
        if (o->used == sizeof o->buf) cg_out_flush(o);
        o->buf[o->used++] = *s;
    }
}

void cg_out_bytes(CgOut *o, const HChar *b, SizeT n)
{
    for (SizeT i = 0; i < n; i++) {
        if (o->used == sizeof o->buf) cg_out_flush(o);
        o->buf[o->used++] = b[i];
    }
}

void cg_out_u64(CgOut *o, ULong v)
{
    HChar tmp[24];
    Int i = sizeof tmp;
    tmp[--i] = 0;
    do {
        tmp[--i] = '0' + v % 10;
        v /= 10;
    } while (v);
    cg_out_str(o, tmp + i);
}

const HChar *const cg_event_names[N_EVENTS] = {
    "Ir",   "I1mr", "ILmr", "Dr", "D1mr", "DLmr",     "Dw",      "D1mw",
    "DLmw", "Bc",   "Bcm",  "Bi", "Bim",  "sysCount", "sysTime", "sysCpuTime",
};

/* ------------------------------------------------------------------ */
/* What both formats share                                             */
/* ------------------------------------------------------------------ */

static Int cmp_ptr(const void *a, const void *b)
{
    Addr x = (Addr) * (const HChar *const *)a, y = (Addr) * (const HChar *const *)b;
    return x < y ? -1 : x > y;
}

void cg_fnset_counted(CgFnSet *s, LineCC **ccs, UInt n, const Int *ev, Int nev)
{
    s->fn = VG_(malloc)("cg.out.fns", (n ? n : 1) * sizeof *s->fn);
    s->n = 0;
    for (UInt i = 0; i < n; i++) {
        Bool any = False;
        for (Int e = 0; e < nev && !any; e++) any = ccs[i]->ev[ev[e]] != 0;
        if (any && (s->n == 0 || s->fn[s->n - 1] != ccs[i]->fn)) s->fn[s->n++] = ccs[i]->fn;
    }
    VG_(ssort)(s->fn, s->n, sizeof *s->fn, cmp_ptr);
}

Bool cg_fnset_has(const CgFnSet *s, const HChar *fn)
{
    UInt lo = 0, hi = s->n;
    while (lo < hi) {
        UInt mid = lo + (hi - lo) / 2;
        if ((Addr)s->fn[mid] < (Addr)fn)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->n && s->fn[lo] == fn;
}

void cg_out_descs(CgOut *o, const HChar *desc)
{
    static const HChar *names[] = {"I1", "D1", "LL"};
    if (cg.clo.cache_sim) {
        for (Int i = 0; i < 3; i++) {
            HChar desc[128];
            cg_cache_desc(i, desc, sizeof desc);
            cg_out_str(o, "desc: ");
            cg_out_str(o, names[i]);
            cg_out_str(o, " cache:         ");
            cg_out_str(o, desc);
            cg_out_str(o, "\n");
        }
    }
    if (cg.clo.fingerprint) {
        HChar fp[256];
        cg_repeat_fingerprint(fp, sizeof fp);
        cg_out_str(o, fp);
        cg_out_str(o, "\n");
    }
    if (desc) {
        cg_out_str(o, desc);
        cg_out_str(o, "\n");
    }
    for (UInt i = 0; i < cg.n_meta; i++) {
        cg_out_str(o, "desc: ");
        cg_out_str(o, cg.meta[i]);
        cg_out_str(o, "\n");
    }
    HChar ignored[CG_CLIENTS_DESC_MAX];
    if (cg_clients_desc(ignored, sizeof ignored)) {
        cg_out_str(o, ignored);
        cg_out_str(o, "\n");
    }

    cg_out_str(o, "cmd: ");
    cg_out_str(o, VG_(args_the_exename));
    for (Word i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
        cg_out_str(o, " ");
        cg_out_str(o, *(HChar **)VG_(indexXA)(VG_(args_for_client), i));
    }
    cg_out_str(o, "\n");
}
