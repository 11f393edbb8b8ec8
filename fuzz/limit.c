/* SPDX-License-Identifier: GPL-2.0-or-later */
/* limit.c: fuzz target for --limit [PATTERN:]EVENT=SPEC (post/model/limit.c).  The first
   line is the option's value; the parser must accept exactly what the
   syntax of docs/json.md, "Regression limits", allows (checked here with a
   POSIX regular expression), and each further pair of 8-byte numbers is an
   (old, new) pair of totals whose decision must agree with long double
   arithmetic wherever that is clearly on one side. */
#include "common.h"
#include "limit.h"

#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

/* Whether spec is well-formed by the documented grammar. */
static bool grammar_ok(const char *v, bool *percent, long double *value)
{
    static regex_t re;
    static bool compiled;
    if (!compiled) {
        /* [PATTERN:]EVENT=SPEC: the pattern (which may hold `=` and `:`,
           as C++ operators do) ends at the last `:`; the event has neither,
           and neither may be empty. */
        if (regcomp(&re, "^(.+:)?[^=:]+=([+-])([0-9]+)(\\.([0-9]{1,9}))?(%?)$", REG_EXTENDED))
            abort();
        compiled = true;
    }
    regmatch_t m[7];
    if (regexec(&re, v, 7, m, 0) != 0) return false;
    *percent = m[6].rm_eo > m[6].rm_so;
    bool fraction = m[4].rm_so >= 0;
    if (fraction && !*percent) return false; /* a count is a whole number */
    /* All digits together (the point removed) must stay below 10^18. */
    long double num = 0;
    for (regoff_t i = m[3].rm_so; i < m[3].rm_eo; i++) num = num * 10 + (v[i] - '0');
    long double den = 1;
    if (fraction)
        for (regoff_t i = m[5].rm_so; i < m[5].rm_eo; i++) num = num * 10 + (v[i] - '0'), den *= 10;
    if (num >= 1e18L) return false;
    *value = (v[m[2].rm_so] == '-' ? -1 : 1) * num / den;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    const char *s = (const char *)data;
    const char *nl = memchr(s, '\n', size);
    size_t vlen = nl ? (size_t)(nl - s) : size;
    char *value = fuzz_cstr(data, vlen);
    cg_limit l;
    const char *err = cg_limit_parse(value, &l);
    bool percent = false;
    long double spec = 0;
    bool ok = grammar_ok(value, &percent, &spec);
    FUZZ_CHECK((err == NULL) == ok);
    if (!err) {
        FUZZ_CHECK(l.percent == percent);
        const uint8_t *p = data + vlen + 1, *end = data + size;
        for (; nl && end - p >= 16; p += 16) {
            int64_t old, new_;
            memcpy(&old, p, 8);
            memcpy(&new_, p + 8, 8);
            /* Totals as the reader can produce them: |old| + |new| fits. */
            old /= 2, new_ /= 2;
            cg_limit_decide(&l, old, new_);
            long double change = (long double)new_ - (long double)old;
            long double allowed = percent ? spec * fabsl((long double)old) / 100 : spec;
            long double gap = fabsl(change - allowed);
            long double scale = fabsl(change) + fabsl(allowed) + 1;
            if (gap > scale * 1e-15L) FUZZ_CHECK(l.broken == (change > allowed));
            FUZZ_CHECK(l.change == new_ - old);
            cg_buf b = {0};
            cg_limit_describe(&l, &b);
            const char *head = l.fn ? l.fn : l.event;
            FUZZ_CHECK(b.len > 0 && strncmp(b.p, head, strlen(head)) == 0);
            cg_buf_free(&b);
        }
    }
    cg_limit_free(&l);
    free(value);
    return 0;
}
