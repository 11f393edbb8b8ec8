/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fingerprint.c: fingerprint lines (fingerprint.h).  The line is
   `fingerprint: key=value key=value ...`, fields separated by spaces; a
   field without `=` is kept with an empty value, so nothing written by a
   later version is dropped. */
#include "fingerprint.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define PREFIX "fingerprint: "

const cg_text *cg_fp_line(const cg_input *in, size_t *index)
{
    size_t pl = strlen(PREFIX);
    for (size_t d = 0; d < in->n_desc; d++) {
        const cg_text *t = &in->desc[d];
        if (t->len >= pl && memcmp(t->s, PREFIX, pl) == 0) {
            if (index) *index = d;
            return t;
        }
    }
    return NULL;
}

static cg_text slice(const char *s, size_t n)
{
    return (cg_text){(char *)s, n};
}

static void parse(const cg_input *in, cg_fingerprint *fp)
{
    memset(fp, 0, sizeof *fp);
    const cg_text *t = cg_fp_line(in, NULL);
    if (!t) return;
    fp->present = true;
    const char *p = t->s + strlen(PREFIX), *end = t->s + t->len;
    size_t cap = 0;
    while (p < end) {
        while (p < end && *p == ' ') p++;
        const char *w = p;
        while (p < end && *p != ' ') p++;
        if (p == w) break;
        const char *eq = memchr(w, '=', (size_t)(p - w));
        xgrow((void **)&fp->fields, &cap, fp->n + 1, sizeof *fp->fields);
        cg_fp_field *f = &fp->fields[fp->n++];
        f->key = slice(w, eq ? (size_t)(eq - w) : (size_t)(p - w));
        f->value = eq ? slice(eq + 1, (size_t)(p - eq - 1)) : slice(p, 0);
    }
}

static const cg_text *value_of(const cg_fingerprint *fp, const cg_text *key)
{
    for (size_t i = 0; i < fp->n; i++)
        if (cg_text_eq(&fp->fields[i].key, key)) return &fp->fields[i].value;
    return NULL;
}

static const cg_text none = {"none", 4};

/* Adds `key` to the list of keys in first-seen order, unless it is there. */
static void add_key(cg_text **keys, size_t *n, size_t *cap, const cg_text *key)
{
    for (size_t i = 0; i < *n; i++)
        if (cg_text_eq(&(*keys)[i], key)) return;
    xgrow((void **)keys, cap, *n + 1, sizeof **keys);
    (*keys)[(*n)++] = *key;
}

static void warn(const cg_fp_mismatch *m)
{
    fflush(stdout);
    fprintf(stderr, "%s: warning: profiles differ in fingerprint field ", cg_prog);
    cg_repr(stderr, m->field.s, m->field.len);
    fputs(": ", stderr);
    cg_repr(stderr, m->a.s, m->a.len);
    fputs(" vs ", stderr);
    cg_repr(stderr, m->b.s, m->b.len);
    fputc('\n', stderr);
}

void cg_fp_check_inputs(const cg_profile *p, cg_fp_check *c)
{
    memset(c, 0, sizeof *c);
    c->inputs = xcalloc(p->n_inputs + 1, sizeof *c->inputs);
    c->n_inputs = p->n_inputs;
    for (size_t i = 0; i < p->n_inputs; i++) {
        parse(&p->inputs[i], &c->inputs[i]);
        c->any |= c->inputs[i].present;
    }
    if (!c->any) return;

    cg_text *keys = NULL;
    size_t n_keys = 0, cap_keys = 0, cap = 0;
    for (size_t i = 0; i < p->n_inputs; i++)
        for (size_t f = 0; f < c->inputs[i].n; f++)
            add_key(&keys, &n_keys, &cap_keys, &c->inputs[i].fields[f].key);
    for (size_t k = 0; k < n_keys; k++) {
        const cg_text *first = value_of(&c->inputs[0], &keys[k]);
        if (!first) first = &none;
        for (size_t i = 1; i < p->n_inputs; i++) {
            const cg_text *v = value_of(&c->inputs[i], &keys[k]);
            if (!v) v = &none;
            if (cg_text_eq(v, first)) continue;
            xgrow((void **)&c->mismatches, &cap, c->n_mismatches + 1, sizeof *c->mismatches);
            cg_fp_mismatch *m = &c->mismatches[c->n_mismatches++];
            *m = (cg_fp_mismatch){keys[k], *first, *v};
            break;
        }
    }
    free(keys);
}

void cg_fp_warn(const cg_fp_check *c)
{
    for (size_t i = 0; i < c->n_mismatches; i++) warn(&c->mismatches[i]);
}

void cg_fp_check_free(cg_fp_check *c)
{
    for (size_t i = 0; i < c->n_inputs; i++) free(c->inputs[i].fields);
    free(c->inputs);
    free(c->mismatches);
    memset(c, 0, sizeof *c);
}

void cg_fp_merged_line(const cg_fp_check *c, cg_buf *out)
{
    cg_buf_adds(out, "fingerprint:");
    /* The fields in the order they first appear among the inputs. */
    cg_text *keys = NULL;
    size_t n_keys = 0, cap_keys = 0;
    for (size_t i = 0; i < c->n_inputs; i++)
        for (size_t f = 0; f < c->inputs[i].n; f++)
            add_key(&keys, &n_keys, &cap_keys, &c->inputs[i].fields[f].key);
    for (size_t k = 0; k < n_keys; k++) {
        bool mixed = false;
        for (size_t m = 0; m < c->n_mismatches; m++)
            mixed |= cg_text_eq(&c->mismatches[m].field, &keys[k]);
        const cg_text *v = NULL;
        for (size_t i = 0; !v && i < c->n_inputs; i++) v = value_of(&c->inputs[i], &keys[k]);
        cg_buf_addc(out, ' ');
        cg_buf_add(out, keys[k].s, keys[k].len);
        cg_buf_addc(out, '=');
        if (mixed)
            cg_buf_adds(out, "mixed");
        else
            cg_buf_add(out, v->s, v->len);
    }
    free(keys);
}
