/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-inline.c: the inline chain of an address (dwarf-inline.h), as
   binutils 2.40's addr2line -i -f -C finds it.  The answer is binutils',
   quirks included, because the user checks ours against it; each rule
   below was found by comparing with addr2line on every instruction of the
   inline suite's programs (tests/inline) and of the C library with its
   debug file, and those that differ from what libdw would answer are why
   this file reads more than libdw's answers.

   * The DWARF is the object's own when it has a .debug_info section, else
     a separate debug file's, found as binutils finds it (find_debug_file
     below: by build ID, then by .gnu_debuglink); the symbol table that
     names code is then the debug file's too, for the object's sections
     that have a like-named counterpart at the same place in the debug
     file's list of sections (_bfd_dwarf2_stash_syms).
   * A compilation unit is asked when its ranges hold the address, or it
     has none, or a sequence of its line table holds the address (binutils
     counts a sequence as a range of the unit once it has read the table,
     and it reads them in unit order); the first, in .debug_info order,
     that knows a function or a line there answers.
   * The function is the one with the shortest single range holding the
     address (ranges that touch are joined first, as binutils adds them),
     the later in DIE order on a tie: not simply the innermost DIE.  The
     chain is that function and its enclosing function DIEs, each inlined
     one naming the call site (DW_AT_call_file/line) in its parent.  A
     function whose DW_AT_ranges is an index (DW_FORM_rnglistx, clang's
     DWARF 5) has no code for binutils.
   * A function's name is its linkage name if one is found on it or on the
     DIEs its DW_AT_abstract_origin/DW_AT_specification lead to (the origin
     following DW_AT_specification only), else its DW_AT_name; references
     into other units (DW_FORM_ref_addr, as GCC's LTO writes them) are
     followed like the others.  In a C-like unit (binutils' mangle_style 0)
     DW_AT_name is as good as a linkage name; elsewhere (C++, Rust) a
     function named only by DW_AT_name is named from the symbol table as
     the two modes of dwarf-inline.h say.
   * The line is that of the row at or before the address within its
     sequence; of rows at one address the last counts; sequences are
     searched by their start after nested ones are dropped and overlapping
     ones cut.  The line program is run here, not read from libdw's table,
     which is sorted and keeps no trace of which rows had their file set:
     binutils 2.40 starts each sequence of a DWARF 5 table at file 0, not 1
     (it matters where they differ: `<artificial>` in GCC's LTO units).
   * A file's name is its directory joined to it, and the unit's
     DW_AT_comp_dir before a relative directory (rustc's std sources;
     glibc's `./stdlib/./stdlib/abort.c`, DWARF 5's directory 0 included).
   * Where DWARF knows no function, the symbol table names the code: the
     nearest symbol at or before the address in its section (binutils'
     elf_find_function: padding after a function, start-up code), and,
     without a line from DWARF, the file of the STT_FILE symbol before it.
   * Every name is demangled as bfd_demangle does with DMGL_PARAMS |
     DMGL_ANSI.

   Nothing is asked of libdw per address: each unit's functions (with
   their ranges, sorted) and line table are made into arrays the first time
   an address is in the unit, and searched by halving; names are demangled
   and interned once, the first time they are shown. */
#include "dwarf-inline.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libiberty/demangle.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hashtab.h"
#include "strtab.h"

#define NONE UINT32_MAX

/* A function DIE: an out-of-line function or an inlined instance. */
typedef struct dw_fn {
    const char *raw;    /* the name DWARF gives (mangled or not), or NULL */
    uint64_t low;       /* binutils' first range's start (for the symbol rule) */
    uint32_t caller;    /* the enclosing function (inlined instances), or NONE */
    uint32_t name;      /* the name shown, interned once made; NONE before */
    uint32_t call_file; /* interned; NONE without DW_AT_call_file */
    uint32_t call_line;
    bool is_linkage; /* binutils' is_linkage: the name needs no symbol */
} dw_fn;

/* One range of a function, with the highest end of all ranges up to it in
   start order, which makes the ranges that may hold an address one run. */
typedef struct dw_range {
    uint64_t lo, hi, mark;
    uint32_t fn;
} dw_range;

typedef struct dw_row {
    uint64_t addr;
    uint32_t file; /* interned */
    uint32_t line, discr;
    bool end; /* ends its sequence */
} dw_row;

typedef struct dw_seq {
    uint64_t lo, hi; /* hi: the address of its end row */
    size_t first, n; /* its rows */
    size_t order;    /* its place in the table, for a stable sort */
} dw_seq;

typedef struct dw_cu {
    Dwarf_Off off;
    uint64_t *ranges; /* pairs [lo, hi) */
    size_t nranges;
    bool scanned;          /* its functions read */
    bool lines_read;       /* its line table read */
    int lang_style;        /* 0: DW_AT_name is a linkage name (binutils' mangle_style) */
    unsigned line_version; /* of its line table; 0 without one */
    dw_fn *fns;
    size_t nfns, capfns;
    dw_range *fr;
    size_t nfr, capfr;
    dw_row *rows;
    size_t nrows;
    dw_seq *seqs;
    size_t nseqs;
} dw_cu;

/* A symbol that may name code (binutils' maybe_function_sym). */
typedef struct dw_sym {
    uint64_t value, size; /* size 1 for a symbol without one */
    size_t shndx, index;  /* section; place in the symbol table */
    const char *name;
    const char *file; /* the STT_FILE name binutils gives it, or NULL */
    bool func;
} dw_sym;

/* The symbols of one ELF file, by section, then value, then symbol-table
   order. */
typedef struct dw_symtab {
    dw_sym *syms;
    size_t n;
} dw_symtab;

/* An allocated section of the object, and where the symbols that may name
   its code are: the table and that file's index of the section. */
typedef struct dw_sec {
    uint64_t lo, hi;
    size_t shndx;
    const dw_symtab *tab;
} dw_sec;

struct cg_dwarf {
    int fd;
    Elf *elf; /* the object */
    /* The separate debug file whose DWARF is read, when the object has
       none of its own: -1 and NULL otherwise. */
    int dbg_fd;
    Elf *dbg_elf;
    Dwarf *dw;
    dw_cu *cus;
    size_t ncus;
    dw_sec *secs;
    size_t nsecs;
    dw_symtab own; /* the object's symbols, as addr2line reads them */
    dw_symtab dbg; /* the debug file's symbol table */
    cg_strtab strs;
    uint32_t unknown; /* "??" */
    cg_dwarf_mode mode;
    const unsigned char *line_data; /* .debug_line */
    size_t line_size;
    bool msb;        /* a big-endian object */
    cg_u64map files; /* libdw's name of a file (its address) to ours, plus 1 */
    /* The unit being read (scan_die), its file table and directory. */
    dw_cu *cur;
    Dwarf_Files *cur_files;
    size_t cur_nfiles;
    const char *cur_comp_dir;
    uint64_t *rng; /* one function's ranges while it is read (add_fn) */
    size_t caprng;
};

static const char *str_of(const cg_dwarf *d, uint32_t id)
{
    return cg_name(&d->strs, id)->s;
}

static uint32_t intern(cg_dwarf *d, const char *s)
{
    return cg_intern(&d->strs, s, strlen(s));
}

/* A file's name as binutils puts it together.  libdw joins the file's
   directory to its name; binutils also puts the unit's DW_AT_comp_dir
   before a directory that is relative (rustc's `library/core/src/...`,
   glibc's `./stdlib` under the comp_dir `./stdlib`, which makes
   `./stdlib/./stdlib/abort.c`).  Before DWARF 5, directory 0 is the
   comp_dir itself, which binutils does not repeat: a relative name that
   starts with a relative comp_dir is one libdw made from directory 0.  In
   DWARF 5 directory 0 is an entry of the table like the others. */
static uint32_t file_id(cg_dwarf *d, unsigned version, const char *name)
{
    if (name == NULL) return intern(d, "<unknown>");
    uint32_t *slot = cg_u64map_slot(&d->files, (uint64_t)(uintptr_t)name, true);
    if (*slot) return *slot - 1;
    const char *dir = d->cur_comp_dir;
    size_t dlen = dir ? strlen(dir) : 0;
    uint32_t id;
    if (name[0] == '/' || dir == NULL ||
        (version < 5 && dir[0] != '/' && strncmp(name, dir, dlen) == 0 && name[dlen] == '/')) {
        id = intern(d, name);
    } else {
        cg_buf b = {0};
        cg_buf_add(&b, dir, dlen);
        cg_buf_addc(&b, '/');
        cg_buf_adds(&b, name);
        id = cg_intern(&d->strs, b.p, b.len);
        cg_buf_free(&b);
    }
    *slot = id + 1;
    return id;
}

/* binutils' mangle_style: 0 for the languages whose plain names are their
   symbols' names, so that DW_AT_name counts as a linkage name there. */
static int lang_style(int lang)
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
static uint32_t shown_name(cg_dwarf *d, const char *raw)
{
    if (raw == NULL || *raw == '\0') return d->unknown;
    char *dm = demangle(raw);
    uint32_t id = intern(d, dm ? dm : raw);
    free(dm);
    return id;
}

/* ---- symbols ----------------------------------------------------------- */

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
static void read_symbols(Elf *elf, bool dynamic_too, dw_symtab *t)
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
static void read_sections(cg_dwarf *d)
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
static const dw_sec *section_of(const cg_dwarf *d, uint64_t addr)
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
static const dw_sym *symbol_at(const dw_sec *sec, uint64_t addr)
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

/* ---- a unit's line table ---------------------------------------------- */

/* A reader of .debug_line's bytes that stops at the end it is given. */
typedef struct lp {
    const unsigned char *p, *end;
    bool bad;
    bool msb; /* a big-endian object */
} lp;

static uint64_t lp_fixed(lp *r, size_t n)
{
    if ((size_t)(r->end - r->p) < n) {
        r->bad = true;
        r->p = r->end;
        return 0;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) v |= (uint64_t)r->p[i] << (8 * (r->msb ? n - 1 - i : i));
    r->p += n;
    return v;
}

static uint64_t lp_uleb(lp *r)
{
    uint64_t v = 0;
    unsigned shift = 0;
    while (r->p < r->end) {
        unsigned char b = *r->p++;
        if (shift < 64) v |= (uint64_t)(b & 0x7f) << shift;
        shift += 7;
        if (!(b & 0x80)) return v;
    }
    r->bad = true;
    return v;
}

static int64_t lp_sleb(lp *r)
{
    uint64_t v = 0;
    unsigned shift = 0;
    unsigned char b = 0;
    while (r->p < r->end) {
        b = *r->p++;
        if (shift < 64) v |= (uint64_t)(b & 0x7f) << shift;
        shift += 7;
        if (!(b & 0x80)) break;
    }
    if (shift < 64 && (b & 0x40)) v |= ~(uint64_t)0 << shift;
    return (int64_t)v;
}

/* The name of file number `file` of the unit's line table, as binutils
   numbers them: from 0 in DWARF 5, from 1 before (where 0 is no file). */
static uint32_t line_file(cg_dwarf *d, unsigned version, uint64_t file)
{
    if ((version < 5 && file == 0) || d->cur_files == NULL || file >= d->cur_nfiles)
        return file_id(d, version, NULL);
    return file_id(d, version, dwarf_filesrc(d->cur_files, file, NULL, NULL));
}

static int seq_order(const void *a, const void *b)
{
    const dw_seq *x = a, *y = b;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi) return x->hi > y->hi ? -1 : 1; /* the larger first */
    return x->order < y->order ? -1 : x->order > y->order;
}

static void add_row(dw_cu *c, size_t *cap, size_t start, dw_row row)
{
    /* Of rows at one address binutils keeps the last. */
    if (c->nrows > start && c->rows[c->nrows - 1].addr == row.addr &&
        c->rows[c->nrows - 1].end == row.end) {
        c->rows[c->nrows - 1] = row;
        return;
    }
    xgrow((void **)&c->rows, cap, c->nrows + 1, sizeof *c->rows);
    c->rows[c->nrows++] = row;
}

/* Runs the unit's line program (at `off` in .debug_line) into rows, in the
   order it makes them, as binutils' decode_line_info does.  It is run here
   rather than read from libdw's table because binutils' answer depends on
   what libdw does not keep: the order of rows at one address, and whether
   a row's file was set in its sequence or is the sequence's first (file 0
   in DWARF 5, where binutils 2.40 starts from 0, not from 1). */
static void run_line_program(cg_dwarf *d, dw_cu *c, uint64_t off)
{
    if (d->line_data == NULL || off >= d->line_size) return;
    lp r = {d->line_data + off, d->line_data + d->line_size, false, d->msb};
    uint64_t len = lp_fixed(&r, 4);
    size_t osize = 4;
    if (len == 0xffffffffu) {
        len = lp_fixed(&r, 8);
        osize = 8;
    }
    if (r.bad || len > (uint64_t)(r.end - r.p)) return;
    r.end = r.p + len;
    unsigned version = (unsigned)lp_fixed(&r, 2);
    if (version < 2 || version > 5) return;
    if (version >= 5) lp_fixed(&r, 2); /* address_size, segment_selector_size */
    uint64_t hlen = lp_fixed(&r, osize);
    if (r.bad || hlen > (uint64_t)(r.end - r.p)) return;
    const unsigned char *prog = r.p + hlen;
    unsigned min_len = (unsigned)lp_fixed(&r, 1);
    if (version >= 4) lp_fixed(&r, 1); /* maximum_operations_per_instruction */
    lp_fixed(&r, 1);                   /* default_is_stmt */
    int line_base = (signed char)lp_fixed(&r, 1);
    unsigned line_range = (unsigned)lp_fixed(&r, 1);
    unsigned opcode_base = (unsigned)lp_fixed(&r, 1);
    const unsigned char *oplens = r.p;
    if (r.bad || line_range == 0 || opcode_base == 0 || (size_t)(prog - oplens) < opcode_base - 1u)
        return;
    r.p = prog;
    c->line_version = version;

    size_t cap = 0, capseq = 0;
    uint32_t first_file = line_file(d, version, version >= 5 ? 0 : 1);
    while (r.p < r.end && !r.bad) {
        /* One sequence: the registers start afresh. */
        uint64_t addr = 0, lo = UINT64_MAX;
        uint32_t file = first_file;
        int64_t line = 1;
        unsigned discr = 0;
        size_t start = c->nrows;
        bool ended = false;
        while (r.p < r.end && !r.bad && !ended) {
            unsigned op = *r.p++;
            bool row = false;
            if (op >= opcode_base) {
                unsigned adj = op - opcode_base;
                addr += (uint64_t)(adj / line_range) * min_len;
                line += line_base + (int)(adj % line_range);
                row = true;
            } else if (op == 0) { /* extended */
                uint64_t n = lp_uleb(&r);
                if (n == 0 || n > (uint64_t)(r.end - r.p)) {
                    r.bad = true;
                    break;
                }
                const unsigned char *next = r.p + n;
                unsigned sub = *r.p++;
                if (sub == DW_LNE_end_sequence) {
                    add_row(c, &cap, start, (dw_row){addr, file, (uint32_t)line, discr, true});
                    if (addr < lo) lo = addr;
                    ended = true;
                } else if (sub == DW_LNE_set_address) {
                    addr = lp_fixed(&r, (size_t)(n - 1) > 8 ? 8 : (size_t)(n - 1));
                } else if (sub == DW_LNE_set_discriminator) {
                    discr = (unsigned)lp_uleb(&r);
                }
                r.p = next;
            } else {
                switch (op) {
                case DW_LNS_copy:
                    row = true;
                    break;
                case DW_LNS_advance_pc:
                    addr += lp_uleb(&r) * min_len;
                    break;
                case DW_LNS_advance_line:
                    line += lp_sleb(&r);
                    break;
                case DW_LNS_set_file:
                    file = line_file(d, version, lp_uleb(&r));
                    break;
                case DW_LNS_const_add_pc:
                    addr += (uint64_t)((255 - opcode_base) / line_range) * min_len;
                    break;
                case DW_LNS_fixed_advance_pc:
                    addr += lp_fixed(&r, 2);
                    break;
                default: /* operands we do not need: ULEB128s, as many as the header says */
                    for (unsigned k = 0; k < oplens[op - 1]; k++) lp_uleb(&r);
                    break;
                }
            }
            if (row) {
                add_row(c, &cap, start, (dw_row){addr, file, (uint32_t)line, discr, false});
                if (addr < lo) lo = addr;
                discr = 0;
            }
        }
        if (!ended) {
            c->nrows = start; /* a sequence without its end is no sequence */
            break;
        }
        xgrow((void **)&c->seqs, &capseq, c->nseqs + 1, sizeof *c->seqs);
        c->seqs[c->nseqs] = (dw_seq){lo, addr, start, c->nrows - start, c->nseqs};
        c->nseqs++;
    }
    if (c->nseqs == 0) return;
    qsort(c->seqs, c->nseqs, sizeof *c->seqs, seq_order);
    /* Drop the sequences that lie within another, cut those that overlap
       the one before, so that halving finds the one that holds an address. */
    size_t kept = 1;
    uint64_t last_hi = c->seqs[0].hi;
    for (size_t i = 1; i < c->nseqs; i++) {
        dw_seq q = c->seqs[i];
        if (q.lo < last_hi) {
            if (q.hi <= last_hi) continue;
            q.lo = last_hi;
        }
        last_hi = q.hi;
        c->seqs[kept++] = q;
    }
    c->nseqs = kept;
}

/* ---- a unit's functions ------------------------------------------------ */

struct names {
    const char *name;
    bool is_linkage;
};

static int lang_style_of(Dwarf_Die *die)
{
    Dwarf_Die cu;
    if (dwarf_diecu(die, &cu, NULL, NULL) == NULL) return 1;
    return lang_style(dwarf_srclang(&cu));
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

static void add_fn(cg_dwarf *d, Dwarf_Die *die, int tag, uint32_t enclosing)
{
    dw_cu *c = d->cur;
    xgrow((void **)&c->fns, &c->capfns, c->nfns + 1, sizeof *c->fns);
    uint32_t id = (uint32_t)c->nfns++;
    dw_fn *f = &c->fns[id];
    memset(f, 0, sizeof *f);
    f->caller = tag == DW_TAG_inlined_subroutine ? enclosing : NONE;
    f->name = NONE;
    f->call_file = NONE;

    struct names nm = {NULL, false};
    struct attr_walk w = {&nm, c->lang_style, 0, false};
    dwarf_getattrs(die, name_attr, &w, 0);
    f->raw = nm.name;
    f->is_linkage = nm.is_linkage;

    Dwarf_Attribute a;
    Dwarf_Word v;
    if (dwarf_attr(die, DW_AT_call_file, &a) && dwarf_formudata(&a, &v) == 0) {
        f->call_file = line_file(d, c->line_version, v);
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

/* Makes a unit the one being read (its DIE into *cudie): its file table
   and directory, which line_file reads. */
static bool enter_cu(cg_dwarf *d, dw_cu *c, Dwarf_Die *cudie)
{
    if (dwarf_offdie(d->dw, c->off, cudie) == NULL) return false;
    d->cur = c;
    d->cur_files = NULL;
    d->cur_nfiles = 0;
    Dwarf_Attribute a;
    d->cur_comp_dir = dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &a));
    dwarf_getsrcfiles(cudie, &d->cur_files, &d->cur_nfiles);
    return true;
}

static void leave_cu(cg_dwarf *d)
{
    d->cur = NULL;
    d->cur_files = NULL;
    d->cur_nfiles = 0;
    d->cur_comp_dir = NULL;
}

/* Reads a unit's line table the first time it is needed. */
static void read_lines(cg_dwarf *d, dw_cu *c)
{
    if (c->lines_read) return;
    c->lines_read = true;
    Dwarf_Die cudie;
    if (!enter_cu(d, c, &cudie)) return;
    Dwarf_Attribute a;
    Dwarf_Word stmt;
    if (dwarf_formudata(dwarf_attr(&cudie, DW_AT_stmt_list, &a), &stmt) == 0)
        run_line_program(d, c, stmt);
    leave_cu(d);
}

/* Reads a unit's functions and lines the first time it is asked. */
static void scan_cu(cg_dwarf *d, dw_cu *c)
{
    if (c->scanned) return;
    c->scanned = true;
    read_lines(d, c);
    Dwarf_Die cudie;
    if (!enter_cu(d, c, &cudie)) return;
    c->lang_style = lang_style(dwarf_srclang(&cudie));
    scan_die(d, &cudie, NONE, 0);
    leave_cu(d);
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
static uint32_t find_fn(const dw_cu *c, uint64_t addr)
{
    size_t lo = 0, hi = c->nfr;
    while (lo < hi) { /* the first range whose mark passes addr */
        size_t mid = lo + (hi - lo) / 2;
        if (c->fr[mid].mark <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint32_t best = NONE;
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

/* binutils' lookup_address_in_line_info_table. */
static const dw_row *find_row(const dw_cu *c, uint64_t addr)
{
    size_t lo = 0, hi = c->nseqs;
    const dw_seq *s = NULL;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        s = &c->seqs[mid];
        if (addr < s->lo)
            hi = mid;
        else if (addr >= s->hi)
            lo = mid + 1;
        else
            break;
    }
    if (s == NULL || addr < s->lo || addr >= s->hi) return NULL;
    const dw_row *rows = c->rows + s->first;
    size_t l = 0, h = s->n, mid = 0;
    const dw_row *info = NULL;
    while (l < h) {
        mid = l + (h - l) / 2;
        info = &rows[mid];
        if (addr < info->addr)
            h = mid;
        else if (mid + 1 < s->n && addr >= rows[mid + 1].addr)
            l = mid + 1;
        else
            break;
    }
    if (info && mid + 1 < s->n && addr >= info->addr && addr < rows[mid + 1].addr && !info->end)
        return info;
    return NULL;
}

/* Whether binutils asks a unit about addr: when the unit's ranges hold
   it, or it has none, or a sequence of its line table holds it.  binutils
   adds each sequence's addresses to the unit's ranges when it reads the
   table, and it reads the tables of all units before the one that answers
   (in .debug_info order, as it reads the units), so a sequence counts as
   a range for every unit that could answer first: padding after a
   function that a sequence covers and the unit's ranges do not (glibc's)
   is answered by that unit's line. */
static bool cu_holds(cg_dwarf *d, dw_cu *c, uint64_t addr)
{
    if (c->nranges == 0) return true;
    for (size_t i = 0; i < c->nranges; i++)
        if (addr >= c->ranges[2 * i] && addr < c->ranges[2 * i + 1]) return true;
    read_lines(d, c);
    size_t lo = 0, hi = c->nseqs; /* the last sequence starting at or before addr */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->seqs[mid].lo <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && addr < c->seqs[lo - 1].hi;
}

/* The name a function is shown by.  In the steady mode a function that
   has no linkage name is named by the symbol that starts where it does,
   when one does: what binutils ends up naming it once it has been the
   innermost level of an answer. */
static uint32_t fn_name(cg_dwarf *d, dw_cu *c, uint32_t fn)
{
    dw_fn *f = &c->fns[fn];
    if (f->name != NONE) return f->name;
    const char *raw = f->raw;
    if (!f->is_linkage && d->mode == CG_DWARF_STEADY) {
        const dw_sym *s = symbol_at(section_of(d, f->low), f->low);
        if (s != NULL && s->value == f->low) raw = s->name;
    }
    f->name = shown_name(d, raw);
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
static uint32_t innermost_name(cg_dwarf *d, dw_cu *c, uint32_t fn, const dw_sec *sec, uint64_t addr,
                               const char **file)
{
    dw_fn *f = &c->fns[fn];
    if (f->is_linkage || d->mode == CG_DWARF_STEADY) return fn_name(d, c, fn);
    const dw_sym *s = symbol_at(sec, addr);
    if (*file == NULL && s != NULL && s->file != NULL) *file = s->file;
    f->is_linkage = true;
    if (s == NULL) return fn_name(d, c, fn);
    if (s->value == f->low) {
        f->raw = s->name;
        f->name = NONE;
        return fn_name(d, c, fn);
    }
    return shown_name(d, s->name);
}

size_t cg_dwarf_chain(cg_dwarf *d, uint64_t addr, cg_inline_frame *out, size_t max)
{
    const dw_sec *sec = section_of(d, addr);
    if (sec == NULL) return 0;
    dw_cu *c = NULL;
    uint32_t fn = NONE;
    const dw_row *row = NULL;
    for (size_t i = 0; i < d->ncus; i++) {
        if (!cu_holds(d, &d->cus[i], addr)) continue;
        scan_cu(d, &d->cus[i]);
        fn = find_fn(&d->cus[i], addr);
        row = find_row(&d->cus[i], addr);
        if (fn != NONE || row != NULL) {
            c = &d->cus[i];
            break;
        }
    }
    const char *file = row ? str_of(d, row->file) : NULL;
    unsigned line = row ? row->line : 0, discr = row ? row->discr : 0;
    if (fn == NONE) {
        /* No function in DWARF: the symbol names the code; its STT_FILE
           stands in for a file DWARF does not give. */
        const dw_sym *s = symbol_at(sec, addr);
        if (s == NULL && row == NULL) return 0;
        if (max) {
            out[0].function = s ? str_of(d, shown_name(d, s->name)) : str_of(d, d->unknown);
            if (file == NULL && s != NULL && s->file != NULL) file = s->file;
            out[0].file = file ? file : str_of(d, d->unknown);
            out[0].line = line;
            out[0].discriminator = line ? discr : 0;
        }
        return 1;
    }
    size_t n = 0;
    for (uint32_t f = fn; f != NONE; f = c->fns[f].caller) n++;
    /* The innermost name first: finding it may rename the function. */
    uint32_t inner_name = innermost_name(d, c, fn, sec, addr, &file);
    /* Fill from the innermost level, which is the last. */
    size_t k = n;
    uint32_t inner = NONE;
    for (uint32_t f = fn; f != NONE; inner = f, f = c->fns[f].caller) {
        k--;
        if (k >= max) continue;
        cg_inline_frame *o = &out[k];
        if (inner == NONE) {
            o->function = str_of(d, inner_name);
            o->file = file ? file : str_of(d, d->unknown);
            o->line = line;
            o->discriminator = line ? discr : 0;
        } else {
            o->function = str_of(d, fn_name(d, c, f));
            uint32_t cf = c->fns[inner].call_file;
            o->file = str_of(d, cf != NONE ? cf : d->unknown);
            o->line = c->fns[inner].call_line;
            o->discriminator = 0;
        }
    }
    return n;
}

/* ---- the separate debug file ------------------------------------------- */

/* binutils' DEBUGDIR, the last directory it looks in for a separate debug
   file: the one it was configured with, which on Debian is the multiarch
   library directory's debug/ (Debian's binutils 2.40 on amd64 looks in
   /usr/lib/x86_64-linux-gnu/debug).  -DCG_DEBUGDIR=... names another. */
#ifndef CG_DEBUGDIR
#if defined(__x86_64__) && defined(__LP64__)
#define CG_DEBUGDIR "/usr/lib/x86_64-linux-gnu/debug"
#elif defined(__i386__)
#define CG_DEBUGDIR "/usr/lib/i386-linux-gnu/debug"
#elif defined(__aarch64__)
#define CG_DEBUGDIR "/usr/lib/aarch64-linux-gnu/debug"
#else
#define CG_DEBUGDIR "/usr/lib/debug"
#endif
#endif

/* binutils' two extra roots, tried before DEBUGDIR. */
#define DEBUG_ROOT1 "/usr/lib/debug"
#define DEBUG_ROOT2 "/usr/lib/debug/usr"

/* Whether an ELF file has DWARF where binutils looks for it
   (find_debug_info): a .debug_info or .zdebug_info section, or a
   .gnu.linkonce.wi.* one, with contents.  Without one binutils looks for
   a separate debug file. */
static bool has_debug_info(Elf *elf)
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

/* The build ID of an ELF file: the description of a GNU NT_GNU_BUILD_ID
   note in one of its note sections (of several, the last, which is the
   one binutils keeps), copied to *id; its length, 0 without one. */
static size_t build_id(Elf *elf, unsigned char **id)
{
    *id = NULL;
    size_t len = 0;
    Elf_Scn *scn = NULL;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE) continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (data == NULL || data->d_buf == NULL) continue;
        GElf_Nhdr nh;
        size_t off = 0, next, name_off, desc_off;
        while ((next = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
            const char *base = data->d_buf;
            if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && nh.n_descsz > 0 &&
                memcmp(base + name_off, "GNU", 4) == 0) {
                free(*id);
                *id = (unsigned char *)xmemdup0(base + desc_off, nh.n_descsz);
                len = nh.n_descsz;
            }
            off = next;
        }
    }
    return len;
}

/* The file name and CRC of the object's .gnu_debuglink section: the name,
   NUL-terminated, then the CRC in the object's byte order at the next
   multiple of 4.  NULL when there is none or the name is empty. */
static char *debuglink(Elf *elf, uint32_t *crc)
{
    size_t shstrndx;
    if (elf_getshdrstrndx(elf, &shstrndx) != 0) return NULL;
    Elf_Scn *scn = NULL;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        if (gelf_getshdr(scn, &sh) == NULL) continue;
        const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
        if (name == NULL || strcmp(name, ".gnu_debuglink") != 0) continue;
        Elf_Data *data = sh.sh_type == SHT_NOBITS ? NULL : elf_rawdata(scn, NULL);
        if (data == NULL || data->d_buf == NULL || data->d_size < 8) return NULL;
        const unsigned char *p = data->d_buf;
        size_t len = strnlen((const char *)p, data->d_size);
        size_t at = (len + 1 + 3) & ~(size_t)3;
        if (len == 0 || at + 4 > data->d_size) return NULL;
        const char *ident = elf_getident(elf, NULL);
        bool msb = ident != NULL && ident[EI_DATA] == ELFDATA2MSB;
        *crc = 0;
        for (size_t i = 0; i < 4; i++) *crc |= (uint32_t)p[at + i] << (8 * (msb ? 3 - i : i));
        return xmemdup0((const char *)p, len);
    }
    return NULL;
}

/* The CRC-32 of .gnu_debuglink (the reflected polynomial 0xedb88320, as
   zlib's crc32) of a whole file.  false when it cannot be read. */
static bool file_crc(int fd, uint32_t *out)
{
    static uint32_t table[256];
    if (table[1] == 0)
        for (uint32_t n = 0; n < 256; n++) {
            uint32_t c = n;
            for (int k = 0; k < 8; k++) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            table[n] = c;
        }
    unsigned char buf[65536];
    uint32_t crc = 0xffffffffu;
    for (;;) {
        ssize_t got = read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return false;
        if (got == 0) break;
        for (ssize_t i = 0; i < got; i++) crc = table[(crc ^ buf[i]) & 0xff] ^ (crc >> 8);
    }
    *out = crc ^ 0xffffffffu;
    return true;
}

/* The places binutils tries for a separate debug file named `base`, in
   its order (find_separate_debug_file): the object's directory as the
   object was named, its .debug/ subdirectory, the two extra roots and
   DEBUGDIR, each of the last three followed by the object's directory with
   symbolic links resolved.  The build-ID lookup (with_dirs false) puts no
   directory of the object's in: its first two places are relative to the
   current directory.  Each place is its directory (dirs[i], as the
   message shows it) and its file (files[i]). */
#define NPLACES 5
static void places(const char *path, const char *base, bool with_dirs, char *dirs[NPLACES],
                   char *files[NPLACES])
{
    const char *slash = strrchr(path, '/');
    char *dir = with_dirs && slash ? xmemdup0(path, (size_t)(slash + 1 - path)) : xstrdup("");
    char *real = realpath(path, NULL);
    char *canon = xstrdup(real ? real : path);
    free(real);
    char *cut = strrchr(canon, '/');
    if (cut)
        cut[1] = '\0';
    else
        canon[0] = '\0';
    const char *under = with_dirs ? canon : "/";
    cg_buf b[NPLACES] = {{0}};
    cg_buf_adds(&b[0], dir);
    cg_buf_printf(&b[1], "%s.debug/", dir);
    cg_buf_printf(&b[2], "%s%s", DEBUG_ROOT1, under);
    cg_buf_printf(&b[3], "%s%s", DEBUG_ROOT2, under);
    /* DEBUGDIR as binutils joins it: a '/' after it only where the rest
       does not start with one. */
    const char *dd = CG_DEBUGDIR;
    size_t ddlen = strlen(dd);
    cg_buf_adds(&b[4], dd);
    if (ddlen > 1 && dd[ddlen - 1] != '/' && (!with_dirs || canon[0] != '/'))
        cg_buf_addc(&b[4], '/');
    if (with_dirs) cg_buf_adds(&b[4], canon);
    for (int i = 0; i < NPLACES; i++) {
        /* A place relative to the current directory is shown as one. */
        cg_buf shown = {0};
        cg_buf_adds(&shown, i < 2 && dir[0] == '\0' ? "./" : "");
        cg_buf_add(&shown, b[i].p ? b[i].p : "", b[i].len);
        dirs[i] = shown.p;
        cg_buf_adds(&b[i], base);
        files[i] = xmemdup0(b[i].p, b[i].len);
        cg_buf_free(&b[i]);
    }
    free(dir);
    free(canon);
}

static void free_places(char *dirs[NPLACES], char *files[NPLACES])
{
    for (int i = 0; i < NPLACES; i++) {
        free(dirs[i]);
        free(files[i]);
    }
}

/* "a/, b/, c/ or d/" */
static void put_dirs(cg_buf *b, char *dirs[NPLACES])
{
    for (int i = 0; i < NPLACES; i++)
        cg_buf_printf(b, "%s%s", i == 0 ? "" : i == NPLACES - 1 ? " or " : ", ", dirs[i]);
}

static bool open_elf(const char *path, int *fd, Elf **elf)
{
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0) return false;
    *elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
    if (*elf != NULL && elf_kind(*elf) == ELF_K_ELF) return true;
    if (*elf) elf_end(*elf);
    close(*fd);
    *elf = NULL;
    *fd = -1;
    return false;
}

/* The separate debug file binutils reads for an object that has no DWARF
   of its own (bfd_follow_build_id_debuglink, then bfd_follow_gnu_debuglink):
   by build ID, the first place holding .build-id/NN/NNNN...debug that is
   an ELF file with the object's build ID; failing that, by the
   .gnu_debuglink, the first place holding a file of that name whose CRC is
   the link's.  Binutils then reads that file whatever it holds, or gives
   up: it does not try the next place.  Opens the file into *fd and *elf
   and returns its name; NULL, with where it looked in *why, when there is
   none. */
static char *find_debug_file(const char *path, Elf *elf, int *fd, Elf **delf, cg_buf *why)
{
    char *dirs[NPLACES], *files[NPLACES];
    unsigned char *id;
    size_t idlen = build_id(elf, &id);
    if (idlen > 0) {
        cg_buf base = {0};
        cg_buf_printf(&base, ".build-id/%02x/", id[0]);
        for (size_t i = 1; i < idlen; i++) cg_buf_printf(&base, "%02x", id[i]);
        cg_buf_adds(&base, ".debug");
        places(path, base.p, false, dirs, files);
        cg_buf_printf(why, "by its build ID, no %s in ", base.p);
        put_dirs(why, dirs);
        cg_buf_free(&base);
        for (int i = 0; i < NPLACES; i++) {
            if (!open_elf(files[i], fd, delf)) continue;
            unsigned char *other;
            size_t olen = build_id(*delf, &other);
            bool same = olen == idlen && memcmp(other, id, idlen) == 0;
            free(other);
            if (same) {
                char *found = xstrdup(files[i]);
                free_places(dirs, files);
                free(id);
                return found;
            }
            cg_buf_printf(why, " (%s has another build ID)", files[i]);
            elf_end(*delf);
            close(*fd);
            *delf = NULL;
            *fd = -1;
        }
        free_places(dirs, files);
    } else {
        cg_buf_adds(why, "it has no build ID");
    }
    free(id);

    uint32_t crc;
    char *link = debuglink(elf, &crc);
    if (link == NULL) {
        cg_buf_adds(why, "; it has no .gnu_debuglink");
        return NULL;
    }
    places(path, link, true, dirs, files);
    cg_buf_printf(why, "; by its .gnu_debuglink, no %s with CRC 0x%08x in ", link, crc);
    put_dirs(why, dirs);
    free(link);
    for (int i = 0; i < NPLACES; i++) {
        *fd = open(files[i], O_RDONLY | O_CLOEXEC);
        if (*fd < 0) continue;
        uint32_t got = 0;
        bool read_ok = file_crc(*fd, &got);
        if (read_ok && got == crc) {
            *delf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
            char *found = xstrdup(files[i]);
            free_places(dirs, files);
            return found;
        }
        if (read_ok)
            cg_buf_printf(why, " (%s has CRC 0x%08x)", files[i], got);
        else
            cg_buf_printf(why, " (%s cannot be read: %s)", files[i], strerror(errno));
        close(*fd);
        *fd = -1;
    }
    free_places(dirs, files);
    return NULL;
}

/* ---- opening and closing ----------------------------------------------- */

static void read_units(cg_dwarf *d)
{
    Dwarf_Off off = 0, next;
    size_t hsize, cap = 0;
    while (dwarf_nextcu(d->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        Dwarf_Die cudie;
        if (dwarf_offdie(d->dw, off + hsize, &cudie) != NULL) {
            xgrow((void **)&d->cus, &cap, d->ncus + 1, sizeof *d->cus);
            dw_cu *c = &d->cus[d->ncus++];
            memset(c, 0, sizeof *c);
            c->off = off + hsize;
            size_t rcap = 0;
            Dwarf_Addr base, lo, hi;
            ptrdiff_t o = 0;
            while ((o = dwarf_ranges(&cudie, o, &base, &lo, &hi)) > 0) {
                if (lo == hi) continue;
                xgrow((void **)&c->ranges, &rcap, 2 * (c->nranges + 1), sizeof *c->ranges);
                c->ranges[2 * c->nranges] = lo;
                c->ranges[2 * c->nranges + 1] = hi;
                c->nranges++;
            }
        }
        off = next;
    }
}

/* .debug_line's bytes, uncompressed. */
static void read_line_section(cg_dwarf *d, Elf *elf)
{
    size_t shstrndx;
    if (elf_getshdrstrndx(elf, &shstrndx) != 0) return;
    Elf_Scn *scn = NULL;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        if (gelf_getshdr(scn, &sh) == NULL) continue;
        const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
        if (name == NULL) continue;
        if (strcmp(name, ".zdebug_line") == 0) {
            if (elf_compress_gnu(scn, 0, 0) < 0) return;
        } else if (strcmp(name, ".debug_line") != 0) {
            continue;
        } else if ((sh.sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0) {
            return;
        }
        Elf_Data *data = elf_getdata(scn, NULL);
        if (data == NULL || data->d_buf == NULL) return;
        d->line_data = data->d_buf;
        d->line_size = data->d_size;
        return;
    }
}

/* Closes what cg_dwarf_open opened before it failed, and says why. */
static cg_dwarf *refuse(int fd, Elf *elf, int dbg_fd, Elf *dbg_elf, cg_error *err, const char *fmt,
                        ...) __attribute__((format(printf, 6, 7)));
static cg_dwarf *refuse(int fd, Elf *elf, int dbg_fd, Elf *dbg_elf, cg_error *err, const char *fmt,
                        ...)
{
    cg_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    cg_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    cg_error_bytes(err, 1, b.p, b.len);
    cg_buf_free(&b);
    if (dbg_elf) elf_end(dbg_elf);
    if (dbg_fd >= 0) close(dbg_fd);
    if (elf) elf_end(elf);
    if (fd >= 0) close(fd);
    return NULL;
}

cg_dwarf *cg_dwarf_open(const char *path, cg_dwarf_mode mode, cg_error *err)
{
    elf_version(EV_CURRENT);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cg_error_errno(err, errno, path);
        return NULL;
    }
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    if (elf == NULL || elf_kind(elf) != ELF_K_ELF)
        return refuse(fd, elf, -1, NULL, err, "%s: not an ELF object", path);
    /* The DWARF is the object's own, or a separate debug file's. */
    int dbg_fd = -1;
    Elf *dbg_elf = NULL, *dw_elf = elf;
    char *dbg_path = NULL;
    if (!has_debug_info(elf)) {
        cg_buf why = {0};
        dbg_path = find_debug_file(path, elf, &dbg_fd, &dbg_elf, &why);
        if (dbg_path == NULL) {
            refuse(fd, elf, dbg_fd, dbg_elf, err,
                   "%s: no DWARF debugging information (build it with -g), and no separate debug "
                   "file: %s",
                   path, why.p);
            cg_buf_free(&why);
            return NULL;
        }
        cg_buf_free(&why);
        if (dbg_elf == NULL || elf_kind(dbg_elf) != ELF_K_ELF || !has_debug_info(dbg_elf)) {
            refuse(fd, elf, dbg_fd, dbg_elf, err,
                   "%s: no DWARF debugging information in it or in its separate debug file %s",
                   path, dbg_path);
            free(dbg_path);
            return NULL;
        }
        dw_elf = dbg_elf;
    }
    Dwarf *dw = dwarf_begin_elf(dw_elf, DWARF_C_READ, NULL);
    if (dw == NULL) {
        if (dbg_path)
            refuse(fd, elf, dbg_fd, dbg_elf, err,
                   "%s: the DWARF of its separate debug file %s cannot be read: %s", path, dbg_path,
                   dwarf_errmsg(-1));
        else
            refuse(fd, elf, -1, NULL, err, "%s: no DWARF debugging information (build it with -g)",
                   path);
        free(dbg_path);
        return NULL;
    }
    cg_dwarf *d = xcalloc(1, sizeof *d);
    d->fd = fd;
    d->elf = elf;
    d->dbg_fd = dbg_fd;
    d->dbg_elf = dbg_elf;
    d->dw = dw;
    d->mode = mode;
    const char *ident = elf_getident(dw_elf, NULL);
    d->msb = ident != NULL && ident[EI_DATA] == ELFDATA2MSB;
    cg_strtab_init(&d->strs);
    d->unknown = intern(d, "??");
    read_units(d);
    if (d->ncus == 0) {
        if (dbg_path)
            cg_error_set(err, 1,
                         "%s: no compilation unit in the DWARF of its separate debug file %s", path,
                         dbg_path);
        else
            cg_error_set(err, 1, "%s: no DWARF debugging information (build it with -g)", path);
        free(dbg_path);
        cg_dwarf_close(d);
        return NULL;
    }
    free(dbg_path);
    read_symbols(elf, true, &d->own);
    if (dbg_elf) read_symbols(dbg_elf, false, &d->dbg);
    read_sections(d);
    read_line_section(d, dw_elf);
    return d;
}

void cg_dwarf_close(cg_dwarf *d)
{
    if (d == NULL) return;
    for (size_t i = 0; i < d->ncus; i++) {
        dw_cu *c = &d->cus[i];
        free(c->ranges);
        free(c->fns);
        free(c->fr);
        free(c->rows);
        free(c->seqs);
    }
    free(d->cus);
    free(d->secs);
    free(d->own.syms);
    free(d->dbg.syms);
    free(d->rng);
    cg_u64map_free(&d->files);
    cg_strtab_free(&d->strs);
    dwarf_end(d->dw);
    if (d->dbg_elf) elf_end(d->dbg_elf);
    if (d->dbg_fd >= 0) close(d->dbg_fd);
    elf_end(d->elf);
    close(d->fd);
    free(d);
}
