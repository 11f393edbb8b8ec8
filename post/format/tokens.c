/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tokens.c: the tokeniser's parts that allocate (tokens.h). */
#include "tokens.h"

cg_text cg_text_copy(const char *s, size_t len)
{
    return (cg_text){xmemdup0(s, len), len};
}

cg_text *cg_split_words(const char *s, size_t len, size_t *count)
{
    const char *end = s + len;
    cg_text *v = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        s = cg_skip_sep(s, end);
        if (s == end) break;
        const char *w = s;
        while (s < end && !cg_sep_len(s, end)) s++;
        xgrow((void **)&v, &cap, n + 1, sizeof *v);
        v[n++] = cg_text_copy(w, (size_t)(s - w));
    }
    *count = n;
    return v;
}
