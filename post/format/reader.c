/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reader.c: reading a profile of either format: opening it, telling its
   format by its content (docs/format.md, "Telling the formats apart"), the
   thread files of a Callgrind run, the rule on empty inputs (read for
   their thread files, left out, or an error), and handing the lines to the
   format's reader.  Every rule that fails sets the caller's cg_error and
   makes the functions return false up to cg_read_file, which never exits. */
#include "sink.h"
#include "tokens.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether a line of a file's first bytes can only be Callgrind's: a header
   key the Cachegrind format lacks, or its first line `# callgrind format`. */
static bool callgrind_key(const char *l, size_t n)
{
    static const char *const keys[] = {"version:",   "creator:", "pid:",    "thread:", "part:",
                                       "positions:", "event:",   "totals:", "ob=",     "fl=("};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        size_t k = strlen(keys[i]);
        if (n >= k && memcmp(l, keys[i], k) == 0) return true;
    }
    return false;
}

/* The format of a file from its first lines: Callgrind when a line before
   `events:` (or the first 4 KB) says so; else Cachegrind, whose reader then
   gives the errors it always gave. */
static cg_file_format sniff(cg_lineread *lr)
{
    const char *s;
    size_t n;
    cg_lineread_peek(lr, 4096, &s, &n);
    const char *end = s + n;
    for (int i = 0; s < end; i++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
        if (len && s[len - 1] == '\r') len--;
        if (i == 0 && len >= 18 && memcmp(s, "# callgrind format", 18) == 0)
            return CG_FMT_CALLGRIND;
        if (callgrind_key(s, len)) return CG_FMT_CALLGRIND;
        if (len >= 7 && memcmp(s, "events:", 7) == 0) break;
        if (!nl) break;
        s = nl + 1;
    }
    return CG_FMT_CACHEGRIND;
}

static cg_input *new_input(cg_profile *p, const char *path)
{
    xgrow((void **)&p->inputs, &p->cap_inputs, p->n_inputs + 1, sizeof *p->inputs);
    cg_input *in = &p->inputs[p->n_inputs++];
    memset(in, 0, sizeof *in);
    in->path = path;
    return in;
}

/* Reads s->lr to the end with the reader of its format; frees the lines. */
static bool read_lines(cg_sink *s)
{
    cg_file_format f = sniff(&s->lr);
    bool ok = f == CG_FMT_CALLGRIND ? cg_read_callgrind(s) : cg_read_cachegrind(s);
    cg_lineread_free(&s->lr);
    return ok;
}

static void sink_init(cg_sink *s, cg_profile *p, cg_input *in, const cg_read_opts *o, cg_error *err)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->in = in;
    s->o = o;
    s->err = err;
    s->part = CG_NONE;
    s->at.file = CG_NONE;
    s->pair = CG_NONE;
}

/* The input's totals are the sink's; false when the read failed. */
static cg_input *sink_done(cg_sink *s, bool ok)
{
    free(s->vals);
    if (ok) {
        /* Totals in the profile's order of events, like every other count. */
        cg_sink_reorder(s, s->total);
        cg_profile *p = s->p;
        for (size_t i = s->in->first_part; i < s->in->first_part + s->in->n_parts; i++) {
            cg_sink_reorder(s, p->parts[i].total);
            if (p->parts[i].summary) cg_sink_reorder(s, p->parts[i].summary);
        }
        if (s->in->claimed) cg_sink_reorder(s, s->in->claimed);
    }
    free(s->perm);
    free(s->pvals);
    free(s->inl_total);
    if (!ok) {
        free(s->total);
        return NULL;
    }
    s->in->total = s->total;
    return s->in;
}

static int open_profile(const char *path, cg_error *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return cg_error_errno(err, errno, path), -1;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return cg_error_errno(err, EISDIR, path), -1;
    }
    return fd;
}

/* PATH-01, PATH-02, ...: the thread files of a Callgrind run made with
   --separate-threads=yes, which leaves PATH itself empty.  The name of
   thread n (and its *st), or NULL when there is no such file. */
static char *thread_file(const char *path, int n, struct stat *st)
{
    size_t len = strlen(path) + 16;
    char *name = xmalloc(len);
    snprintf(name, len, "%s-%02d", path, n);
    if (stat(name, st) == 0 && S_ISREG(st->st_mode)) return name;
    free(name);
    return NULL;
}

/* Empty means a regular file of 0 bytes: a Callgrind run leaves its plain
   file so, and so does a run that ended before writing its profile. */
static bool is_empty(const struct stat *st)
{
    return S_ISREG(st->st_mode) && st->st_size == 0;
}

/* An empty file that stands for no thread files: never read as a profile
   that failed at line 1, since the user must learn that the run wrote
   nothing. */
static bool empty_error(cg_error *err, const char *path)
{
    return cg_error_set(err, 1,
                        "%s: the profile is empty (0 bytes); the profiled run may have crashed or "
                        "been killed before writing it",
                        path);
}

/* How an input is read, by the rule on empty files (docs/post-processors.md,
   "Empty inputs"). */
typedef enum {
    READ_CONTENT, /* not empty: its own lines */
    READ_THREADS, /* empty, with thread files: they are its profile */
    READ_NOTHING, /* empty, with some thread files named too: left out */
    READ_EMPTY,   /* empty with no thread files: an error */
} read_how;

static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Whether a file of *st is among the n_named inputs named. */
static bool is_named(const struct stat *st, char *const *named, size_t n_named)
{
    struct stat nst;
    for (size_t i = 0; i < n_named; i++)
        if (stat(named[i], &nst) == 0 && same_file(&nst, st)) return true;
    return false;
}

/* The one place of the rule: how the input at path, of *st, is read when
   it is summed with the n_named inputs named (none under --diff, where
   nothing is summed: a plain name then always stands for its thread
   files).  A thread file is recognised by identity, not by its spelling,
   so `./cg.out.1-01` or a link to it counts.  *first is the first thread
   file's name for READ_THREADS, else NULL. */
static read_how how_to_read(const char *path, const struct stat *st, char *const *named,
                            size_t n_named, char **first)
{
    *first = NULL;
    if (!is_empty(st)) return READ_CONTENT;
    struct stat tst;
    char *name = thread_file(path, 1, &tst);
    if (!name) return READ_EMPTY;
    *first = name;
    if (!n_named) return READ_THREADS;
    for (int n = 2; name; name = thread_file(path, n++, &tst)) {
        /* A link back to the plain file is no other input. */
        bool named_too = !same_file(&tst, st) && is_named(&tst, named, n_named);
        if (name != *first) free(name);
        if (named_too) {
            free(*first);
            *first = NULL;
            return READ_NOTHING;
        }
    }
    return READ_THREADS;
}

/* Reads the thread files after PATH into the same input, as parts. */
static bool read_threads(cg_sink *s, const char *path, char *first)
{
    bool ok = true;
    char *name = first;
    struct stat st;
    for (int n = 1; ok && name; name = thread_file(path, ++n, &st)) {
        /* The input keeps the name of its plain file; messages name the
           thread file read. */
        const char *keep = s->in->path;
        s->in->path = name;
        int fd = open_profile(name, s->err);
        if (fd < 0) {
            ok = false;
        } else if (fstat(fd, &st) == 0 && is_empty(&st)) {
            /* A thread file is read as it is, never for threads of its own. */
            ok = empty_error(s->err, name);
            close(fd);
        } else {
            cg_lineread_init(&s->lr, fd);
            ok = read_lines(s);
            close(fd);
        }
        if (ok)
            s->in->path = keep;
        else
            /* The message names the thread file; it must outlive the input. */
            s->in->path = xmemdup0(name, strlen(name));
        free(name);
    }
    free(name);
    return ok;
}

bool cg_read_skips(char *const *files, size_t n_files, size_t i, bool quiet)
{
    struct stat st;
    char *first;
    if (stat(files[i], &st) != 0) return false;
    read_how how = how_to_read(files[i], &st, files, n_files, &first);
    free(first);
    if (how != READ_NOTHING) return false;
    if (quiet) return true;
    fflush(stdout);
    fprintf(stderr, "%s: note: ", cg_prog);
    cg_put_safe(stderr, files[i], strlen(files[i]));
    fputs(" is empty; left out, since its thread files are named too\n", stderr);
    return true;
}

cg_input *cg_read_file(cg_profile *p, const char *path, const cg_read_opts *o, cg_error *err)
{
    cg_sink s;
    sink_init(&s, p, new_input(p, path), o, err);
    int fd = open_profile(path, err);
    if (fd < 0) return NULL;
    struct stat st;
    char *first = NULL;
    read_how how = fstat(fd, &st) == 0 ? how_to_read(path, &st, NULL, 0, &first) : READ_CONTENT;
    if (how == READ_EMPTY) {
        close(fd);
        return sink_done(&s, empty_error(err, path));
    }
    if (how == READ_THREADS) {
        close(fd);
        return sink_done(&s, read_threads(&s, path, first));
    }
    cg_lineread_init(&s.lr, fd);
    bool ok = read_lines(&s);
    close(fd);
    return sink_done(&s, ok);
}

cg_input *cg_read_mem(cg_profile *p, const char *name, const char *s, size_t len,
                      const cg_read_opts *o, cg_error *err)
{
    cg_sink k;
    sink_init(&k, p, new_input(p, name), o, err);
    cg_lineread_init_mem(&k.lr, s, len);
    return sink_done(&k, read_lines(&k));
}
