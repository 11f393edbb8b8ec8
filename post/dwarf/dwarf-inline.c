/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-inline.c: the interface of dwarf-inline.h (cg_dwarf_open,
   cg_dwarf_chain, cg_dwarf_close): what an object is opened with, which
   unit answers for an address, and the chain put together from that
   unit's answer.  The answer is binutils' addr2line -i -f -C (2.40's or
   2.44's where they differ: dwarf-inline.h, cg_binutils), quirks
   included, because the user checks ours against it; each rule was found
   by comparing with addr2line on every instruction of the inline suite's
   programs (tests/inline) and of the C library with its debug file, and
   those that differ from what libdw would answer are why this folder
   reads more than libdw's answers.  The rules are each in the file of
   their concern: where the DWARF and the symbols are read from
   (dwarf-debugfile.c, dwarf-elf.c), which function holds an address
   (dwarf-funcs.c), how it is named (dwarf-names.c), its line and file
   (dwarf-lines.c).  Two are the chain's own, and here:

   * A compilation unit is asked when its ranges hold the address, or it
     has none, or a sequence of its line table holds the address (binutils
     counts a sequence as a range of the unit once it has read the table,
     and it reads them in unit order); the first, in .debug_info order,
     that knows a function or a line there answers.
   * The chain is the function that holds the address and its enclosing
     function DIEs, each inlined one naming the call site
     (DW_AT_call_file/line) in its parent; where DWARF knows no function,
     the symbol table names the code, with no more levels.

   Nothing is asked of libdw per address: a unit is made into arrays the
   first time an address is in it, and searched by halving; names are
   demangled and interned once, the first time they are shown. */
#include "dwarf-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The units, in .debug_info order (binutils asks them in that order),
   each with its own ranges: enough to tell which units are asked about
   an address; the rest of a unit is read when it is first asked. */
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

cg_binutils cg_binutils_of(const char *version)
{
    char *end;
    unsigned long major = strtoul(version, &end, 10);
    if (*end != '.') return CG_BINUTILS_NEWEST;
    unsigned long minor = strtoul(end + 1, &end, 10);
    if (major == 2 && minor == 40 && (*end == '\0' || *end == '.')) return CG_BINUTILS_2_40;
    return CG_BINUTILS_NEWEST;
}

cg_dwarf *cg_dwarf_open(const char *path, cg_dwarf_mode mode, cg_error *err)
{
    return cg_dwarf_open_as(path, mode, CG_BINUTILS_NEWEST, err);
}

cg_dwarf *cg_dwarf_open_as(const char *path, cg_dwarf_mode mode, cg_binutils binutils,
                           cg_error *err)
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
    if (!dw_has_debug_info(elf)) {
        cg_buf why = {0};
        dbg_path = dw_find_debug_file(path, elf, &dbg_fd, &dbg_elf, &why);
        if (dbg_path == NULL) {
            refuse(fd, elf, dbg_fd, dbg_elf, err,
                   "%s: no DWARF debugging information (build it with -g), and no separate debug "
                   "file: %s",
                   path, why.p);
            cg_buf_free(&why);
            return NULL;
        }
        cg_buf_free(&why);
        if (dbg_elf == NULL || elf_kind(dbg_elf) != ELF_K_ELF || !dw_has_debug_info(dbg_elf)) {
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
    /* Where releases differ, the steady mode answers as the one that is
       right (dwarf-inline.h, cg_binutils). */
    d->dwarf5_seq_file0 = mode == CG_DWARF_ADDR2LINE_RUN && binutils == CG_BINUTILS_2_40;
    const char *ident = elf_getident(dw_elf, NULL);
    d->msb = ident != NULL && ident[EI_DATA] == ELFDATA2MSB;
    cg_strtab_init(&d->strs);
    d->unknown = dw_intern(d, "??");
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
    dw_read_symbols(elf, true, &d->own);
    if (dbg_elf) dw_read_symbols(dbg_elf, false, &d->dbg);
    dw_read_sections(d);
    dw_read_line_section(d, dw_elf);
    return d;
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
    dw_read_lines(d, c);
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

size_t cg_dwarf_chain(cg_dwarf *d, uint64_t addr, cg_inline_frame *out, size_t max)
{
    const dw_sec *sec = dw_section_of(d, addr);
    if (sec == NULL) return 0;
    dw_cu *c = NULL;
    uint32_t fn = DW_NONE;
    const dw_row *row = NULL;
    for (size_t i = 0; i < d->ncus; i++) {
        if (!cu_holds(d, &d->cus[i], addr)) continue;
        dw_scan_cu(d, &d->cus[i]);
        fn = dw_find_fn(&d->cus[i], addr);
        row = dw_find_row(&d->cus[i], addr);
        if (fn != DW_NONE || row != NULL) {
            c = &d->cus[i];
            break;
        }
    }
    const char *file = row ? dw_str_of(d, row->file) : NULL;
    unsigned line = row ? row->line : 0, discr = row ? row->discr : 0;
    if (fn == DW_NONE) {
        /* No function in DWARF: the symbol names the code; its STT_FILE
           stands in for a file DWARF does not give. */
        const dw_sym *s = dw_symbol_at(sec, addr);
        if (s == NULL && row == NULL) return 0;
        if (max) {
            out[0].function =
                s ? dw_str_of(d, dw_shown_name(d, s->name)) : dw_str_of(d, d->unknown);
            if (file == NULL && s != NULL && s->file != NULL) file = s->file;
            out[0].file = file ? file : dw_str_of(d, d->unknown);
            out[0].line = line;
            out[0].discriminator = line ? discr : 0;
        }
        return 1;
    }
    size_t n = 0;
    for (uint32_t f = fn; f != DW_NONE; f = c->fns[f].caller) n++;
    /* The innermost name first: finding it may rename the function. */
    uint32_t inner_name = dw_innermost_name(d, c, fn, sec, addr, &file);
    /* Fill from the innermost level, which is the last. */
    size_t k = n;
    uint32_t inner = DW_NONE;
    for (uint32_t f = fn; f != DW_NONE; inner = f, f = c->fns[f].caller) {
        k--;
        if (k >= max) continue;
        cg_inline_frame *o = &out[k];
        if (inner == DW_NONE) {
            o->function = dw_str_of(d, inner_name);
            o->file = file ? file : dw_str_of(d, d->unknown);
            o->line = line;
            o->discriminator = line ? discr : 0;
        } else {
            o->function = dw_str_of(d, dw_fn_name(d, c, f));
            uint32_t cf = c->fns[inner].call_file;
            o->file = dw_str_of(d, cf != DW_NONE ? cf : d->unknown);
            o->line = c->fns[inner].call_line;
            o->discriminator = 0;
        }
    }
    return n;
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
