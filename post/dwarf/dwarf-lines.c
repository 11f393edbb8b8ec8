/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-lines.c: a unit's line table, and the line of an address in it,
   as binutils reads them (decode_line_info,
   lookup_address_in_line_info_table).  The line program is run here, not
   read from libdw's table, because libdw's is sorted and keeps no trace
   of which rows had their file set, and of rows at one address the last
   counts.  Which file a sequence starts at depends on the release: DWARF 5
   starts the file register at 1 (section 6.2.2), as binutils 2.44 does,
   while 2.40 starts a DWARF 5 sequence at file 0, the unit's primary file,
   which names an included file's code by the file including it (glibc's
   `strfromd.c` for `strfrom-skeleton.c`, `<artificial>` for the source in
   GCC's LTO units).  binutils' PR 30783 (2023) fixed that; 2.41 to 2.43
   were not checked.  The bug is reproduced only for one addr2line 2.40
   run (CG_DWARF_ADDR2LINE_RUN opened with CG_BINUTILS_2_40: the object's
   dwarf5_seq_file0).  The line is that of the row at or before the
   address within its sequence; sequences are searched by their start once
   nested ones are
   dropped and overlapping ones cut.

   A file's name is also binutils': its directory joined to it, with the
   unit's DW_AT_comp_dir before a relative directory (rustc's std sources;
   glibc's `./stdlib/./stdlib/abort.c`, DWARF 5's directory 0 included).
   The call sites of inlined functions (dwarf-funcs.c) name their files
   through the same table, so the unit being read, whose table that is,
   is kept here too (dw_enter_cu). */
#include "dwarf-internal.h"

#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

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
    if (name == NULL) return dw_intern(d, "<unknown>");
    uint32_t *slot = cg_u64map_slot(&d->files, (uint64_t)(uintptr_t)name, true);
    if (*slot) return *slot - 1;
    const char *dir = d->cur_comp_dir;
    size_t dlen = dir ? strlen(dir) : 0;
    uint32_t id;
    if (name[0] == '/' || dir == NULL ||
        (version < 5 && dir[0] != '/' && strncmp(name, dir, dlen) == 0 && name[dlen] == '/')) {
        id = dw_intern(d, name);
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

/* .debug_line's bytes, uncompressed. */
void dw_read_line_section(cg_dwarf *d, Elf *elf)
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
uint32_t dw_line_file(cg_dwarf *d, unsigned version, uint64_t file)
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
   a row's file was set in its sequence or is the sequence's first (file 1;
   binutils 2.40 starts a DWARF 5 sequence at file 0). */
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
    /* The file register starts at 1 in every version; binutils 2.40 starts
       a DWARF 5 sequence at 0 (dwarf5_seq_file0). */
    uint32_t first_file = dw_line_file(d, version, version >= 5 && d->dwarf5_seq_file0 ? 0 : 1);
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
                    file = dw_line_file(d, version, lp_uleb(&r));
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

/* Makes a unit the one being read (its DIE into *cudie): its file table
   and directory, which dw_line_file reads. */
bool dw_enter_cu(cg_dwarf *d, dw_cu *c, Dwarf_Die *cudie)
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

void dw_leave_cu(cg_dwarf *d)
{
    d->cur = NULL;
    d->cur_files = NULL;
    d->cur_nfiles = 0;
    d->cur_comp_dir = NULL;
}

/* Reads a unit's line table the first time it is needed. */
void dw_read_lines(cg_dwarf *d, dw_cu *c)
{
    if (c->lines_read) return;
    c->lines_read = true;
    Dwarf_Die cudie;
    if (!dw_enter_cu(d, c, &cudie)) return;
    Dwarf_Attribute a;
    Dwarf_Word stmt;
    if (dwarf_formudata(dwarf_attr(&cudie, DW_AT_stmt_list, &a), &stmt) == 0)
        run_line_program(d, c, stmt);
    dw_leave_cu(d);
}

/* binutils' lookup_address_in_line_info_table. */
const dw_row *dw_find_row(const dw_cu *c, uint64_t addr)
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
