/* SPDX-License-Identifier: GPL-2.0-or-later */
/* common.c: the fuzz targets' shared helpers (common.h).  The JSON check is
   written from RFC 8259 here, apart from post/util/json.c, so that it can judge
   that writer. */
#include "common.h"

#include "util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void exit_is_a_bug(int status)
{
    fprintf(stderr, "fuzz: the library called cg_exit(%d) on an input a target drives\n", status);
    abort();
}

void fuzz_init(void)
{
    static bool done;
    if (done) return;
    done = true;
    cg_exit_hook = exit_is_a_bug;
    int fd = open("/dev/null", O_WRONLY);
    if (fd >= 0) {
        fflush(stdout);
        dup2(fd, STDOUT_FILENO);
        close(fd);
    }
}

void fuzz_fail(const char *what)
{
    fprintf(stderr, "fuzz: %s\n", what);
    abort();
}

size_t fuzz_split(const uint8_t *data, size_t size, const char *sep, const char **part, size_t *len,
                  size_t max)
{
    const char *s = (const char *)data, *end = s + size;
    size_t n = 0, k = strlen(sep);
    const char *start = s;
    for (const char *p = s; n + 1 < max && p < end;) {
        /* `sep` as a whole line: at the start or after a newline, then a
           newline or the end. */
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        if ((size_t)(le - p) == k && memcmp(p, sep, k) == 0) {
            part[n] = start;
            len[n++] = (size_t)(p - start);
            start = nl ? nl + 1 : end;
        }
        p = nl ? nl + 1 : end;
    }
    part[n] = start;
    len[n++] = (size_t)(end - start);
    return n;
}

char *fuzz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) abort();
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* A recursive-descent recogniser; depth is bounded by the writer's few
   levels, and by `depth` for safety. */
typedef struct jp {
    const unsigned char *p, *end;
} jp;

static void ws(jp *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static bool lit(jp *j, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0) return false;
    j->p += n;
    return true;
}

static bool digits(jp *j)
{
    const unsigned char *s = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9') j->p++;
    return j->p > s;
}

static bool number(jp *j)
{
    if (j->p < j->end && *j->p == '-') j->p++;
    if (j->p < j->end && *j->p == '0') {
        j->p++;
    } else if (!digits(j)) {
        return false;
    }
    if (j->p < j->end && *j->p == '.') {
        j->p++;
        if (!digits(j)) return false;
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-')) j->p++;
        if (!digits(j)) return false;
    }
    return true;
}

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Length of the UTF-8 sequence at p (Unicode's table of well-formed byte
   sequences), 0 if ill-formed. */
static size_t utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else
        return 0;
    if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf) return 0;
    return n;
}

static bool string(jp *j)
{
    if (!lit(j, "\"")) return false;
    while (j->p < j->end) {
        unsigned char c = *j->p;
        if (c == '"') {
            j->p++;
            return true;
        }
        if (c < 0x20) return false;
        if (c == '\\') {
            if (++j->p == j->end) return false;
            c = *j->p++;
            if (c == 'u') {
                for (int i = 0; i < 4; i++)
                    if (j->p == j->end || hexval(*j->p++) < 0) return false;
            } else if (!strchr("\"\\/bfnrt", c) || !c) {
                return false;
            }
        } else if (c >= 0x80) {
            size_t n = utf8_len(j->p, j->end);
            if (!n) return false;
            j->p += n;
        } else {
            j->p++;
        }
    }
    return false;
}

static bool value(jp *j, int depth);

static bool members(jp *j, int depth, char close, bool keys)
{
    ws(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return true;
    }
    for (;;) {
        ws(j);
        if (keys) {
            if (!string(j)) return false;
            ws(j);
            if (!lit(j, ":")) return false;
        }
        if (!value(j, depth + 1)) return false;
        ws(j);
        if (j->p == j->end) return false;
        if (*j->p == close) {
            j->p++;
            return true;
        }
        if (*j->p++ != ',') return false;
    }
}

static bool value(jp *j, int depth)
{
    if (depth > 64) return false;
    ws(j);
    if (j->p == j->end) return false;
    switch (*j->p) {
    case '{':
        j->p++;
        return members(j, depth, '}', true);
    case '[':
        j->p++;
        return members(j, depth, ']', false);
    case '"':
        return string(j);
    case 't':
        return lit(j, "true");
    case 'f':
        return lit(j, "false");
    case 'n':
        return lit(j, "null");
    default:
        return number(j);
    }
}

bool fuzz_json_valid(const char *s, size_t n)
{
    jp j = {(const unsigned char *)s, (const unsigned char *)s + n};
    if (!value(&j, 0)) return false;
    ws(&j);
    return j.p == j.end;
}

/* The elements report-html.c writes; anything else came from the input. */
static bool our_element(const char *name, size_t len)
{
    static const char *const ours[] = {
        "html",   "head",   "meta",   "title",   "style",   "body",    "header", "h1",    "h2",
        "h3",     "p",      "nav",    "a",       "details", "summary", "div",    "label", "input",
        "span",   "kbd",    "main",   "section", "table",   "thead",   "tbody",  "tr",    "th",
        "td",     "button", "i",      "code",    "dl",      "dt",      "dd",     "ul",    "li",
        "output", "footer", "script", "strong",  "wbr"};
    for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
        if (strlen(ours[i]) == len && memcmp(ours[i], name, len) == 0) return true;
    return false;
}

bool fuzz_html_safe(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        uint32_t cp;
        size_t k = cg_utf8_decode(p, end, &cp);
        if (!k) return false;
        p += k;
    }
    static const char data[] = " type=\"application/json\" id=\"fl-data\">";
    int scripts = 0, styles = 0, blocks = 0;
    for (const char *q = s, *e = s + n; q < e; q++) {
        if (*q != '<') continue;
        const char *t = q + 1;
        if (t < e && *t == '!') continue; /* the doctype */
        if (t < e && *t == '/') t++;
        const char *name = t;
        while (t < e && ((*t >= 'a' && *t <= 'z') || (*t >= '0' && *t <= '9'))) t++;
        if (!our_element(name, (size_t)(t - name))) return false;
        if (q[1] == '/') continue;
        /* The script and the style sheet are ours, and hold '<' of their own. */
        const char *close = NULL;
        if (t - name == 6 && memcmp(name, "script", 6) == 0 && (size_t)(e - t) > sizeof data &&
            memcmp(t, data, sizeof data - 1) == 0) {
            /* The flame graph's data: JSON, in which '<' is always escaped. */
            blocks++;
            const char *c = memchr(t, '<', (size_t)(e - t));
            if (!c || (size_t)(e - c) < 9 || memcmp(c, "</script>", 9) != 0) return false;
            q = c;
            continue;
        } else if (t - name == 6 && memcmp(name, "script", 6) == 0) {
            scripts++;
            close = "</script>";
        } else if (t - name == 5 && memcmp(name, "style", 5) == 0) {
            styles++;
            close = "</style>";
        }
        if (close) {
            const char *c = memmem(t, (size_t)(e - t), close, strlen(close));
            if (!c) return false;
            q = c;
        }
    }
    return scripts == 1 && styles == 1 && blocks <= 1;
}
