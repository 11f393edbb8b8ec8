/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-diff.c: fuzz target for the reader with cg_diff's rules: two
   profiles (profiles.h; one part is taken twice), the second minus the
   first, with --mod-filename/--mod-funcname; what cg_diff would write must
   read back under the same rules (its summary equal to its counts), and
   writing that again must give the same bytes. */
#include "common.h"
#include "profiles.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    fuzz_profiles f;
    fuzz_profiles_get(&f, data, size, 2);
    if (f.n == 1) {
        f.part[1] = f.part[0];
        f.len[1] = f.len[0];
        f.n = 2;
    }
    cg_profile p;
    cg_profile_init(&p, &cg_rules_diff);
    p.mod_file = f.mod_file;
    p.mod_fn = f.mod_fn;
    static const int sign[2] = {-1, 1};
    cg_error e = {0};
    if (fuzz_read_all(&p, &f, sign, false, &e)) {
        char *out, *again;
        size_t len, len2;
        fuzz_write(&p, true, &out, &len);
        cg_profile q;
        cg_profile_init(&q, &cg_rules_diff);
        cg_read_opts o = {.sign = 1};
        cg_input *in = cg_read_mem(&q, "diff", out, len, &o, &e);
        FUZZ_CHECK(in != NULL);
        fuzz_write(&q, true, &again, &len2);
        FUZZ_CHECK(len == len2 && memcmp(out, again, len) == 0);
        free(out);
        free(again);
        cg_profile_free(&q);
    }
    cg_error_free(&e);
    cg_profile_free(&p);
    fuzz_profiles_free(&f);
    return 0;
}
