/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-internal.h: what the files of post/dwarf share, and no one else
   sees (the interface is dwarf-inline.h): an opened object (struct
   cg_dwarf) with its sections, symbol tables and compilation units as
   they are kept once read, and the few functions one file of the folder
   calls in another.  Each concern of binutils' reading lives in one file:
   the ELF object's sections and symbols (dwarf-elf.c), the separate debug
   file (dwarf-debugfile.c), the line tables (dwarf-lines.c), a unit's
   functions (dwarf-funcs.c), their names (dwarf-names.c); dwarf-inline.c
   puts an answer together from them. */
#ifndef CG_DWARF_INTERNAL_H
#define CG_DWARF_INTERNAL_H

#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dwarf-inline.h"
#include "hashtab.h"
#include "strtab.h"
#include "util.h"

/* No function, no caller, no name made yet, no call file. */
#define DW_NONE UINT32_MAX

/* A function DIE: an out-of-line function or an inlined instance. */
typedef struct dw_fn {
    const char *raw;    /* the name DWARF gives (mangled or not), or NULL */
    uint64_t low;       /* binutils' first range's start (for the symbol rule) */
    uint32_t caller;    /* the enclosing function (inlined instances), or DW_NONE */
    uint32_t name;      /* the name shown, interned once made; DW_NONE before */
    uint32_t call_file; /* interned; DW_NONE without DW_AT_call_file */
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

/* A compilation unit: its ranges from the start, the rest read the first
   time an address may be in it (dwarf-funcs.c, dwarf-lines.c). */
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
    /* binutils 2.40's quirk (dwarf-inline.h, cg_binutils): each sequence
       of a DWARF 5 line table starts at file 0, not 1 (dwarf-lines.c). */
    bool dwarf5_seq_file0;
    const unsigned char *line_data; /* .debug_line */
    size_t line_size;
    bool msb;        /* a big-endian object */
    cg_u64map files; /* libdw's name of a file (its address) to ours, plus 1 */
    /* The unit being read (dw_enter_cu), its file table and directory. */
    dw_cu *cur;
    Dwarf_Files *cur_files;
    size_t cur_nfiles;
    const char *cur_comp_dir;
    uint64_t *rng; /* one function's ranges while it is read (dwarf-funcs.c) */
    size_t caprng;
};

static inline const char *dw_str_of(const cg_dwarf *d, uint32_t id)
{
    return cg_name(&d->strs, id)->s;
}

static inline uint32_t dw_intern(cg_dwarf *d, const char *s)
{
    return cg_intern(&d->strs, s, strlen(s));
}

/* dwarf-elf.c: the object's sections and the symbols that name code. */

/* Whether an ELF file has DWARF where binutils looks for it; without it
   binutils looks for a separate debug file. */
bool dw_has_debug_info(Elf *elf);
/* The symbols of `elf` that may name code, into t (dynamic_too: the
   dynamic symbol table when there is no other, as for the object). */
void dw_read_symbols(Elf *elf, bool dynamic_too, dw_symtab *t);
/* d->secs: the object's allocated sections, each with the symbol table
   that names its code; after both symbol tables are read. */
void dw_read_sections(cg_dwarf *d);
/* The allocated section holding addr, or NULL. */
const dw_sec *dw_section_of(const cg_dwarf *d, uint64_t addr);
/* The symbol binutils names the code at addr by, or NULL. */
const dw_sym *dw_symbol_at(const dw_sec *sec, uint64_t addr);

/* dwarf-debugfile.c: the separate debug file of an object (at path) that
   has no DWARF of its own, opened into *fd and *delf; its name, or NULL
   with where it was looked for in *why. */
char *dw_find_debug_file(const char *path, Elf *elf, int *fd, Elf **delf, cg_buf *why);

/* dwarf-lines.c: the units' line tables. */

/* d->line_data: the .debug_line section of elf, uncompressed. */
void dw_read_line_section(cg_dwarf *d, Elf *elf);
/* Makes c the unit being read (its DIE into *cudie), whose file table
   dw_line_file reads; dw_leave_cu ends that. */
bool dw_enter_cu(cg_dwarf *d, dw_cu *c, Dwarf_Die *cudie);
void dw_leave_cu(cg_dwarf *d);
/* The interned name of file number `file` of the unit being read. */
uint32_t dw_line_file(cg_dwarf *d, unsigned version, uint64_t file);
/* Reads a unit's line table (rows and sequences), once. */
void dw_read_lines(cg_dwarf *d, dw_cu *c);
/* The row of a unit's table that gives addr's line, or NULL. */
const dw_row *dw_find_row(const dw_cu *c, uint64_t addr);

/* dwarf-funcs.c: a unit's functions. */

/* Reads a unit's functions (and its line table), once. */
void dw_scan_cu(cg_dwarf *d, dw_cu *c);
/* The function of a scanned unit that binutils says holds addr, or
   DW_NONE. */
uint32_t dw_find_fn(const dw_cu *c, uint64_t addr);

/* dwarf-names.c: how functions and symbols are named. */

/* binutils' mangle_style of a DW_LANG_*: 0 where DW_AT_name counts as a
   linkage name. */
int dw_lang_style(int lang);
/* The name DWARF gives a function DIE, in a unit of the given style, and
   whether binutils takes it for a linkage name. */
void dw_die_name(Dwarf_Die *die, int style, const char **raw, bool *is_linkage);
/* The interned, demangled form of a name from DWARF or a symbol. */
uint32_t dw_shown_name(cg_dwarf *d, const char *raw);
/* The name a function is shown by on an outer level of a chain. */
uint32_t dw_fn_name(cg_dwarf *d, dw_cu *c, uint32_t fn);
/* The name of the innermost level, fn holding addr in sec; may rename fn
   (CG_DWARF_ADDR2LINE_RUN) and set *file where DWARF gave none. */
uint32_t dw_innermost_name(cg_dwarf *d, dw_cu *c, uint32_t fn, const dw_sec *sec, uint64_t addr,
                           const char **file);

#endif
