/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_lines.c: the line cost centres, one per (file, function, line), and the
 * interned strings that name them; also the debug-info lookup behind both.
 * Its tables are the cg.str_* and cg.cc_* fields. */
#include "cg_lines.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"

/* ------------------------------------------------------------------ */
/* Interned strings                                                    */
/* ------------------------------------------------------------------ */

/* Names must be copied at once: the core reuses its function-name buffer on
 * the next call and frees file names when a library's debug info is
 * unloaded.  Interning also lets the output compare names by pointer. */
typedef struct Str {
    struct Str *next;
    UInt hash;
    HChar s[0];
} Str;

static UInt hash_bytes(const HChar *s, UInt h)
{
    for (; *s; s++) h = (h ^ (UChar)*s) * 16777619u;
    return h;
}

static void str_grow(void)
{
    UInt nb = cg.str_buckets ? cg.str_buckets * 2 : 1024;
    Str **t = VG_(calloc)("cg.lines.strtab", nb, sizeof *t);
    for (UInt i = 0; i < cg.str_buckets; i++) {
        for (Str *e = cg.str_table[i], *next; e; e = next) {
            next = e->next;
            e->next = t[e->hash & (nb - 1)];
            t[e->hash & (nb - 1)] = e;
        }
    }
    if (cg.str_table) VG_(free)(cg.str_table);
    cg.str_table = t;
    cg.str_buckets = nb;
}

/* The permanent copy of `dir/file` (or of `file` when dir is NULL/empty). */
static const HChar *intern2(const HChar *dir, const HChar *file)
{
    UInt h = 2166136261u;
    if (dir && *dir) h = hash_bytes("/", hash_bytes(dir, h));
    h = hash_bytes(file, h);

    for (Str *e = cg.str_table[h & (cg.str_buckets - 1)]; e; e = e->next) {
        if (e->hash != h) continue;
        const HChar *p = e->s;
        if (dir && *dir) {
            SizeT dl = VG_(strlen)(dir);
            if (VG_(strncmp)(p, dir, dl) != 0 || p[dl] != '/') continue;
            p += dl + 1;
        }
        if (VG_(strcmp)(p, file) == 0) return e->s;
    }

    SizeT dl = (dir && *dir) ? VG_(strlen)(dir) + 1 : 0;
    SizeT fl = VG_(strlen)(file);
    Str *e = VG_(malloc)("cg.lines.str", sizeof(Str) + dl + fl + 1);
    if (dl) {
        VG_(memcpy)(e->s, dir, dl - 1);
        e->s[dl - 1] = '/';
    }
    VG_(memcpy)(e->s + dl, file, fl + 1);
    e->hash = h;
    e->next = cg.str_table[h & (cg.str_buckets - 1)];
    cg.str_table[h & (cg.str_buckets - 1)] = e;
    if (++cg.str_count > cg.str_buckets) str_grow();
    return e->s;
}

/* ------------------------------------------------------------------ */
/* Line cost centres                                                   */
/* ------------------------------------------------------------------ */

static UInt cc_hash(const HChar *file, const HChar *fn, UInt line)
{
    /* Names are interned, so their addresses identify them. */
    ULong k = (ULong)(Addr)file * 0x9E3779B97F4A7C15ULL;
    k ^= (ULong)(Addr)fn * 0xC2B2AE3D27D4EB4FULL;
    k ^= (ULong)line * 0x165667B19E3779F9ULL;
    return (UInt)(k ^ (k >> 29));
}

static void cc_grow(void)
{
    UInt nb = cg.cc_buckets ? cg.cc_buckets * 2 : 4096;
    LineCC **t = VG_(calloc)("cg.lines.cctab", nb, sizeof *t);
    for (UInt i = 0; i < cg.cc_buckets; i++) {
        for (LineCC *e = cg.cc_table[i], *next; e; e = next) {
            next = e->next;
            UInt b = cc_hash(e->file, e->fn, e->line) & (nb - 1);
            e->next = t[b];
            t[b] = e;
        }
    }
    if (cg.cc_table) VG_(free)(cg.cc_table);
    cg.cc_table = t;
    cg.cc_buckets = nb;
}

void cg_lines_init(void)
{
    str_grow();
    cc_grow();
}

LineCC *cg_lines_get(Addr a, Bool count_lookup)
{
    DiEpoch ep = VG_(current_DiEpoch)();
    const HChar *file, *dir, *fn;
    UInt line;
    Bool found_fl = VG_(get_filename_linenum)(ep, a, &file, &dir, &line);
    /* Intern the file first: the function-name buffer is only valid until
     * the next debug-info call. */
    const HChar *ifile = found_fl ? intern2(dir, file) : intern2(NULL, "???");
    if (!found_fl) line = 0;
    Bool found_fn = VG_(get_fnname)(ep, a, &fn);
    const HChar *ifn = intern2(NULL, found_fn ? fn : "???");

    DebugLookupStats *stats = &cg.lookups;
    if (!count_lookup) {
    } else if (found_fl && found_fn) {
        stats->full++;
    } else if (found_fl) {
        stats->file_line++;
    } else if (found_fn) {
        stats->fn_only++;
    } else {
        stats->none++;
    }

    UInt h = cc_hash(ifile, ifn, line);
    for (LineCC *e = cg.cc_table[h & (cg.cc_buckets - 1)]; e; e = e->next)
        if (e->file == ifile && e->fn == ifn && e->line == line) return e;

    LineCC *cc = VG_(calloc)("cg.lines.cc", 1, sizeof *cc);
    cc->file = ifile;
    cc->fn = ifn;
    cc->line = line;
    cc->next = cg.cc_table[h & (cg.cc_buckets - 1)];
    cg.cc_table[h & (cg.cc_buckets - 1)] = cc;
    if (++cg.cc_count > cg.cc_buckets) cc_grow();
    return cc;
}

void cg_lines_zero(void)
{
    for (UInt i = 0; i < cg.cc_buckets; i++)
        for (LineCC *e = cg.cc_table[i]; e; e = e->next) VG_(memset)(e->ev, 0, sizeof e->ev);
}

static Int cmp_cc(const void *pa, const void *pb)
{
    const LineCC *a = *(const LineCC *const *)pa, *b = *(const LineCC *const *)pb;
    if (a->file != b->file) {
        Int c = VG_(strcmp)(a->file, b->file);
        if (c) return c;
    }
    if (a->fn != b->fn) {
        Int c = VG_(strcmp)(a->fn, b->fn);
        if (c) return c;
    }
    return a->line < b->line ? -1 : a->line > b->line ? 1 : 0;
}

LineCC **cg_lines_sorted(UInt *n)
{
    LineCC **v = VG_(malloc)("cg.lines.sorted", (cg.cc_count ? cg.cc_count : 1) * sizeof *v);
    UInt k = 0;
    for (UInt i = 0; i < cg.cc_buckets; i++)
        for (LineCC *e = cg.cc_table[i]; e; e = e->next) v[k++] = e;
    tl_assert(k == cg.cc_count);
    VG_(ssort)(v, k, sizeof *v, cmp_cc);
    *n = k;
    return v;
}
