/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dwarf-debugfile.c: the separate debug file of an object that has no
   DWARF of its own, as Debian ships its programs and libraries (the DWARF
   in a -dbgsym or -dbg package).  It is found where binutils 2.40 finds
   it, in its order, because the answer must be addr2line's: where
   addr2line reads no DWARF, or another file's, so must we.  That order
   (post/dwarf/README.md, "What is read from where") was established with
   `strace -e openat addr2line ...` and is kept by tests/inline's cases
   debuglink, build-id, build-id-cwd, debuglink-crc and libc.  When no file
   is found, the message says every place looked in and every file refused,
   since that is what a user needs to put the right package in place. */
#include "dwarf-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
char *dw_find_debug_file(const char *path, Elf *elf, int *fd, Elf **delf, cg_buf *why)
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
