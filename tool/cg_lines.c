/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_lines.c: the line cost centres, one per (file, function, line), and the
 * interned strings that name them; also the debug-info lookup behind both.
 * Its tables are the cg.names, cg.demangled, cg.objs and cg.cc_* fields.
 *
 * Inlined code (--inline-frames).  A (file, function, line) centre cannot
 * tell two inline chains that end on one line apart, and the core's inline
 * info cannot say which code is inlined: it names inlined functions by
 * their unqualified DWARF names (not at all when the origin is in another
 * compilation unit), and it misses much of the inlined code of Rust's
 * standard library (measured: 409 of 2,849 instructions of a small program
 * whose chains addr2line gives).  So the tool decides nothing about
 * inlining: with the option, every instruction that has a source line gets
 * a centre of its own, keyed by its address, and the post-processors read
 * its chain from the object's DWARF.  Costs stay exact for every event at
 * no run-time cost (generated code adds to whichever centre an instruction
 * has); the flat profile is the same, the centres of a line summed when it
 * is written. */
#include "cg_lines.h"
#include "cg_compat.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"

/* ------------------------------------------------------------------ */
/* Interned strings                                                    */
/* ------------------------------------------------------------------ */

/* Names must be copied at once: the core reuses its function-name buffer on
 * the next call and frees file names when a library's debug info is
 * unloaded.  Interning also lets the output compare names by pointer.  The
 * same table code serves a second map, from raw function names to the
 * interned demangled ones (fn_name below). */
typedef struct Str {
    struct Str *next;
    UInt hash;
    const HChar *value; /* the interned name itself, or the demangled name */
    HChar s[0];
} Str;

static UInt hash_bytes(const HChar *s, UInt h)
{
    for (; *s; s++) h = (h ^ (UChar)*s) * 16777619u;
    return h;
}

static void table_grow(StrTable *t)
{
    UInt nb = t->n_buckets ? t->n_buckets * 2 : 1024;
    Str **b = VG_(calloc)("cg.lines.strtab", nb, sizeof *b);
    for (UInt i = 0; i < t->n_buckets; i++) {
        for (Str *e = t->buckets[i], *next; e; e = next) {
            next = e->next;
            e->next = b[e->hash & (nb - 1)];
            b[e->hash & (nb - 1)] = e;
        }
    }
    if (t->buckets) VG_(free)(t->buckets);
    t->buckets = b;
    t->n_buckets = nb;
}

/* The entry whose key is `dir/file` (or `file` when dir is NULL/empty),
 * created with a NULL value the first time. */
static Bool key_is(const Str *e, const HChar *dir, const HChar *file)
{
    const HChar *p = e->s;
    if (dir && *dir) {
        SizeT dl = VG_(strlen)(dir);
        if (VG_(strncmp)(p, dir, dl) != 0 || p[dl] != '/') return False;
        p += dl + 1;
    }
    return VG_(strcmp)(p, file) == 0;
}

static Str *table_get(StrTable *t, const HChar *dir, const HChar *file)
{
    /* Consecutive instructions mostly share their file and function: comparing
     * with the last key found is cheaper than hashing. */
    if (t->last && key_is(t->last, dir, file)) return t->last;

    UInt h = 2166136261u;
    if (dir && *dir) h = hash_bytes("/", hash_bytes(dir, h));
    h = hash_bytes(file, h);

    for (Str *e = t->buckets[h & (t->n_buckets - 1)]; e; e = e->next)
        if (e->hash == h && key_is(e, dir, file)) return t->last = e;

    SizeT dl = (dir && *dir) ? VG_(strlen)(dir) + 1 : 0;
    SizeT fl = VG_(strlen)(file);
    Str *e = VG_(malloc)("cg.lines.str", sizeof(Str) + dl + fl + 1);
    if (dl) {
        VG_(memcpy)(e->s, dir, dl - 1);
        e->s[dl - 1] = '/';
    }
    VG_(memcpy)(e->s + dl, file, fl + 1);
    e->hash = h;
    e->value = NULL;
    e->next = t->buckets[h & (t->n_buckets - 1)];
    t->buckets[h & (t->n_buckets - 1)] = e;
    if (++t->count > t->n_buckets) table_grow(t);
    return t->last = e;
}

/* The permanent copy of `dir/file` (or of `file` when dir is NULL/empty). */
static const HChar *intern2(const HChar *dir, const HChar *file)
{
    Str *e = table_get(&cg.names, dir, file);
    if (!e->value) e->value = e->s;
    return e->value;
}

/* The interned name of the function at `a`, as VG_(get_fnname) gives it.
 * That call demangles C++ names every time, which on a C++ program such as
 * gcc's cc1 cost more than all the rest of the tool's translation-time work
 * (docs/tool.md, "Code-heavy programs (cc1, pystd)").  A demangled name depends on the raw
 * name alone, so the raw name is looked up with C++ demangling switched off
 * (Z-decoding and the "(below main)" rule still apply) and each one is
 * demangled once. */
static const HChar *fn_name(DiEpoch ep, Addr a, Bool *found)
{
    const HChar *fn;
    if (!VG_(clo_demangle)) { /* --demangle=no: nothing to save */
        *found = VG_(get_fnname)(ep, a, &fn);
        return intern2(NULL, *found ? fn : "???");
    }
    VG_(clo_demangle) = False;
    *found = VG_(get_fnname)(ep, a, &fn);
    VG_(clo_demangle) = True;
    if (!*found) return intern2(NULL, "???");

    Str *e = table_get(&cg.demangled, NULL, fn);
    if (!e->value) {
        Bool again = VG_(get_fnname)(ep, a, &fn);
        tl_assert(again);
        e->value = intern2(NULL, fn);
    }
    return e->value;
}

/* ------------------------------------------------------------------ */
/* Line cost centres                                                   */
/* ------------------------------------------------------------------ */

static UInt cc_hash(const HChar *file, const HChar *fn, UInt line, Addr addr)
{
    /* Names are interned, so their addresses identify them. */
    ULong k = (ULong)(Addr)file * 0x9E3779B97F4A7C15ULL;
    k ^= (ULong)(Addr)fn * 0xC2B2AE3D27D4EB4FULL;
    k ^= (ULong)line * 0x165667B19E3779F9ULL;
    k ^= (ULong)addr * 0xD6E8FEB86659FD93ULL;
    return (UInt)(k ^ (k >> 29));
}

static void cc_grow(void)
{
    UInt nb = cg.cc_buckets ? cg.cc_buckets * 2 : 4096;
    LineCC **t = VG_(calloc)("cg.lines.cctab", nb, sizeof *t);
    for (UInt i = 0; i < cg.cc_buckets; i++) {
        for (LineCC *e = cg.cc_table[i], *next; e; e = next) {
            next = e->next;
            UInt b = cc_hash(e->file, e->fn, e->line, e->addr) & (nb - 1);
            e->next = t[b];
            t[b] = e;
        }
    }
    if (cg.cc_table) VG_(free)(cg.cc_table);
    cg.cc_table = t;
    cg.cc_buckets = nb;
}

/* A centre's size (LineCC): its counts up to the highest recorded event,
 * or with levels all of them and the level-2 part after them. */
static SizeT cc_size(void)
{
    if (cg_levels_on()) return sizeof(LineCC) + sizeof(ULong) * N_EVENTS;
    return offsetof(LineCC, ev) + sizeof(ULong) * (SizeT)cg.cc_events;
}

/* A new centre, zeroed.  Centres live until the end of the run, and with
 * --inline-frames there is one per instruction: carved from large blocks,
 * they cost no allocator header each (a sixth of their memory). */
static LineCC *cc_alloc(void)
{
    SizeT size = (cc_size() + 7) & ~(SizeT)7;
    if (cg.cc_room < size) {
        SizeT block = 256 * 1024;
        cg.cc_block = VG_(calloc)("cg.lines.cc", 1, block);
        cg.cc_room = block;
    }
    LineCC *cc = (LineCC *)cg.cc_block;
    cg.cc_block += size;
    cg.cc_room -= size;
    return cc;
}

void cg_lines_init(void)
{
    Int ev[N_EVENTS];
    Int nev = cg_lines_recorded(ev);
    cg.cc_events = cg_levels_on() ? N_EVENTS : 0;
    for (Int e = 0; e < nev; e++)
        if (ev[e] + 1 > cg.cc_events) cg.cc_events = ev[e] + 1;
    tl_assert(cg.cc_events >= 1 && cg.cc_events <= N_EVENTS);
    table_grow(&cg.names);
    table_grow(&cg.demangled);
    cc_grow();
    if (cg.clo.inline_frames) table_grow(&cg.objs);
}

/* The object of the instruction at `a` and its address there (*obj NULL
 * when the core knows none). */
static void object_of(DiEpoch ep, Addr a, const HChar **obj, Addr *obj_addr)
{
    DebugInfo *di = VG_(find_DebugInfo)(ep, a);
    const HChar *name = di ? VG_(DebugInfo_get_filename)(di) : NULL;
    *obj = NULL;
    *obj_addr = a;
    if (!name) return;
    Str *e = table_get(&cg.objs, NULL, name);
    if (!e->value) e->value = e->s;
    *obj = e->value;
    *obj_addr = a - (Addr)VG_(DebugInfo_get_text_bias)(di);
}

Bool cg_lines_code_at(Addr a, const HChar **obj, Addr *obj_addr)
{
    DiEpoch ep = VG_(current_DiEpoch)();
    const HChar *file, *dir;
    UInt line;
    if (!VG_(get_filename_linenum)(ep, a, &file, &dir, &line)) return False;
    object_of(ep, a, obj, obj_addr);
    return True;
}

/* Every lookup walks the core's list of loaded objects from its head, and in
 * a program with a dozen libraries the main executable, whose code is most
 * of what gets translated, sits at the tail: each search paid for a scan of
 * every library's mappings first.  VG_(find_DebugInfo) moves the object it
 * finds one step towards the head on every 16th call, so asking it once per
 * superblock keeps the objects being translated near the front (3% of
 * cc1's time without simulation; docs/tool.md, "Code-heavy programs (cc1,
 * pystd)").  What a lookup finds cannot depend on the order: the core keeps
 * the code mappings of live objects disjoint and asserts it. */
void cg_lines_prefer(Addr a)
{
    (void)VG_(find_DebugInfo)(VG_(current_DiEpoch)(), a);
}

LineCC *cg_lines_get(Addr a, Bool count_lookup)
{
    DiEpoch ep = VG_(current_DiEpoch)();
    const HChar *file, *dir;
    UInt line;
    Bool found_fl = VG_(get_filename_linenum)(ep, a, &file, &dir, &line);
    /* Intern the file first: the function-name buffer is only valid until
     * the next debug-info call. */
    const HChar *ifile = found_fl ? intern2(dir, file) : intern2(NULL, "???");
    if (!found_fl) line = 0;
    Bool found_fn;
    const HChar *ifn = fn_name(ep, a, &found_fn);

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

    Addr key = cg.clo.inline_frames && found_fl ? a : 0;
    UInt h = cc_hash(ifile, ifn, line, key);
    for (LineCC *e = cg.cc_table[h & (cg.cc_buckets - 1)]; e; e = e->next)
        if (e->file == ifile && e->fn == ifn && e->line == line && e->addr == key) return e;

    LineCC *cc = cc_alloc();
    cc->file = ifile;
    cc->fn = ifn;
    cc->line = line;
    cc->addr = key;
    if (key) cg.cc_inlined++;
    cc->next = cg.cc_table[h & (cg.cc_buckets - 1)];
    cg.cc_table[h & (cg.cc_buckets - 1)] = cc;
    if (++cg.cc_count > cg.cc_buckets) cc_grow();
    return cc;
}

const HChar *cg_lines_fn_name(Addr a)
{
    Bool found;
    const HChar *fn = fn_name(VG_(current_DiEpoch)(), a, &found);
    return found ? fn : NULL;
}

void cg_lines_where(Addr a, const HChar **file, UInt *line)
{
    const HChar *name, *dir;
    if (VG_(get_filename_linenum)(VG_(current_DiEpoch)(), a, &name, &dir, line)) {
        *file = intern2(dir, name);
    } else {
        *file = intern2(NULL, "???");
        *line = 0;
    }
}

const HChar *cg_lines_intern(const HChar *s)
{
    return intern2(NULL, s);
}

const HChar *cg_lines_intern_in(StrTable *t, const HChar *s)
{
    if (t->n_buckets == 0) table_grow(t);
    Str *e = table_get(t, NULL, s);
    if (!e->value) e->value = e->s;
    return e->value;
}

Int cg_lines_recorded(Int *ev)
{
    /* Run as Callgrind, its order: the references, then the misses. */
    static const Int callgrind_order[] = {EV_Ir,   EV_Dr,   EV_Dw,   EV_I1mr, EV_D1mr,
                                          EV_D1mw, EV_ILmr, EV_DLmr, EV_DLmw};
    Int n = 0;
    if (cg.clo.cache_sim && cg.clo.as_callgrind)
        for (; n < (Int)(sizeof callgrind_order / sizeof callgrind_order[0]); n++)
            ev[n] = callgrind_order[n];
    else
        ev[n++] = EV_Ir;
    if (cg.clo.cache_sim && !cg.clo.as_callgrind)
        for (Int e = EV_I1mr; e <= EV_DLmw; e++) ev[n++] = e;
    if (cg.clo.branch_sim)
        for (Int e = EV_Bc; e <= EV_Bim; e++) ev[n++] = e;
    if (cg.clo.systime != CG_SYSTIME_NO) {
        ev[n++] = EV_SysCount;
        ev[n++] = EV_SysTime;
        if (cg.clo.systime == CG_SYSTIME_NSEC) ev[n++] = EV_SysCpuTime;
    }
    return n;
}

void cg_lines_zero(void)
{
    for (UInt i = 0; i < cg.cc_buckets; i++)
        for (LineCC *e = cg.cc_table[i]; e; e = e->next) {
            VG_(memset)(e->ev, 0, sizeof(ULong) * (SizeT)cg.cc_events);
            if (cg_levels_on()) VG_(memset)(e->rec, 0, sizeof e->ev);
        }
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
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    return a->addr < b->addr ? -1 : a->addr > b->addr ? 1 : 0;
}

static Bool same_line(const LineCC *a, const LineCC *b)
{
    return a->file == b->file && a->fn == b->fn && a->line == b->line;
}

static void add_counts(LineCC *to, const LineCC *from, Bool subtract)
{
    Bool levels = cg_levels_on();
    for (Int e = 0; e < cg.cc_events; e++) {
        to->ev[e] += subtract ? -from->ev[e] : from->ev[e];
        if (levels) to->rec[e] += subtract ? -from->rec[e] : from->rec[e];
    }
}

/* With instruction centres, a line's centres are folded into its first
 * (lowest address) in place: the line is written from it, and no copy
 * costs memory when there is a centre per instruction.  The sorted array
 * of every centre stays, so that cg_lines_flat_free can take the others
 * out of their heads again (modular arithmetic: exactly). */
void cg_lines_flat(CgFlat *f)
{
    LineCC **v = VG_(malloc)("cg.lines.sorted", (cg.cc_count ? cg.cc_count : 1) * sizeof *v);
    UInt k = 0;
    for (UInt i = 0; i < cg.cc_buckets; i++)
        for (LineCC *e = cg.cc_table[i]; e; e = e->next) v[k++] = e;
    tl_assert(k == cg.cc_count);
    VG_(ssort)(v, k, sizeof *v, cmp_cc);
    f->all = NULL;
    f->lines = v;
    f->n = k;
    if (cg.cc_inlined == 0) return;
    UInt lines = 0;
    for (UInt i = 0; i < k; i++) lines += i == 0 || !same_line(v[i - 1], v[i]);
    f->all = v;
    f->lines = VG_(malloc)("cg.lines.flat", (lines ? lines : 1) * sizeof *f->lines);
    f->n = lines;
    for (UInt i = 0, h = 0; i < k; i++) {
        if (i == 0 || !same_line(v[i - 1], v[i]))
            f->lines[h++] = v[i];
        else
            add_counts(f->lines[h - 1], v[i], False);
    }
}

void cg_lines_flat_free(CgFlat *f)
{
    if (f->all) {
        for (UInt i = 0, h = 0; i < cg.cc_count; i++) {
            if (i == 0 || !same_line(f->all[i - 1], f->all[i]))
                h = i;
            else
                add_counts(f->all[h], f->all[i], True);
        }
        VG_(free)(f->all);
    }
    VG_(free)(f->lines);
    f->lines = f->all = NULL;
    f->n = 0;
}

static Int cmp_by_address(const void *pa, const void *pb)
{
    const LineCC *a = *(const LineCC *const *)pa, *b = *(const LineCC *const *)pb;
    if (a->addr != b->addr) return a->addr < b->addr ? -1 : 1;
    return cmp_cc(pa, pb);
}

static Int cmp_by_object(const void *pa, const void *pb)
{
    const CgObjCode *a = pa, *b = pb;
    if (a->obj != b->obj) {
        if (!a->obj || !b->obj) return a->obj ? -1 : 1;
        Int c = VG_(strcmp)(a->obj, b->obj);
        if (c) return c;
    }
    Addr x = a->cc[0]->addr - a->bias, y = b->cc[0]->addr - b->bias;
    return x < y ? -1 : x > y ? 1 : 0;
}

/* An array of pointers sorted by address, cut where the object changes
 * (an object's code is one range): a third of the memory of a record per
 * instruction that names its object, at the moment the tool needs most. */
void cg_lines_inlined(CgInlined *in)
{
    DiEpoch ep = VG_(current_DiEpoch)();
    LineCC **v = VG_(malloc)("cg.lines.inlined", (cg.cc_inlined ? cg.cc_inlined : 1) * sizeof *v);
    UInt k = 0;
    for (UInt i = 0; i < cg.cc_buckets; i++)
        for (LineCC *e = cg.cc_table[i]; e; e = e->next)
            if (e->addr) v[k++] = e;
    tl_assert(k == cg.cc_inlined);
    VG_(ssort)(v, k, sizeof *v, cmp_by_address);
    UInt max = 16, n = 0;
    CgObjCode *g = VG_(malloc)("cg.lines.objcode", max * sizeof *g);
    for (UInt i = 0; i < k; i++) {
        const HChar *obj;
        Addr obj_addr;
        object_of(ep, v[i]->addr, &obj, &obj_addr);
        Addr bias = v[i]->addr - obj_addr;
        if (n > 0 && g[n - 1].obj == obj && g[n - 1].bias == bias) {
            g[n - 1].n++;
            continue;
        }
        if (n == max) g = VG_(realloc)("cg.lines.objcode", g, (max *= 2) * sizeof *g);
        g[n++] = (CgObjCode){obj, bias, v + i, 1};
    }
    VG_(ssort)(g, n, sizeof *g, cmp_by_object);
    in->all = v;
    in->n = k;
    in->objs = g;
    in->n_objs = n;
}

void cg_lines_inlined_free(CgInlined *in)
{
    VG_(free)(in->all);
    VG_(free)(in->objs);
}
