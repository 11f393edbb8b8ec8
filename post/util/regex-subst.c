/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regex-subst.c: `s/old/new/flags` for --mod-filename/--mod-funcname: the
   shape check, PCRE2 matching and Python's replacement-template rules. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex-subst.h"

#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

/* A compiled replacement template: literal bytes interleaved with groups. */
typedef struct part {
    int group; /* -1: literal text[off..off+len) */
    size_t off, len;
} part;

struct cg_subst {
    char *old, *new_;
    size_t old_len, new_len;
    bool global, icase;
    bool compiled;
    const char *error; /* compile error, reported at each use */
    pcre2_code *code;
    pcre2_match_data *md;
    part *parts;
    size_t n_parts, cap_parts;
    cg_buf lit;
    char errbuf[256];
};

/* Unescape `\/` to `/`, the only escape the s/// syntax itself defines. */
static char *unslash(const char *s, size_t n, size_t *out_len)
{
    char *r = xmalloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == '/') i++;
        r[k++] = s[i];
    }
    r[k] = 0;
    *out_len = k;
    return r;
}

static bool valid_flags(const char *f)
{
    return !*f || !strcmp(f, "g") || !strcmp(f, "i") || !strcmp(f, "gi") || !strcmp(f, "ig");
}

cg_subst *cg_subst_parse(const char *v)
{
    size_t n = strlen(v);
    if (n < 4 || v[0] != 's' || v[1] != '/') return NULL;
    /* OLD and NEW are `.*` in Python (no newline), OLD taken greedily, and
       neither separating slash may follow a backslash. */
    if (memchr(v, '\n', n)) return NULL;
    for (size_t p = n - 1; p >= 2; p--) {
        if (v[p] != '/' || v[p - 1] == '\\') continue;
        for (size_t q = n - 1; q > p; q--) {
            if (v[q] != '/' || v[q - 1] == '\\' || !valid_flags(v + q + 1)) continue;
            cg_subst *s = xcalloc(1, sizeof *s);
            s->old = unslash(v + 2, p - 2, &s->old_len);
            s->new_ = unslash(v + p + 1, q - p - 1, &s->new_len);
            s->global = strchr(v + q + 1, 'g') != NULL;
            s->icase = strchr(v + q + 1, 'i') != NULL;
            return s;
        }
    }
    return NULL;
}

static void add_part(cg_subst *s, int group, size_t off, size_t len)
{
    xgrow((void **)&s->parts, &s->cap_parts, s->n_parts + 1, sizeof *s->parts);
    s->parts[s->n_parts++] = (part){group, off, len};
}

static void add_lit(cg_subst *s, const char *t, size_t n)
{
    size_t off = s->lit.len;
    cg_buf_add(&s->lit, t, n);
    if (s->n_parts && s->parts[s->n_parts - 1].group < 0 &&
        s->parts[s->n_parts - 1].off + s->parts[s->n_parts - 1].len == off)
        s->parts[s->n_parts - 1].len += n;
    else
        add_part(s, -1, off, n);
}

static bool is_octal(char c)
{
    return c >= '0' && c <= '7';
}

static bool is_ident(const char *t, size_t n)
{
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t[i];
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

/* Python's template syntax: \1..\99, \g<n>, \g<name>, octal escapes, the
   character escapes \a\b\f\n\r\t\v\\, other non-letter escapes verbatim. */
static const char *compile_template(cg_subst *s, uint32_t ngroups)
{
    const char *t = s->new_, *end = t + s->new_len;
    while (t < end) {
        const char *bs = memchr(t, '\\', (size_t)(end - t));
        if (!bs) {
            add_lit(s, t, (size_t)(end - t));
            break;
        }
        if (bs > t) add_lit(s, t, (size_t)(bs - t));
        t = bs + 1;
        if (t == end) return "bad replacement: bad escape (end of pattern)";
        char c = *t++;
        static const char esc_from[] = "abfnrtv\\", esc_to[] = "\a\b\f\n\r\t\v\\";
        const char *e = strchr(esc_from, c);
        if (c && e) {
            add_lit(s, &esc_to[e - esc_from], 1);
        } else if (c == 'g') {
            if (t == end || *t != '<') return "bad replacement: missing <";
            const char *close = memchr(t, '>', (size_t)(end - t));
            if (!close) return "bad replacement: missing >, unterminated name";
            const char *name = t + 1;
            size_t nl = (size_t)(close - name);
            t = close + 1;
            if (nl == 0) return "bad replacement: missing group name";
            unsigned long g = 0;
            size_t i = 0;
            for (; i < nl && name[i] >= '0' && name[i] <= '9'; i++)
                if (g <= ngroups) g = g * 10 + (unsigned long)(name[i] - '0');
            if (i == nl) {
                if (g > ngroups) return "bad replacement: invalid group reference";
                add_part(s, (int)g, 0, 0);
            } else {
                if (!is_ident(name, nl)) return "bad replacement: bad character in group name";
                char *nm = xmemdup0(name, nl);
                int num = pcre2_substring_number_from_name(s->code, (PCRE2_SPTR)nm);
                free(nm);
                if (num < 0) return "bad replacement: unknown group name";
                add_part(s, num, 0, 0);
            }
        } else if (c == '0') {
            unsigned v = 0;
            for (int k = 0; k < 2 && t < end && is_octal(*t); k++)
                v = v * 8 + (unsigned)(*t++ - '0');
            char ch = (char)v;
            add_lit(s, &ch, 1);
        } else if (c >= '1' && c <= '9') {
            if (t < end && *t >= '0' && *t <= '9') {
                if (is_octal(c) && is_octal(*t) && t + 1 < end && is_octal(t[1])) {
                    unsigned v = (unsigned)(c - '0') * 64 + (unsigned)(t[0] - '0') * 8 +
                                 (unsigned)(t[1] - '0');
                    if (v > 0377) return "bad replacement: octal escape value outside of range";
                    t += 2;
                    char ch = (char)v;
                    add_lit(s, &ch, 1);
                    continue;
                }
                unsigned g = (unsigned)(c - '0') * 10 + (unsigned)(*t++ - '0');
                if (g > ngroups) return "bad replacement: invalid group reference";
                add_part(s, (int)g, 0, 0);
            } else {
                if ((uint32_t)(c - '0') > ngroups)
                    return "bad replacement: invalid group reference";
                add_part(s, c - '0', 0, 0);
            }
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            snprintf(s->errbuf, sizeof s->errbuf, "bad replacement: bad escape \\%c", c);
            return s->errbuf;
        } else {
            add_lit(s, bs, 2);
        }
    }
    return NULL;
}

/* Python's `\Z` (end of subject) is PCRE2's `\z`; everything else we rely on
   is spelt the same in both dialects. */
static char *translate_pattern(const char *p, size_t n, size_t *out_len)
{
    char *r = xmalloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        r[k++] = p[i];
        if (p[i] == '\\' && i + 1 < n) {
            i++;
            r[k++] = p[i] == 'Z' ? 'z' : p[i];
        }
    }
    *out_len = k;
    return r;
}

static void compile(cg_subst *s)
{
    s->compiled = true;
    size_t plen;
    char *pat = translate_pattern(s->old, s->old_len, &plen);
    int err;
    PCRE2_SIZE off;
    s->code = pcre2_compile((PCRE2_SPTR)pat, plen, s->icase ? PCRE2_CASELESS : 0, &err, &off, NULL);
    free(pat);
    if (!s->code) {
        PCRE2_UCHAR msg[200];
        pcre2_get_error_message(err, msg, sizeof msg);
        snprintf(s->errbuf, sizeof s->errbuf, "bad regular expression: %s at position %zu",
                 (char *)msg, (size_t)off);
        s->error = s->errbuf;
        return;
    }
    uint32_t ngroups = 0;
    pcre2_pattern_info(s->code, PCRE2_INFO_CAPTURECOUNT, &ngroups);
    s->md = pcre2_match_data_create_from_pattern(s->code, NULL);
    s->error = compile_template(s, ngroups);
}

const char *cg_subst_apply(cg_subst *s, const char *in, size_t len, cg_buf *out)
{
    if (!s->compiled) compile(s);
    if (s->error) return s->error;
    out->len = 0;
    cg_buf_add(out, "", 0);
    size_t pos = 0, last = 0;
    bool must_advance = false;
    for (;;) {
        int rc = pcre2_match(s->code, (PCRE2_SPTR)in, len, pos,
                             must_advance ? PCRE2_NOTEMPTY_ATSTART : 0, s->md, NULL);
        if (rc == PCRE2_ERROR_NOMATCH) break;
        if (rc < 0) {
            /* Python would keep going; PCRE2 stops at its limits.  Using
               what was matched so far would give a silently wrong name. */
            PCRE2_UCHAR msg[200];
            pcre2_get_error_message(rc, msg, sizeof msg);
            snprintf(s->errbuf, sizeof s->errbuf, "matching failed: %s", (char *)msg);
            return s->errbuf;
        }
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(s->md);
        uint32_t npairs = pcre2_get_ovector_count(s->md);
        cg_buf_add(out, in + last, ov[0] - last);
        for (size_t i = 0; i < s->n_parts; i++) {
            const part *pt = &s->parts[i];
            if (pt->group < 0) {
                cg_buf_add(out, s->lit.p + pt->off, pt->len);
            } else if ((uint32_t)pt->group < npairs && pt->group < rc &&
                       ov[2 * pt->group] != PCRE2_UNSET) {
                /* Groups that did not take part in the match insert nothing. */
                cg_buf_add(out, in + ov[2 * pt->group], ov[2 * pt->group + 1] - ov[2 * pt->group]);
            }
        }
        last = ov[1];
        /* Python (3.7+) allows an empty match right after a non-empty one
           but never two matches ending at the same place. */
        must_advance = ov[0] == ov[1];
        pos = ov[1];
        if (!s->global || pos > len) break;
    }
    cg_buf_add(out, in + last, len - last);
    return NULL;
}

void cg_subst_free(cg_subst *s)
{
    if (!s) return;
    free(s->old);
    free(s->new_);
    pcre2_match_data_free(s->md);
    pcre2_code_free(s->code);
    free(s->parts);
    cg_buf_free(&s->lit);
    free(s);
}
