/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-names.c: how a function is named, as addr2line -f -C names it.
   Its name is its linkage name if one is found on it or on the DIEs its
   DW_AT_abstract_origin/DW_AT_specification lead to (the origin following
   DW_AT_specification only), else its DW_AT_name; references into other
   units (DW_FORM_ref_addr, as GCC's LTO writes them) are followed like the
   others.  In a C-like unit (binutils' mangle_style 0) DW_AT_name is as
   good as a linkage name; elsewhere (C++, Rust) a function named only by
   DW_AT_name is named from the symbol table, which is where one addr2line
   run's answers come to depend on the addresses asked before: the two
   modes of dwarf-inline.h differ here and nowhere else.  Every name is
   demangled as bfd_demangle does with DMGL_PARAMS | DMGL_ANSI, and a
   function's name is made once, the first time it is shown. */
#include "dwarf-internal.h"

#include <dwarf.h>
#include <libiberty/demangle.h>
#include <stdlib.h>
#include <string.h>

/* binutils' mangle_style: 0 for the languages whose plain names are their
   symbols' names, so that DW_AT_name counts as a linkage name there. */
int dw_lang_style(int lang)
{
    switch (lang) {
    case DW_LANG_C89:
    case DW_LANG_C:
    case DW_LANG_Cobol74:
    case DW_LANG_Cobol85:
    case DW_LANG_Fortran77:
    case DW_LANG_Pascal83:
    case DW_LANG_PLI:
    case DW_LANG_C99:
    case DW_LANG_UPC:
    case DW_LANG_C11:
    case DW_LANG_Mips_Assembler:
        return 0;
    default:
        return 1;
    }
}

/* bfd_demangle's handling around cplus_demangle: leading dots and dollars
   and an @VERSION suffix are kept aside and put back.  NULL when the name
   does not demangle. */
static char *demangle(const char *name)
{
    const char *pre = name;
    while (*name == '.' || *name == '$') name++;
    size_t pre_len = (size_t)(name - pre);
    const char *at = strchr(name, '@');
    char *base = at ? xmemdup0(name, (size_t)(at - name)) : NULL;
    char *res = cplus_demangle(base ? base : name, DMGL_PARAMS | DMGL_ANSI);
    free(base);
    if (res == NULL || (pre_len == 0 && at == NULL)) return res;
    size_t len = strlen(res), suf = at ? strlen(at) : 0;
    char *out = xmalloc(pre_len + len + suf + 1);
    memcpy(out, pre, pre_len);
    memcpy(out + pre_len, res, len);
    memcpy(out + pre_len + len, at ? at : "", suf + 1);
    free(res);
    return out;
}

/* The interned, demangled form of a name from DWARF or a symbol. */
uint32_t dw_shown_name(cg_dwarf *d, const char *raw)
{
    if (raw == NULL || *raw == '\0') return d->unknown;
    char *dm = demangle(raw);
    uint32_t id = dw_intern(d, dm ? dm : raw);
    free(dm);
    return id;
}

struct names {
    const char *name;
    bool is_linkage;
};

static int lang_style_of(Dwarf_Die *die)
{
    Dwarf_Die cu;
    if (dwarf_diecu(die, &cu, NULL, NULL) == NULL) return 1;
    return dw_lang_style(dwarf_srclang(&cu));
}

static void origin_names(Dwarf_Die *die, unsigned depth, struct names *nm);

struct attr_walk {
    struct names *nm;
    int style;
    unsigned depth;
    bool origin; /* reading an origin: only DW_AT_specification is followed */
};

/* The attributes that name a function, in the DIE's order, as binutils
   reads them: a plain name only while there is none, a linkage name over
   anything, a reference followed where it stands. */
static int name_attr(Dwarf_Attribute *a, void *arg)
{
    struct attr_walk *w = arg;
    const char *s;
    Dwarf_Die ref;
    switch (dwarf_whatattr(a)) {
    case DW_AT_name:
        if (w->nm->name == NULL && (s = dwarf_formstring(a)) != NULL) {
            w->nm->name = s;
            if (w->style == 0) w->nm->is_linkage = true;
        }
        break;
    case DW_AT_linkage_name:
    case DW_AT_MIPS_linkage_name:
        if ((s = dwarf_formstring(a)) != NULL) {
            w->nm->name = s;
            w->nm->is_linkage = true;
        }
        break;
    case DW_AT_abstract_origin:
        if (w->origin) break;
        /* fall through */
    case DW_AT_specification:
        if (w->depth < 100 && dwarf_formref_die(a, &ref) != NULL)
            origin_names(&ref, w->depth + 1, w->nm);
        break;
    default:
        break;
    }
    return DWARF_CB_OK;
}

static void origin_names(Dwarf_Die *die, unsigned depth, struct names *nm)
{
    struct attr_walk w = {nm, lang_style_of(die), depth, true};
    dwarf_getattrs(die, name_attr, &w, 0);
}

/* A function DIE's own attributes are read in its unit's style, those of
   the DIEs they lead to in the style of each one's unit: an origin that
   GCC's LTO puts in another unit may be of another language. */
void dw_die_name(Dwarf_Die *die, int style, const char **raw, bool *is_linkage)
{
    struct names nm = {NULL, false};
    struct attr_walk w = {&nm, style, 0, false};
    dwarf_getattrs(die, name_attr, &w, 0);
    *raw = nm.name;
    *is_linkage = nm.is_linkage;
}

/* The name a function is shown by.  In the steady mode a function that
   has no linkage name is named by the symbol that starts where it does,
   when one does: what binutils ends up naming it once it has been the
   innermost level of an answer. */
uint32_t dw_fn_name(cg_dwarf *d, dw_cu *c, uint32_t fn)
{
    dw_fn *f = &c->fns[fn];
    if (f->name != DW_NONE) return f->name;
    const char *raw = f->raw;
    if (!f->is_linkage && d->mode == CG_DWARF_STEADY) {
        const dw_sym *s = dw_symbol_at(dw_section_of(d, f->low), f->low);
        if (s != NULL && s->value == f->low) raw = s->name;
    }
    f->name = dw_shown_name(d, raw);
    return f->name;
}

/* The innermost level's name.  binutils looks up the symbol of the address
   for a function without a linkage name, answers with that symbol's name
   (the function that holds the code, for an inlined one), takes it as the
   function's name from then on if the symbol starts where the function
   does, and does not look again.  In the addr2line-run mode that is done
   as binutils does it; the steady mode answers as binutils does once it no
   longer looks.  Sets *file to the symbol's STT_FILE where DWARF gave no
   file. */
uint32_t dw_innermost_name(cg_dwarf *d, dw_cu *c, uint32_t fn, const dw_sec *sec, uint64_t addr,
                           const char **file)
{
    dw_fn *f = &c->fns[fn];
    if (f->is_linkage || d->mode == CG_DWARF_STEADY) return dw_fn_name(d, c, fn);
    const dw_sym *s = dw_symbol_at(sec, addr);
    if (*file == NULL && s != NULL && s->file != NULL) *file = s->file;
    f->is_linkage = true;
    if (s == NULL) return dw_fn_name(d, c, fn);
    if (s->value == f->low) {
        f->raw = s->name;
        f->name = DW_NONE;
        return dw_fn_name(d, c, fn);
    }
    return dw_shown_name(d, s->name);
}
