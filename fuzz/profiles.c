/* SPDX-License-Identifier: GPL-2.0-or-later */
/* profiles.c: one fuzz input as the profiles of one run (profiles.h). */
#include "profiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[FUZZ_MAX_PROFILES] = {"p0.cgout", "p1.cgout", "p2.cgout"};

/* The value of a leading `#K VALUE` line, as a C string, or NULL. */
static char *option_line(const char *s, size_t n, char key)
{
    if (n < 3 || s[0] != '#' || s[1] != key || s[2] != ' ') return NULL;
    const char *nl = memchr(s, '\n', n);
    size_t len = (nl ? (size_t)(nl - s) : n) - 3;
    return fuzz_cstr((const uint8_t *)s + 3, len);
}

void fuzz_profiles_get(fuzz_profiles *f, const uint8_t *data, size_t size, size_t max)
{
    memset(f, 0, sizeof *f);
    f->n = fuzz_split(data, size, "#%", f->part, f->len, max);
    /* The leading comment lines of the first part. */
    const char *s = f->part[0], *end = s + f->len[0];
    while (s < end && *s == '#') {
        char *v;
        if ((v = option_line(s, (size_t)(end - s), 'F'))) {
            cg_subst_free(f->mod_file);
            f->mod_file = cg_subst_parse(v);
            free(v);
        } else if ((v = option_line(s, (size_t)(end - s), 'N'))) {
            cg_subst_free(f->mod_fn);
            f->mod_fn = cg_subst_parse(v);
            free(v);
        } else if (end - s >= 2 && s[1] == 'D') {
            f->diff = true;
        }
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        s = nl ? nl + 1 : end;
    }
}

void fuzz_profiles_free(fuzz_profiles *f)
{
    cg_subst_free(f->mod_file);
    cg_subst_free(f->mod_fn);
}

bool fuzz_read_all(cg_profile *p, const fuzz_profiles *f, const int *sign, bool stop_on_mismatch,
                   cg_error *e)
{
    for (size_t i = 0; i < f->n; i++) {
        cg_read_opts o = {.sign = sign[i], .stop_on_mismatch = stop_on_mismatch};
        cg_input *in = cg_read_mem(p, names[i], f->part[i], f->len[i], &o, e);
        if (!in) {
            FUZZ_CHECK(e->status == 1 && e->msg.len > 0);
            return false;
        }
        FUZZ_CHECK(!stop_on_mismatch || !in->events_mismatch);
        if (in->events_mismatch) return cg_error_set(e, 1, "events in data files don't match");
    }
    return true;
}

void fuzz_write(const cg_profile *p, bool pairs, char **out, size_t *len)
{
    FILE *f = open_memstream(out, len);
    if (!f) abort();
    const cg_input *first = &p->inputs[0];
    if (cg_profile_has_format(p, CG_FMT_CALLGRIND)) {
        /* As cg_merge and cg_diff do: calls can only be kept in Callgrind's
           format, so any Callgrind input makes the output one. */
        cg_write_callgrind(f, p, "fuzz", first->desc, first->n_desc, &first->cmd, !pairs);
    } else {
        cg_write_header(f, first->desc, first->n_desc, &first->cmd, p->events, p->n_events);
        if (pairs)
            cg_write_pairs(f, p);
        else
            cg_write_lines(f, p);
        cg_write_summary(f, p->summary_total, p->n_events);
    }
    fclose(f);
}
