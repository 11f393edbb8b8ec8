/* SPDX-License-Identifier: GPL-2.0-or-later */
/* profiles.h: how the reader targets turn one fuzz input into the files of
   one run: the parts between `#%` lines are the profiles, and leading
   comment lines `#F s/../../` and `#N s/../../` give --mod-filename and
   --mod-funcname (comments, so the reader itself skips them). */
#ifndef CG_FUZZ_PROFILES_H
#define CG_FUZZ_PROFILES_H

#include "common.h"
#include "format.h"
#include "profile.h"

#define FUZZ_MAX_PROFILES 3

typedef struct fuzz_profiles {
    size_t n;
    const char *part[FUZZ_MAX_PROFILES];
    size_t len[FUZZ_MAX_PROFILES];
    cg_subst *mod_file, *mod_fn;
    bool diff; /* a leading `#D` line: cg_annotate --diff */
} fuzz_profiles;

void fuzz_profiles_get(fuzz_profiles *f, const uint8_t *data, size_t size, size_t max);
void fuzz_profiles_free(fuzz_profiles *f);

/* Reads the parts into p with the given signs (sign[i] for part i);
   returns false with *e set when a read fails or, with stop_on_mismatch
   unset, when some input's events differ (the programs' own error). */
bool fuzz_read_all(cg_profile *p, const fuzz_profiles *f, const int *sign, bool stop_on_mismatch,
                   cg_error *e);

/* The merged profile as cg_merge writes it (cg_diff: the pairs on line
   0), in the Callgrind format when any input was a Callgrind file, as both
   programs do; malloc'd text in *out. */
void fuzz_write(const cg_profile *p, bool pairs, char **out, size_t *len);

#endif
