/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json.c: fuzz target for the JSON writer (post/util/json.c): the input as a
   string must come out as one valid JSON string that decodes (the
   U+DC80..U+DCFF escapes standing for the bytes that are not UTF-8) to the
   input's bytes; each 8 bytes as an integer must equal printf's digits.
   The first byte moves the start near the end of the writer's buffer, so
   that flushes fall inside strings and numbers. */
#include "common.h"
#include "json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decodes the JSON string at s (a valid one) into bytes; returns the end of
   the string literal. */
static const char *decode(const char *s, char *out, size_t *n)
{
    size_t k = 0;
    FUZZ_CHECK(*s == '"');
    for (s++; *s != '"'; s++) {
        if (*s != '\\') {
            out[k++] = *s;
            continue;
        }
        s++;
        if (*s != 'u') {
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            const char *c = strchr(from, *s);
            FUZZ_CHECK(c != NULL);
            out[k++] = to[c - from];
            continue;
        }
        unsigned v = 0;
        for (int i = 1; i <= 4; i++) v = v * 16 + (unsigned)hexval(s[i]);
        s += 4;
        /* Only what the writer may emit: controls, and lone low surrogates
           for the bytes of no valid UTF-8 sequence. */
        FUZZ_CHECK(v < 0x20 || (v >= 0xdc80 && v <= 0xdcff));
        out[k++] = (char)(v < 0x20 ? v : v - 0xdc00);
    }
    *n = k;
    return s + 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    if (size == 0) return 0;
    static cg_jout j;
    char *doc = NULL;
    size_t len = 0;
    j.f = open_memstream(&doc, &len);
    if (!j.f) abort();
    j.len = 0;
    /* Filler to within 255 bytes of the buffer's end. */
    size_t fill = sizeof j.buf - data[0];
    memset(j.buf, ' ', fill);
    j.len = fill;
    const char *s = (const char *)data + 1;
    size_t n = size - 1;
    cg_j_str(&j, s, n);
    cg_j_raw(&j, "\n", 1);
    size_t nints = n / 8;
    for (size_t i = 0; i < nints; i++) {
        int64_t v;
        memcpy(&v, s + 8 * i, 8);
        cg_j_int(&j, v);
        cg_j_raw(&j, " ", 1);
        char *p = cg_j_reserve(&j, CG_J_INT_MAX + 1);
        j.len += (size_t)(cg_j_put_int(p, v) - p);
        cg_j_raw(&j, " ", 1);
    }
    cg_j_flush(&j);
    fclose(j.f);

    const char *str = doc + fill, *nlp = memchr(str, '\n', len - fill);
    FUZZ_CHECK(nlp != NULL);
    FUZZ_CHECK(fuzz_json_valid(str, (size_t)(nlp - str)));
    char *bytes = malloc(n + 1);
    size_t got;
    FUZZ_CHECK(decode(str, bytes, &got) == nlp);
    FUZZ_CHECK(got == n && memcmp(bytes, s, n) == 0);
    free(bytes);
    const char *p = nlp + 1;
    for (size_t i = 0; i < nints; i++) {
        int64_t v;
        memcpy(&v, s + 8 * i, 8);
        char want[64];
        int w = snprintf(want, sizeof want, "%" PRId64 " %" PRId64 " ", v, v);
        FUZZ_CHECK(strncmp(p, want, (size_t)w) == 0);
        p += w;
    }
    FUZZ_CHECK(p == doc + len);
    free(doc);
    return 0;
}
