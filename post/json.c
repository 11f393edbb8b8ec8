/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.c: JSON strings and integers (json.h). */
#include "json.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at p (RFC 3629: no overlong forms, no
   surrogates, nothing above U+10FFFF), or 0 if the byte at p starts none. */
static size_t utf8_seq(const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0];
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || (size_t)(end - p) < n) return 0;
    unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (p[1] < lo || p[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80) return 0;
    return n;
}

void cg_json_str(FILE *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    putc('"', out);
    while (p < end) {
        unsigned char c = *p;
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            /* A run of plain ASCII in one write. */
            const unsigned char *q = p + 1;
            while (q < end && *q >= 0x20 && *q < 0x80 && *q != '"' && *q != '\\') q++;
            fwrite(p, 1, (size_t)(q - p), out);
            p = q;
        } else if (c == '"' || c == '\\') {
            putc('\\', out);
            putc(c, out);
            p++;
        } else if (c < 0x20) {
            fprintf(out, "\\u00%c%c", hex[c >> 4], hex[c & 15]);
            p++;
        } else {
            size_t k = utf8_seq(p, end);
            if (k) {
                fwrite(p, 1, k, out);
                p += k;
            } else {
                fprintf(out, "\\udc%c%c", hex[c >> 4], hex[c & 15]);
                p++;
            }
        }
    }
    putc('"', out);
}

void cg_json_cstr(FILE *out, const char *s)
{
    cg_json_str(out, s, strlen(s));
}

void cg_json_int(FILE *out, int64_t v)
{
    char buf[24], *p = buf + sizeof buf;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) *--p = '-';
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), out);
}
