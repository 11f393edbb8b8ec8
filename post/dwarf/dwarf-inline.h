/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-inline.h: where an instruction's code came from, inlining
   included: for an address of an ELF object (an executable or a shared
   library, at its link-time address), the chain of functions whose code it
   is, from the out-of-line function that holds it to the innermost function
   inlined there, each with a source file and line.  The answer is the one
   `addr2line -i -f -C` (binutils) gives, name for name and line for line,
   because that is the oracle users check a profile against and the one our
   tests compare with: where binutils' reading of DWARF and the symbol table
   has quirks (which function of several that hold an address is taken, how
   a function is named, how a file name is put together, a symbol's name for
   code that DWARF does not describe), the quirk is reproduced.

   What is read from where, as binutils 2.40 and 2.44 read it:

   * An object with a .debug_info section (or .zdebug_info) is read alone:
     its DWARF, and its symbol table (its dynamic one when it has none).
   * An object without one (stripped, as Debian ships it, the DWARF in a
     -dbgsym or -dbg package) is read with a separate debug file, looked
     for in binutils' order and stopping at the first found:
     1. by its build ID (its NT_GNU_BUILD_ID note), the file
        .build-id/NN/NNNN...debug (NN the ID's first byte in hex, then the
        rest) in ./ and ./.debug/ (the current directory's, not the
        object's), /usr/lib/debug/, /usr/lib/debug/usr/ and binutils'
        configured debug directory (/usr/lib/x86_64-linux-gnu/debug/ on
        Debian amd64; CG_DEBUGDIR at build time), taken if it is an ELF
        file with the same build ID;
     2. by its .gnu_debuglink section (a file name and a CRC-32), that name
        in the object's directory as the object was named, its .debug/
        subdirectory, and /usr/lib/debug, /usr/lib/debug/usr and the
        configured directory each followed by the object's directory with
        symbolic links resolved, taken if the whole file's CRC is the
        link's.
     The DWARF then comes from the debug file (libc6-dbg's file for libc,
     found by build ID), and so does the symbol table that names code,
     for each of the object's sections that has a counterpart of the same
     name at the same place in the debug file; which addresses are code
     (the sections) is still read from the object.  A debug file taken
     that holds no DWARF is not passed over for the next place: binutils
     stops there too, and the object has no DWARF.

   The DWARF is read with elfutils' libdw, the symbol table with libelf, and
   names are demangled by libiberty as binutils does.  An object is opened
   once and asked many times: each compilation unit's functions and line
   table are read the first time an address falls in it and kept. */
#ifndef CG_DWARF_INLINE_H
#define CG_DWARF_INLINE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* One level of a chain.  Names and files are "??" where addr2line prints
   that; they belong to the object's handle and live until it is closed. */
typedef struct cg_inline_frame {
    const char *function; /* demangled, as addr2line -f -C prints it */
    const char *file;     /* the directory joined to the name as binutils joins them */
    unsigned line;        /* 0: not known (addr2line prints `?`) */
    /* The line table's discriminator of the address's own line, on the
       innermost level only (0 elsewhere and when there is none).
       addr2line repeats it after every known line of the chain. */
    unsigned discriminator;
} cg_inline_frame;

typedef struct cg_dwarf cg_dwarf;

/* How a function that DWARF names without a linkage name is named (C++
   templates and extern "C" functions in C++ units, for instance; not C's,
   whose plain names are their symbols').  binutils looks up the symbol of
   the address the first time such a function is the innermost level of an
   answer and answers with the symbol's name, which is the name of the
   out-of-line function holding the code when the function is inlined; it
   keeps the symbol's name as the function's own from then on when the
   symbol starts where the function does, and the DWARF name otherwise.  So
   one addr2line run's answers depend on the addresses asked before. */
typedef enum cg_dwarf_mode {
    /* Answers that do not depend on what was asked before: such a function
       is named by the symbol that starts where it does, if one does, and by
       its DWARF name otherwise; its first answer is not the holder's name.
       Otherwise the same as CG_DWARF_ADDR2LINE_RUN. */
    CG_DWARF_STEADY,
    /* One addr2line run's answers, byte for byte, when asked the same
       addresses in the same order (the tests' mode). */
    CG_DWARF_ADDR2LINE_RUN,
} cg_dwarf_mode;

/* The binutils release whose addr2line is reproduced where releases
   differ.  Each difference is one class of answers, and the steady mode
   always gives the one judged correct; CG_DWARF_ADDR2LINE_RUN gives the
   named release's:

   * The file of a DWARF 5 line-table row before the first
     DW_LNS_set_file of its sequence.  DWARF 5 starts the file register at
     1 (section 6.2.2), as earlier versions did, although it numbers files
     from 0; binutils 2.40 starts it at file 0, the unit's primary file,
     which names code of an included file (glibc's `strfromd.c` for
     `strfrom-skeleton.c`, GCC's LTO units' `<artificial>` for the source
     file).  binutils fixed it (PR 30783, 2023; 2.41 to 2.43 were not
     checked): 2.44 starts at file 1, the correct answer.  It is the only
     difference between 2.40 and 2.44 on the inline suite's programs and
     on Debian 12's libc (tests/inline, run with ADDR2LINE).

   A release other than these answers as the newest known does, and the
   tests' comparison shows where it differs. */
typedef enum cg_binutils {
    CG_BINUTILS_2_40,
    CG_BINUTILS_2_44,
    CG_BINUTILS_NEWEST = CG_BINUTILS_2_44,
} cg_binutils;

/* The release of a version string, as `addr2line --version` ends its first
   line ("2.40", "2.44", "2.44.50.20250101"): 2.40 for 2.40 alone, the
   newest known for anything else (unknown releases included). */
cg_binutils cg_binutils_of(const char *version);

/* Opens an object, and its separate debug file when its DWARF is there,
   and reads what every question needs (its sections, its symbols, the
   list of its compilation units).  NULL, with the reason in *err, when the
   file cannot be read, is not ELF or has no DWARF, neither its own nor in
   a debug file (the message then says where the debug file was looked for
   by build ID and by .gnu_debuglink, and which files found there were
   refused for another build ID or CRC). */
cg_dwarf *cg_dwarf_open(const char *path, cg_dwarf_mode mode, cg_error *err);

/* cg_dwarf_open, answering as the given binutils release where releases
   differ (in CG_DWARF_ADDR2LINE_RUN; the steady mode gives the correct
   answer whatever the release).  cg_dwarf_open is this with
   CG_BINUTILS_NEWEST. */
cg_dwarf *cg_dwarf_open_as(const char *path, cg_dwarf_mode mode, cg_binutils binutils,
                           cg_error *err);

/* The inline chain of the instruction at addr: outermost first, innermost
   last.  Level 0 is the out-of-line function, with the line where level 1
   was inlined into it (or the address's own line when nothing is inlined
   there); level k is the function inlined at level k with the call site of
   level k+1 in it; the last level has the address's own line.  Returns the
   number of levels, of which the first min(levels, max) are written to out
   (as snprintf does); 0 when nothing is known of addr (addr2line's `??` and
   `??:0`).  An address that DWARF gives no function for (code without
   debug information, padding after a function) has one level, named by
   the nearest symbol before it in its section, as addr2line names it.  In
   the CG_DWARF_ADDR2LINE_RUN mode each call is one more question of the
   run, and asking again may be answered otherwise: give out room for the
   deepest chain at once (a few dozen levels are plenty). */
size_t cg_dwarf_chain(cg_dwarf *d, uint64_t addr, cg_inline_frame *out, size_t max);

void cg_dwarf_close(cg_dwarf *d);

#endif
