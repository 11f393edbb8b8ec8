/* SPDX-License-Identifier: GPL-2.0-or-later */
/* util.c: errors for the caller and fatal diagnostics, checked allocation,
   Python-style quoting, the whitespace rule shared by every tokeniser of
   the post-processors, and argv[0] as upstream's Python scripts see it. */
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

const char *cg_prog = "cg_annotate";

static const char *remove_path;

void (*cg_exit_hook)(int status);

void cg_exit(int status)
{
    if (cg_exit_hook) cg_exit_hook(status);
    exit(status);
}

void cg_init(const char *prog)
{
    cg_prog = prog;
    signal(SIGXFSZ, SIG_IGN);
}

void cg_remove_on_error(const char *path)
{
    remove_path = path;
}

/* Flush stdout (it may hold a partial report) and drop an unfinished output
   file, before the message is printed. */
static void before_death(void)
{
    fflush(stdout);
    if (remove_path) unlink(remove_path);
}

void cg_die(const char *fmt, ...)
{
    va_list ap;
    cg_buf b = {0};
    va_start(ap, fmt);
    cg_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    cg_die_bytes(b.p, b.len);
}

void cg_die_bytes(const char *msg, size_t len)
{
    cg_die_status(1, msg, len);
}

void cg_die_status(int status, const char *msg, size_t len)
{
    before_death();
    fprintf(stderr, "%s: error: ", cg_prog);
    cg_put_safe(stderr, msg, len);
    fputc('\n', stderr);
    cg_exit(status);
}

void cg_die_errno(int err, const char *path)
{
    cg_error e = {0};
    cg_error_errno(&e, err, path);
    cg_die_bytes(e.msg.p, e.msg.len);
}

bool cg_error_bytes(cg_error *e, int status, const char *msg, size_t len)
{
    e->status = status;
    e->usage = e->argparse = false;
    e->msg.len = 0;
    cg_buf_add(&e->msg, msg, len);
    return false;
}

bool cg_error_set(cg_error *e, int status, const char *fmt, ...)
{
    va_list ap;
    cg_error_bytes(e, status, "", 0);
    va_start(ap, fmt);
    cg_buf_vprintf(&e->msg, fmt, ap);
    va_end(ap);
    return false;
}

bool cg_error_errno(cg_error *e, int err, const char *path)
{
    cg_error_set(e, 1, "[Errno %d] %s: ", err, strerror(err));
    cg_buf_repr(&e->msg, path, strlen(path));
    return false;
}

void cg_error_free(cg_error *e)
{
    cg_buf_free(&e->msg);
}

static _Noreturn void out_of_memory(void)
{
    cg_die("out of memory");
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) out_of_memory();
    return p;
}

char *xmemdup0(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

void xgrow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2 / size) out_of_memory();
        c *= 2;
    }
    *p = xrealloc(*p, c * size);
    *cap = c;
}

/* Up to this size a big array is ordinary heap memory: most profiles are
   small, and a mapping of its own (with a huge page to clear) would cost
   them more than it saves. */
#define BIG_HEAP_MAX ((size_t)1 << 20)

void big_grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return;
    size_t c = *cap ? *cap : 64;
    while (c < need) {
        if (c > SIZE_MAX / 4 / elem) out_of_memory();
        c *= 2;
    }
    size_t old_bytes = *cap * elem, bytes = c * elem;
    if (bytes <= BIG_HEAP_MAX) {
        *p = xrealloc(*p, bytes);
        memset((char *)*p + old_bytes, 0, bytes - old_bytes);
        *cap = c;
        return;
    }
    void *q;
    if (old_bytes > BIG_HEAP_MAX) {
        q = mremap(*p, old_bytes, bytes, MREMAP_MAYMOVE);
    } else {
        /* Leaving the heap: one copy into the first mapping. */
        q = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (q != MAP_FAILED && old_bytes) memcpy(q, *p, old_bytes);
        if (q != MAP_FAILED) free(*p);
    }
    if (q == MAP_FAILED) out_of_memory();
#ifdef MADV_HUGEPAGE
    madvise(q, bytes, MADV_HUGEPAGE);
#endif
    *p = q;
    *cap = c;
}

void big_free(void *p, size_t cap, size_t elem)
{
    if (cap * elem <= BIG_HEAP_MAX)
        free(p);
    else
        munmap(p, cap * elem);
}

void cg_buf_add(cg_buf *b, const char *s, size_t n)
{
    xgrow((void **)&b->p, &b->cap, b->len + n + 1, 1);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void cg_buf_free(cg_buf *b)
{
    free(b->p);
    *b = (cg_buf){0};
}

void cg_buf_addc(cg_buf *b, char c)
{
    cg_buf_add(b, &c, 1);
}

void cg_buf_adds(cg_buf *b, const char *s)
{
    cg_buf_add(b, s, strlen(s));
}

void cg_buf_vprintf(cg_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n >= 0) {
        xgrow((void **)&b->p, &b->cap, b->len + (size_t)n + 1, 1);
        vsnprintf(b->p + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void cg_buf_printf(cg_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cg_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

size_t cg_utf8_decode(const unsigned char *s, const unsigned char *end, uint32_t *cp)
{
    unsigned c = s[0];
    size_t n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        n = 2, v = c & 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3, v = c & 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if ((size_t)(end - s) < n) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return n;
}

/* Python counts these non-ASCII code points as whitespace; the file format is
   tokenised with Python's rules, so the C tokenisers must agree. */
static int unicode_space(uint32_t cp)
{
    return cp == 0x85 || cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
           cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

size_t cg_space_len(const char *s, const char *end)
{
    unsigned char c = (unsigned char)*s;
    if (c < 0x80) return (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f));
    uint32_t cp;
    size_t n = cg_utf8_decode((const unsigned char *)s, (const unsigned char *)end, &cp);
    return n && unicode_space(cp) ? n : 0;
}

/* Non-printable per Python's str.isprintable(), approximated for the code
   points that plausibly occur in paths: controls, separators, format chars. */
static int unicode_unprintable(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0xad || unicode_space(cp) ||
           (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2060 && cp <= 0x2064) || cp == 0xfeff || (cp >= 0xe000 && cp <= 0xf8ff);
}

void cg_put_safe(FILE *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        uint32_t cp;
        size_t len = cg_utf8_decode(p, end, &cp);
        if (len == 0 || (cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp < 0xa0)) {
            /* Not UTF-8, or a control character: a terminal would act on it. */
            fprintf(out, "\\x%02x", len == 0 ? *p : cp);
            p += len ? len : 1;
            continue;
        }
        fwrite(p, 1, len, out);
        p += len;
    }
}

void cg_buf_repr(cg_buf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    char quote = '\'';
    if (memchr(s, '\'', n) && !memchr(s, '"', n)) quote = '"';
    cg_buf_addc(b, quote);
    while (p < end) {
        uint32_t cp;
        size_t len = cg_utf8_decode(p, end, &cp);
        if (len == 0) {
            /* Python decodes file names with surrogateescape. */
            cg_buf_printf(b, "\\udc%02x", *p);
            p++;
            continue;
        }
        if (cp == '\\' || cp == (uint32_t)quote) {
            cg_buf_addc(b, '\\');
            cg_buf_addc(b, (char)cp);
        } else if (cp == '\t') {
            cg_buf_adds(b, "\\t");
        } else if (cp == '\n') {
            cg_buf_adds(b, "\\n");
        } else if (cp == '\r') {
            cg_buf_adds(b, "\\r");
        } else if (unicode_unprintable(cp)) {
            if (cp < 0x100)
                cg_buf_printf(b, "\\x%02x", cp);
            else if (cp < 0x10000)
                cg_buf_printf(b, "\\u%04x", cp);
            else
                cg_buf_printf(b, "\\U%08x", cp);
        } else {
            cg_buf_add(b, (const char *)p, len);
        }
        p += len;
    }
    cg_buf_addc(b, quote);
}

void cg_repr(FILE *out, const char *s, size_t n)
{
    cg_buf b = {0};
    cg_buf_repr(&b, s, n);
    fwrite(b.p, 1, b.len, out);
    cg_buf_free(&b);
}

const char *cg_invocation_name(const char *argv0)
{
    if (strchr(argv0, '/')) return argv0;
    const char *path = getenv("PATH");
    if (!path) return argv0;
    /* The shell found us through PATH and handed a script interpreter the
       joined path; reproduce that. */
    for (const char *p = path;;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        cg_buf b = {0};
        if (len == 0)
            cg_buf_adds(&b, ".");
        else
            cg_buf_add(&b, p, len);
        cg_buf_addc(&b, '/');
        cg_buf_adds(&b, argv0);
        struct stat st;
        if (stat(b.p, &st) == 0 && S_ISREG(st.st_mode) && access(b.p, X_OK) == 0) return b.p;
        free(b.p);
        if (!colon) break;
        p = colon + 1;
    }
    return argv0;
}
