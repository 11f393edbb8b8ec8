/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-elf.c: what the ELF files themselves say, apart from their DWARF:
   whether a file has DWARF at all, which of the object's addresses are
   code (its allocated sections), and the symbols that name code where
   DWARF does not (binutils' elf_find_function: padding after a function,
   start-up code, a function DWARF names without a linkage name).  It is
   here that the object and its separate debug file meet: with a debug
   file, binutils names the code of each of the object's sections by the
   debug file's symbols when the debug file has that section at the same
   place in its list of sections (_bfd_dwarf2_stash_syms), so both lists of
   sections are made as binutils makes them.  Which symbol names an
   address is binutils' choice too: the nearest at or before it in its
   section, with binutils' tie-break among those that start together, and
   that symbol's STT_FILE stands in for a file DWARF does not give. */
#include "dwarf-internal.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

/* Whether an ELF file has DWARF where binutils looks for it
   (find_debug_info): a .debug_info or .zdebug_info section, or a
   .gnu.linkonce.wi.* one, with contents.  Without one binutils looks for
   a separate debug file. */
bool dw_has_debug_info(Elf *elf)
{
    size_t shstrndx;
    if (elf_getshdrstrndx(elf, &shstrndx) != 0) return false;
    Elf_Scn *scn = NULL;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type == SHT_NOBITS) continue;
        const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
        if (name != NULL &&
            (strcmp(name, ".debug_info") == 0 || strcmp(name, ".zdebug_info") == 0 ||
             strncmp(name, ".gnu.linkonce.wi.", 17) == 0))
            return true;
    }
    return false;
}

/* By section and value, which dw_symbol_at halves on; of symbols at one
   place, symbol-table order, in which binutils weighs them. */
static int sym_order(const void *a, const void *b)
{
    const dw_sym *x = a, *y = b;
    if (x->shndx != y->shndx) return x->shndx < y->shndx ? -1 : 1;
    if (x->value != y->value) return x->value < y->value ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The symbols of `elf` that may name code, into t; each with the file
   binutils would give it.  addr2line reads the object's symbol table, or
   its dynamic one when there is none (dynamic_too); of a separate debug
   file binutils reads the symbol table alone. */
void dw_read_symbols(Elf *elf, bool dynamic_too, dw_symtab *t)
{
    Elf_Scn *scn = NULL, *pick = NULL, *dyn = NULL;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        if (gelf_getshdr(scn, &sh) == NULL) continue;
        if (sh.sh_type == SHT_SYMTAB && sh.sh_entsize && sh.sh_size / sh.sh_entsize > 1) pick = scn;
        if (sh.sh_type == SHT_DYNSYM && sh.sh_entsize && sh.sh_size / sh.sh_entsize > 1) dyn = scn;
    }
    if (pick == NULL && dynamic_too) pick = dyn;
    if (pick == NULL || gelf_getshdr(pick, &sh) == NULL) return;
    Elf_Data *data = elf_getdata(pick, NULL);
    if (data == NULL) return;
    size_t n = sh.sh_size / sh.sh_entsize, cap = 0;
    const char *file = NULL;
    enum { NOTHING_SEEN, SYMBOL_SEEN, FILE_AFTER_SYMBOL } state = NOTHING_SEEN;
    for (size_t i = 1; i < n; i++) {
        GElf_Sym s;
        if (gelf_getsym(data, (int)i, &s) == NULL) continue;
        const char *name = elf_strptr(elf, sh.sh_link, s.st_name);
        if (name == NULL) name = "";
        int type = GELF_ST_TYPE(s.st_info), bind = GELF_ST_BIND(s.st_info);
        if (type == STT_FILE) {
            file = name;
            if (state == SYMBOL_SEEN) state = FILE_AFTER_SYMBOL;
            continue;
        }
        if (state == NOTHING_SEEN) state = SYMBOL_SEEN;
        if (type == STT_SECTION || type == STT_OBJECT || type == STT_COMMON || type == STT_TLS)
            continue;
        if (s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE) continue;
        /* Zero-sized hidden local untyped symbols are annotations (annobin),
           not functions, for binutils. */
        if (s.st_size == 0 && bind == STB_LOCAL && type == STT_NOTYPE &&
            GELF_ST_VISIBILITY(s.st_other) == STV_HIDDEN)
            continue;
        xgrow((void **)&t->syms, &cap, t->n + 1, sizeof *t->syms);
        dw_sym *y = &t->syms[t->n++];
        y->value = s.st_value;
        y->size = s.st_size ? s.st_size : 1;
        y->shndx = s.st_shndx;
        y->index = i;
        y->name = name;
        y->file = file != NULL && (bind == STB_LOCAL || state != FILE_AFTER_SYMBOL) ? file : NULL;
        y->func = type == STT_FUNC || type == STT_GNU_IFUNC;
    }
    if (t->n) qsort(t->syms, t->n, sizeof *t->syms, sym_order);
}

/* The sections binutils makes of an ELF file, as section indices in their
   order: every section but the null one, the symbol table with its string
   table and extended indices, the table of section names, and the
   relocations that the symbol table's symbols apply to a section that is
   not loaded (binutils keeps those with the section).  Returns how many. */
static size_t bfd_sections(Elf *elf, size_t **out)
{
    size_t nscn = 0, shstrndx = 0, symtab = 0, symstr = 0, n = 0;
    *out = NULL;
    if (elf_getshdrnum(elf, &nscn) != 0 || elf_getshdrstrndx(elf, &shstrndx) != 0) return 0;
    GElf_Shdr sh;
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn)) != NULL)
        if (gelf_getshdr(scn, &sh) != NULL && sh.sh_type == SHT_SYMTAB) {
            symtab = elf_ndxscn(scn);
            symstr = sh.sh_link;
        }
    *out = xcalloc(nscn ? nscn : 1, sizeof **out);
    scn = NULL;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        size_t i = elf_ndxscn(scn);
        if (gelf_getshdr(scn, &sh) == NULL || i == shstrndx || sh.sh_type == SHT_SYMTAB_SHNDX)
            continue;
        if (symtab != 0 && (i == symtab || i == symstr)) continue;
        if ((sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA) && symtab != 0 &&
            sh.sh_link == symtab && sh.sh_info != 0 && !(sh.sh_flags & SHF_ALLOC))
            continue;
        (*out)[n++] = i;
    }
    return n;
}

/* A section binutils takes for debugging information by its name. */
static bool debugging_section(Elf *elf, size_t shndx)
{
    size_t shstrndx;
    GElf_Shdr sh;
    Elf_Scn *scn = elf_getscn(elf, shndx);
    if (scn == NULL || gelf_getshdr(scn, &sh) == NULL || (sh.sh_flags & SHF_ALLOC) ||
        elf_getshdrstrndx(elf, &shstrndx) != 0)
        return false;
    const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
    if (name == NULL) return false;
    static const char *const prefixes[] = {
        ".debug", ".gnu.debuglto_.debug_", ".gnu.linkonce.wi.", ".zdebug", ".line", ".stab"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) return true;
    return strcmp(name, ".gdb_index") == 0;
}

static const char *section_name(Elf *elf, size_t shndx)
{
    size_t shstrndx;
    GElf_Shdr sh;
    Elf_Scn *scn = elf_getscn(elf, shndx);
    if (scn == NULL || gelf_getshdr(scn, &sh) == NULL || elf_getshdrstrndx(elf, &shstrndx) != 0)
        return NULL;
    return elf_strptr(elf, shstrndx, sh.sh_name);
}

/* The object's allocated sections, each with the symbols that name its
   code.  With a separate debug file binutils names code by the debug
   file's symbols, in the debug file's section at the same place in its
   list of sections when that section has the same name and no debugging
   section comes before it there (_bfd_dwarf2_stash_syms); by the object's
   own symbols otherwise. */
void dw_read_sections(cg_dwarf *d)
{
    size_t *own = NULL, *dbg = NULL, nown = 0, ndbg = 0;
    if (d->dbg_elf != NULL) {
        nown = bfd_sections(d->elf, &own);
        ndbg = bfd_sections(d->dbg_elf, &dbg);
    }
    Elf_Scn *scn = NULL;
    size_t cap = 0;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(d->elf, scn)) != NULL) {
        if (gelf_getshdr(scn, &sh) == NULL || !(sh.sh_flags & SHF_ALLOC)) continue;
        dw_sec s = {sh.sh_addr, sh.sh_addr + sh.sh_size, elf_ndxscn(scn), &d->own};
        for (size_t k = 0; k < nown && k < ndbg && !debugging_section(d->dbg_elf, dbg[k]); k++) {
            if (own[k] != s.shndx) continue;
            const char *a = section_name(d->elf, own[k]), *b = section_name(d->dbg_elf, dbg[k]);
            if (a != NULL && b != NULL && strcmp(a, b) == 0) {
                s.shndx = dbg[k];
                s.tab = &d->dbg;
            }
            break;
        }
        xgrow((void **)&d->secs, &cap, d->nsecs + 1, sizeof *d->secs);
        d->secs[d->nsecs++] = s;
    }
    free(own);
    free(dbg);
}

/* The allocated section holding addr, the first in section order (as
   addr2line looks for it), or NULL. */
const dw_sec *dw_section_of(const cg_dwarf *d, uint64_t addr)
{
    for (size_t i = 0; i < d->nsecs; i++)
        if (addr >= d->secs[i].lo && addr < d->secs[i].hi) return &d->secs[i];
    return NULL;
}

/* binutils' better_fit among symbols that start at one address, in
   symbol-table order: one that covers the address over one that does not,
   the larger of two that do not, a function over anything else, then the
   smaller. */
static bool better_fit(const dw_sym *best, const dw_sym *s, uint64_t addr)
{
    if (best->value + best->size <= addr) return s->size > best->size;
    if (s->value + s->size <= addr) return false;
    if (best->func != s->func) return s->func;
    return s->size < best->size;
}

/* The symbol binutils names the code at addr by, or NULL. */
const dw_sym *dw_symbol_at(const dw_sec *sec, uint64_t addr)
{
    if (sec == NULL || sec->tab->n == 0) return NULL;
    const dw_sym *syms = sec->tab->syms;
    /* The last symbol of the section at or before addr. */
    size_t lo = 0, hi = sec->tab->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const dw_sym *s = &syms[mid];
        if (s->shndx < sec->shndx || (s->shndx == sec->shndx && s->value <= addr))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || syms[lo - 1].shndx != sec->shndx) return NULL;
    size_t first = lo - 1;
    while (first > 0 && syms[first - 1].shndx == sec->shndx &&
           syms[first - 1].value == syms[lo - 1].value)
        first--;
    const dw_sym *best = &syms[first];
    for (size_t i = first + 1; i < lo; i++)
        if (better_fit(best, &syms[i], addr)) best = &syms[i];
    return best;
}
