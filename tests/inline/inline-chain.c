/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inline-chain.c: the inline suite's driver (tests/inline/run.sh).
   `inline-chain [--steady] [--binutils=VERSION] [-a] OBJECT ADDR...` prints,
   for each address, what
   cg_dwarf_chain (post/dwarf/dwarf-inline.h) gives, laid out as
   `addr2line -i -f -C -e OBJECT ADDR...` prints it, so that the suite can
   compare the two outputs as they are: innermost level first, a line with
   the function's name and one with FILE:LINE each, `?` for an unknown line,
   the address's discriminator after every known line (addr2line repeats
   it), and `??` / `??:0` for an address nothing is known of.  The answers
   are one addr2line run's (CG_DWARF_ADDR2LINE_RUN), or with --steady those
   that do not depend on the addresses asked before (CG_DWARF_STEADY).
   --binutils names the release of the addr2line compared with, as its
   `--version` ends its first line (2.40, 2.44): where releases answer
   differently, one run's answers are that release's (cg_binutils_of; the
   newest known without the option or for another release).  Exit
   status 1 when the object cannot be opened.  -a puts each address first,
   as addr2line's -a does.  Without addresses on the command line they are
   read from standard input, as addr2line reads them. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf-inline.h"

/* One address's answer, as addr2line lays it out. */
static void answer(cg_dwarf *d, const char *arg, bool show_addr)
{
    static cg_inline_frame fr[1024];
    uint64_t addr = strtoull(arg, NULL, 16);
    if (show_addr) printf("0x%016llx\n", (unsigned long long)addr);
    size_t n = cg_dwarf_chain(d, addr, fr, 1024);
    if (n == 0) {
        fputs("??\n??:0\n", stdout);
        return;
    }
    if (n > 1024) {
        fprintf(stderr, "inline-chain: %s: %zu levels, more than 1024\n", arg, n);
        exit(1);
    }
    unsigned discr = fr[n - 1].discriminator;
    for (size_t k = n; k-- > 0;) {
        printf("%s\n%s:", fr[k].function, fr[k].file);
        if (fr[k].line == 0)
            puts("?");
        else if (discr != 0)
            printf("%u (discriminator %u)\n", fr[k].line, discr);
        else
            printf("%u\n", fr[k].line);
    }
}

int main(int argc, char **argv)
{
    cg_init("inline-chain");
    cg_dwarf_mode mode = CG_DWARF_ADDR2LINE_RUN;
    cg_binutils binutils = CG_BINUTILS_NEWEST;
    bool show_addr = false;
    for (; argc > 1 && argv[1][0] == '-'; argv++, argc--) {
        if (strcmp(argv[1], "--steady") == 0)
            mode = CG_DWARF_STEADY;
        else if (strncmp(argv[1], "--binutils=", 11) == 0)
            binutils = cg_binutils_of(argv[1] + 11);
        else if (strcmp(argv[1], "-a") == 0)
            show_addr = true;
        else
            break;
    }
    if (argc < 2) {
        fprintf(stderr,
                "usage: inline-chain [--steady] [--binutils=VERSION] [-a] OBJECT ADDR...\n");
        return 2;
    }
    cg_error err = {0};
    cg_dwarf *d = cg_dwarf_open_as(argv[1], mode, binutils, &err);
    if (d == NULL) {
        fprintf(stderr, "inline-chain: error: ");
        cg_put_safe(stderr, err.msg.p, err.msg.len);
        fputc('\n', stderr);
        cg_error_free(&err);
        return 1;
    }
    if (argc > 2) {
        for (int i = 2; i < argc; i++) answer(d, argv[i], show_addr);
    } else { /* the addresses on standard input, as addr2line reads them */
        char word[64];
        while (scanf("%63s", word) == 1) answer(d, word, show_addr);
    }
    cg_dwarf_close(d);
    return 0;
}
