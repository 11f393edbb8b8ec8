/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mod-subst.c: fuzz target for --mod-filename/--mod-funcname: the first
   line is the option's value (s/OLD/NEW/FLAGS), every further line a name
   (bytes, NULs included) rewritten with it, as the reader does. */
#include "common.h"
#include "regex-subst.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    const char *s = (const char *)data, *end = s + size;
    const char *nl = memchr(s, '\n', size);
    char *value = fuzz_cstr(data, nl ? (size_t)(nl - s) : size);
    cg_subst *sub = cg_subst_parse(value);
    if (sub) {
        /* The shape the parser accepted. */
        size_t n = strlen(value);
        FUZZ_CHECK(n >= 4 && value[0] == 's' && value[1] == '/' && !memchr(value, '\n', n));
        cg_buf out = {0};
        const char *first_err = NULL;
        for (const char *p = nl ? nl + 1 : end; p <= end;) {
            const char *e = memchr(p, '\n', (size_t)(end - p));
            size_t len = e ? (size_t)(e - p) : (size_t)(end - p);
            const char *err = cg_subst_apply(sub, p, len, &out);
            /* A bad pattern or template is reported for every name alike. */
            if (err && strncmp(err, "matching failed", 15) != 0) {
                if (first_err) FUZZ_CHECK(strcmp(first_err, err) == 0);
                first_err = err;
            } else if (!err) {
                FUZZ_CHECK(!first_err);
            }
            if (!e) break;
            p = e + 1;
        }
        cg_buf_free(&out);
        cg_subst_free(sub);
    }
    free(value);
    return 0;
}
