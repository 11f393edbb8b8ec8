/* SPDX-License-Identifier: GPL-2.0-or-later */
/* html.c: HTML escaping of profile bytes (html.h). */
#include "html.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Code points that reorder the text around them (U+202A-U+202E,
   U+2066-U+2069): shown as escapes so that a name or a source line cannot
   look like something else. */
static bool bidi_control(uint32_t cp)
{
    return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

static void escape(cg_buf *b, const char *what, unsigned v, int flags)
{
    char t[16];
    snprintf(t, sizeof t, what, v);
    if (flags & CG_HTML_PLAIN) {
        cg_buf_adds(b, t);
    } else {
        cg_buf_adds(b, "<span class=x>");
        cg_buf_adds(b, t);
        cg_buf_adds(b, "</span>");
    }
}

void cg_html_text(cg_buf *b, const char *s, size_t n, int flags)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        /* A run of plain ASCII in one copy. */
        const unsigned char *q = p;
        while (q < end && *q >= 0x20 && *q < 0x7f && *q != '<' && *q != '>' && *q != '&' &&
               *q != '"' && *q != '\'')
            q++;
        if (q > p) {
            cg_buf_add(b, (const char *)p, (size_t)(q - p));
            p = q;
            continue;
        }
        uint32_t cp;
        size_t len = cg_utf8_decode(p, end, &cp);
        if (len == 0) {
            escape(b, "\\x%02X", *p, flags);
            p++;
            continue;
        }
        switch (cp) {
        case '<':
            cg_buf_adds(b, "&lt;");
            break;
        case '>':
            cg_buf_adds(b, "&gt;");
            break;
        case '&':
            cg_buf_adds(b, "&amp;");
            break;
        case '"':
            cg_buf_adds(b, "&quot;");
            break;
        case '\'':
            cg_buf_adds(b, "&#39;");
            break;
        case '\t':
            if (flags & CG_HTML_TAB) {
                cg_buf_addc(b, '\t');
                break;
            }
            /* fall through */
        default:
            if (cp < 0x20 || cp == 0x7f) {
                /* The control pictures U+2400-U+2421 show what it was. */
                unsigned pic = cp == 0x7f ? 0x2421 : 0x2400 + cp;
                char u[3] = {(char)(0xe0 | pic >> 12), (char)(0x80 | (pic >> 6 & 0x3f)),
                             (char)(0x80 | (pic & 0x3f))};
                cg_buf_add(b, u, 3);
            } else if ((cp >= 0x80 && cp < 0xa0) || bidi_control(cp)) {
                escape(b, "\\u%04X", cp, flags);
            } else {
                cg_buf_add(b, (const char *)p, len);
            }
        }
        p += len;
    }
}

void cg_html_str(cg_buf *b, const char *s)
{
    cg_html_text(b, s, strlen(s), 0);
}

size_t cg_html_cut(const char *s, size_t n, size_t max)
{
    if (n <= max) return n;
    size_t k = max;
    /* Back off over continuation bytes to the start of a sequence. */
    while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80 && max - k < 4) k--;
    return k;
}

void cg_html_name(cg_buf *b, const char *s, size_t n)
{
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        size_t cut;
        if (s[i] == '<' && i > from)
            cut = i; /* before: `Vec<u8>` breaks as `Vec` / `<u8>` */
        else if (s[i] == '/' || (s[i] == ':' && i > 0 && s[i - 1] == ':') ||
                 (s[i] == ' ' && i > 0 && s[i - 1] == ',') ||
                 (s[i] == '(' && i + 1 < n && s[i + 1] != ')'))
            cut = i + 1;
        else
            continue;
        if (cut >= n) break;
        cg_html_text(b, s + from, cut - from, 0);
        cg_buf_adds(b, "<wbr>");
        from = cut;
    }
    cg_html_text(b, s + from, n - from, 0);
}
