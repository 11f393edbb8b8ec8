/* SPDX-License-Identifier: GPL-2.0-or-later */
/* read-merge.c: fuzz target for the reader with cg_merge's rules: up to
   three profiles (profiles.h) summed; what cg_merge would write must read
   back, and writing that again must give the same bytes. */
#include "common.h"
#include "profiles.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    fuzz_profiles f;
    fuzz_profiles_get(&f, data, size, FUZZ_MAX_PROFILES);
    cg_profile p;
    cg_profile_init(&p, &cg_rules_merge);
    static const int sign[FUZZ_MAX_PROFILES] = {1, 1, 1};
    cg_error e = {0};
    if (fuzz_read_all(&p, &f, sign, false, &e)) {
        char *out, *again;
        size_t len, len2;
        fuzz_write(&p, false, &out, &len);
        cg_profile q;
        cg_profile_init(&q, &cg_rules_merge);
        cg_read_opts o = {.sign = 1};
        cg_input *in = cg_read_mem(&q, "merged", out, len, &o, &e);
        FUZZ_CHECK(in != NULL);
        fuzz_write(&q, false, &again, &len2);
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
