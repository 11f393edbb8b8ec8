/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-funcs.c: a unit's functions (its subprogram, entry-point and
   inlined-subroutine DIEs), each tied to the function it is inlined in,
   and which of them binutils says holds an address
   (lookup_address_in_function_table).  That is not simply the innermost
   DIE, hence the arrays kept here: the function is the one with the
   shortest single range holding the address, ranges that touch joined
   first as binutils adds them, the later in DIE order on a tie.  A
   function whose DW_AT_ranges is an index (DW_FORM_rnglistx, clang's
   DWARF 5) has no code for binutils 2.40, so none here either.

   A unit is read whole the first time an address may be in it, and its
   ranges sorted once, so that each address is answered by halving without
   asking libdw anything. */
#include "dwarf-internal.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* binutils' arange_add on one function's ranges (d->rng, pairs): a range
   that touches one already there extends it, the first range stays first.
   The lengths matter: the shortest range holding an address wins. */
static void add_range(cg_dwarf *d, size_t *n, uint64_t lo, uint64_t hi)
{
    if (lo == hi) return;
    for (size_t i = 0; i < *n; i++) {
        if (lo == d->rng[2 * i + 1]) {
            d->rng[2 * i + 1] = hi;
            return;
        }
        if (hi == d->rng[2 * i]) {
            d->rng[2 * i] = lo;
            return;
        }
    }
    xgrow((void **)&d->rng, &d->caprng, 2 * (*n + 1), sizeof *d->rng);
    d->rng[2 * *n] = lo;
    d->rng[2 * *n + 1] = hi;
    (*n)++;
}

/* A function DIE of the unit being read, kept with what the chain shows
   of it later (its name as DWARF gives it, its call site) so that libdw
   is not asked again, and its ranges as binutils joins them. */
static void add_fn(cg_dwarf *d, Dwarf_Die *die, int tag, uint32_t enclosing)
{
    dw_cu *c = d->cur;
    xgrow((void **)&c->fns, &c->capfns, c->nfns + 1, sizeof *c->fns);
    uint32_t id = (uint32_t)c->nfns++;
    dw_fn *f = &c->fns[id];
    memset(f, 0, sizeof *f);
    f->caller = tag == DW_TAG_inlined_subroutine ? enclosing : DW_NONE;
    f->name = DW_NONE;
    f->call_file = DW_NONE;

    dw_die_name(die, c->lang_style, &f->raw, &f->is_linkage);

    Dwarf_Attribute a;
    Dwarf_Word v;
    if (dwarf_attr(die, DW_AT_call_file, &a) && dwarf_formudata(&a, &v) == 0) {
        f->call_file = dw_line_file(d, c->line_version, v);
    }
    if (dwarf_attr(die, DW_AT_call_line, &a) && dwarf_formudata(&a, &v) == 0)
        f->call_line = (uint32_t)v;

    /* binutils 2.40 does not read a function's DW_AT_ranges given as an
       index (DW_FORM_rnglistx, clang's DWARF 5): it sees no code there. */
    if (dwarf_attr(die, DW_AT_ranges, &a) && dwarf_whatform(&a) == DW_FORM_rnglistx) return;
    size_t n = 0;
    Dwarf_Addr base, lo, hi;
    ptrdiff_t off = 0;
    while ((off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0) add_range(d, &n, lo, hi);
    if (n == 0) return;
    f = &c->fns[id];
    f->low = d->rng[0];
    for (size_t i = 0; i < n; i++) {
        xgrow((void **)&c->fr, &c->capfr, c->nfr + 1, sizeof *c->fr);
        c->fr[c->nfr++] = (dw_range){d->rng[2 * i], d->rng[2 * i + 1], 0, id};
    }
}

/* Every function DIE of a subtree, each inlined one tied to the nearest
   function DIE it lies in (lexical blocks are looked through). */
static void scan_die(cg_dwarf *d, Dwarf_Die *die, uint32_t enclosing, unsigned depth)
{
    int tag = dwarf_tag(die);
    uint32_t inner = enclosing;
    if (tag == DW_TAG_subprogram || tag == DW_TAG_entry_point || tag == DW_TAG_inlined_subroutine) {
        add_fn(d, die, tag, enclosing);
        inner = (uint32_t)(d->cur->nfns - 1);
    }
    Dwarf_Die child;
    if (depth < 1000 && dwarf_child(die, &child) == 0) {
        do scan_die(d, &child, inner, depth + 1);
        while (dwarf_siblingof(&child, &child) == 0);
    }
}

static int range_order(const void *a, const void *b)
{
    const dw_range *x = a, *y = b;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    return x->fn < y->fn ? -1 : x->fn > y->fn;
}

/* Reads a unit's functions and lines the first time it is asked. */
void dw_scan_cu(cg_dwarf *d, dw_cu *c)
{
    if (c->scanned) return;
    c->scanned = true;
    dw_read_lines(d, c);
    Dwarf_Die cudie;
    if (!dw_enter_cu(d, c, &cudie)) return;
    c->lang_style = dw_lang_style(dwarf_srclang(&cudie));
    scan_die(d, &cudie, DW_NONE, 0);
    dw_leave_cu(d);
    if (c->nfr) {
        qsort(c->fr, c->nfr, sizeof *c->fr, range_order);
        uint64_t mark = 0;
        for (size_t i = 0; i < c->nfr; i++) {
            if (c->fr[i].hi > mark) mark = c->fr[i].hi;
            c->fr[i].mark = mark;
        }
    }
}

/* binutils' lookup_address_in_function_table: of the ranges holding addr,
   the shortest; on a tie the function later in DIE order. */
uint32_t dw_find_fn(const dw_cu *c, uint64_t addr)
{
    size_t lo = 0, hi = c->nfr;
    while (lo < hi) { /* the first range whose mark passes addr */
        size_t mid = lo + (hi - lo) / 2;
        if (c->fr[mid].mark <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint32_t best = DW_NONE;
    uint64_t best_len = UINT64_MAX;
    for (size_t i = lo; i < c->nfr && c->fr[i].lo <= addr; i++) {
        const dw_range *r = &c->fr[i];
        if (addr >= r->hi) continue;
        uint64_t len = r->hi - r->lo;
        if (len < best_len || (len == best_len && r->fn > best)) {
            best = r->fn;
            best_len = len;
        }
    }
    return best;
}
