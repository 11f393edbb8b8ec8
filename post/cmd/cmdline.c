/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline.c: the option tables of cmdline.h and what is made of them: the
   argparse-compatible parser shared by the three programs, the usage items
   and the --help lines, the usual option actions, and the Python-syntax
   number parsers their options need.  It never prints or exits: mistakes
   go back to the caller as a cg_error. */
#include "cmdline.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_POS, K_DASHDASH, K_OPT };

typedef struct classified {
    enum kind kind;
    const cg_option *opt; /* NULL for an unknown option */
    const char *string;   /* the option string matched */
    const char *explicit_value;
    bool single_dash_joined; /* -oVALUE form */
} classified;

/* The column where --help texts start; an item reaching into it puts its
   text on the next line. */
enum { HELP_COLUMN = 24 };

char *cg_repr_str(const char *s)
{
    cg_buf b = {0};
    cg_buf_repr(&b, s, strlen(s));
    return b.p;
}

static bool takes_value(const cg_option *o)
{
    return o->metavar || o->choices;
}

/* ------------------------------------------------------------ actions */

cg_opt_result cg_opt_error(cg_buf *why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cg_buf_vprintf(why, fmt, ap);
    va_end(ap);
    return CG_OPT_BAD;
}

cg_opt_result cg_opt_bad_value(cg_buf *why, const char *what, const char *value)
{
    cg_buf_printf(why, "invalid %s value: ", what);
    cg_buf_repr(why, value, strlen(value));
    return CG_OPT_BAD;
}

cg_opt_result cg_opt_true(void *field, const cg_option *opt, const char *string, const char *value,
                          cg_buf *why)
{
    (void)value, (void)why;
    *(bool *)field =
        !((opt->flags & CG_OPT_NEGATABLE) && string && strcmp(string, opt->names[1]) == 0);
    return CG_OPT_OK;
}

cg_opt_result cg_opt_false(void *field, const cg_option *opt, const char *string, const char *value,
                           cg_buf *why)
{
    (void)opt, (void)string, (void)value, (void)why;
    *(bool *)field = false;
    return CG_OPT_OK;
}

cg_opt_result cg_opt_string(void *field, const cg_option *opt, const char *string,
                            const char *value, cg_buf *why)
{
    (void)opt, (void)string, (void)why;
    *(const char **)field = value;
    return CG_OPT_OK;
}

cg_opt_result cg_opt_int(void *field, const cg_option *opt, const char *string, const char *value,
                         cg_buf *why)
{
    (void)opt, (void)string;
    if (!cg_parse_py_int(value, field)) return cg_opt_bad_value(why, "int", value);
    return CG_OPT_OK;
}

/* The choice named `value`, or NULL with the error in *why. */
static const cg_choice *find_choice(const cg_option *opt, const char *value, cg_buf *why)
{
    const cg_choice *c = opt->choices;
    for (; c->name; c++)
        if (strcmp(c->name, value) == 0) return c;
    cg_buf_adds(why, "invalid choice: use ");
    for (c = opt->choices; c->name; c++) {
        if (c != opt->choices) cg_buf_adds(why, c[1].name ? ", " : " or ");
        cg_buf_adds(why, c->name);
    }
    return NULL;
}

cg_opt_result cg_opt_choice(void *field, const cg_option *opt, const char *string,
                            const char *value, cg_buf *why)
{
    (void)string;
    const cg_choice *c = find_choice(opt, value, why);
    if (!c) return CG_OPT_BAD;
    *(int *)field = c->value;
    return CG_OPT_OK;
}

const cg_choice cg_yes_no[] = {{"yes", true}, {"no", false}, {NULL, 0}};

cg_opt_result cg_opt_yes_no(void *field, const cg_option *opt, const char *string,
                            const char *value, cg_buf *why)
{
    (void)string;
    const cg_choice *c = find_choice(opt, value, why);
    if (!c) return CG_OPT_BAD;
    *(bool *)field = c->value;
    return CG_OPT_OK;
}

/* ------------------------------------------------------ usage and help */

/* ` VALUE` after a spelling: the placeholder, or the choices. */
static void add_metavar(cg_buf *b, const cg_option *o)
{
    if (o->metavar) {
        cg_buf_addc(b, ' ');
        cg_buf_adds(b, o->metavar);
    } else if (o->choices) {
        for (const cg_choice *c = o->choices; c->name; c++) {
            cg_buf_addc(b, c == o->choices ? ' ' : '|');
            cg_buf_adds(b, c->name);
        }
    }
}

void cg_usage_items(cg_buf *b, const cg_option *opts, size_t n, int indent)
{
    for (size_t i = 0; i < n; i++) {
        const cg_option *o = &opts[i];
        if (o->flags & CG_OPT_NO_USAGE) continue;
        if (o->flags & CG_OPT_USAGE_BREAK)
            cg_buf_printf(b, "\n%*s", indent, "");
        else
            cg_buf_addc(b, ' ');
        /* One spelling stands for the others, but a negatable pair is a
           choice between two. */
        cg_buf_printf(b, "[%s", o->names[0]);
        if (o->flags & CG_OPT_NEGATABLE) cg_buf_printf(b, " | %s", o->names[1]);
        add_metavar(b, o);
        cg_buf_addc(b, ']');
    }
}

void cg_help_item(cg_buf *b, const char *item, const char *help)
{
    size_t len = strlen(item);
    cg_buf_printf(b, "  %s", item);
    if (2 + len < HELP_COLUMN)
        cg_buf_printf(b, "%*s", (int)(HELP_COLUMN - 2 - len), "");
    else
        cg_buf_printf(b, "\n%*s", HELP_COLUMN, "");
    for (const char *p = help;;) {
        const char *nl = strchr(p, '\n');
        cg_buf_add(b, p, nl ? (size_t)(nl - p) : strlen(p));
        cg_buf_addc(b, '\n');
        if (!nl) break;
        p = nl + 1;
        cg_buf_printf(b, "%*s", HELP_COLUMN, "");
    }
}

void cg_help_options(cg_buf *b, const cg_option *opts, size_t n)
{
    cg_buf item = {0};
    for (size_t i = 0; i < n; i++) {
        const cg_option *o = &opts[i];
        item.len = 0;
        for (const char *const *s = o->names; *s; s++) {
            if (s != o->names) cg_buf_adds(&item, ", ");
            cg_buf_adds(&item, *s);
            add_metavar(&item, o);
        }
        cg_help_item(b, item.p, o->help);
    }
    cg_buf_free(&item);
}

/* ------------------------------------------------------------- parsing */

/* Sets *e to argparse's error: status 2, after the usage lines. */
static bool usage_error(cg_error *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool usage_error(cg_error *e, const char *fmt, ...)
{
    va_list ap;
    cg_error_bytes(e, 2, "", 0);
    va_start(ap, fmt);
    cg_buf_vprintf(&e->msg, fmt, ap);
    va_end(ap);
    e->usage = e->argparse = true;
    return false;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool looks_negative_number(const char *s)
{
    /* ^-\d+$ or ^-\d*\.\d+$ */
    if (s[0] != '-') return false;
    const char *p = s + 1;
    const char *d = p;
    while (*p >= '0' && *p <= '9') p++;
    if (!*p) return p > d;
    if (*p != '.') return false;
    const char *f = ++p;
    while (*p >= '0' && *p <= '9') p++;
    return !*p && p > f;
}

static const cg_option *find_exact(const cg_cmdline *cl, const char *s, size_t n, const char **str)
{
    for (size_t i = 0; i < cl->n_opts; i++)
        for (const char *const *o = cl->opts[i].names; *o; o++)
            if (strlen(*o) == n && strncmp(*o, s, n) == 0) {
                *str = *o;
                return &cl->opts[i];
            }
    return NULL;
}

/* False (with *e set) for an ambiguous prefix. */
static bool classify(const cg_cmdline *cl, const char *arg, classified *out, cg_error *e)
{
    classified c = {K_POS, NULL, NULL, NULL, false};
    *out = c;
    if (arg[0] != '-' || arg[1] == 0) return true;
    c.kind = K_OPT;
    if ((c.opt = find_exact(cl, arg, strlen(arg), &c.string))) return *out = c, true;
    const char *eq = strchr(arg, '=');
    if (eq && (c.opt = find_exact(cl, arg, (size_t)(eq - arg), &c.string))) {
        c.explicit_value = eq + 1;
        return *out = c, true;
    }

    /* Unique prefixes of option strings are accepted. */
    classified match[64];
    size_t n = 0;
    bool dd = arg[1] == '-';
    size_t plen = dd && eq ? (size_t)(eq - arg) : strlen(arg);
    for (size_t i = 0; i < cl->n_opts; i++) {
        for (const char *const *o = cl->opts[i].names; *o; o++) {
            classified m = {K_OPT, &cl->opts[i], *o, NULL, false};
            if (dd) {
                if (strncmp(*o, arg, plen) != 0) continue;
                m.explicit_value = eq ? eq + 1 : NULL;
            } else if (strlen(*o) == 2 && strncmp(*o, arg, 2) == 0) {
                m.explicit_value = arg + 2;
                m.single_dash_joined = true;
            } else if (!starts_with(*o, arg)) {
                continue;
            }
            if (n < 64) match[n++] = m;
        }
    }
    if (n > 1) {
        cg_buf b = {0};
        for (size_t i = 0; i < n; i++) {
            if (i) cg_buf_adds(&b, ", ");
            cg_buf_adds(&b, match[i].string);
        }
        usage_error(e, "ambiguous option: %s could match %s", arg, b.p);
        cg_buf_free(&b);
        return false;
    }
    if (n == 1) return *out = match[0], true;
    if (looks_negative_number(arg) || strchr(arg, ' ')) c.kind = K_POS;
    c.opt = NULL;
    *out = c;
    return true;
}

/* The name argparse gives an option in messages: all its strings. */
static char *opt_display(const cg_option *o)
{
    cg_buf b = {0};
    for (const char *const *s = o->names; *s; s++) {
        if (s != o->names) cg_buf_addc(&b, '/');
        cg_buf_adds(&b, *s);
    }
    return b.p;
}

/* Applies one option (string and value as cg_opt_apply has them); false
   when parsing stops (*e set). */
static bool take(const cg_cmdline *cl, const cg_option *o, const char *string, const char *value,
                 cg_error *e)
{
    cg_buf why = {0};
    cg_opt_result r = o->apply((char *)cl->ctx + o->offset, o, string, value, &why);
    if (r == CG_OPT_DONE) {
        cg_error_bytes(e, 0, "", 0);
    } else if (r == CG_OPT_BAD) {
        char *d = opt_display(o);
        usage_error(e, "argument %s: %s", d, why.p ? why.p : "");
        free(d);
    }
    cg_buf_free(&why);
    return r == CG_OPT_OK;
}

/* The positional arguments, or NULL with *e set. */
static char **parse(const cg_cmdline *cl, size_t n, char **args, const classified *cls,
                    size_t *n_out, cg_error *e)
{
    char **pos = xcalloc(n + 1, sizeof *pos);
    size_t n_pos = 0, slots_filled = 0;
    cg_buf extras = {0};
    bool ok = true;
    size_t i = 0;
    while (ok && i < n) {
        if (cls[i].kind != K_OPT) {
            /* A run of positionals fills as many remaining slots as it can;
               the last slot may swallow the rest of the run. */
            size_t j = i;
            while (j < n && cls[j].kind != K_OPT) {
                if (cls[j].kind == K_POS) {
                    if (slots_filled < cl->n_args) {
                        pos[n_pos++] = args[j];
                        if (!(cl->last_many && slots_filled == cl->n_args - 1)) slots_filled++;
                    } else {
                        if (extras.len) cg_buf_addc(&extras, ' ');
                        cg_buf_adds(&extras, args[j]);
                    }
                }
                j++;
            }
            if (cl->last_many && slots_filled == cl->n_args - 1 && n_pos >= cl->n_args)
                slots_filled = cl->n_args;
            i = j;
            continue;
        }
        const classified *c = &cls[i];
        if (!c->opt) {
            if (extras.len) cg_buf_addc(&extras, ' ');
            cg_buf_adds(&extras, args[i]);
            i++;
        } else if (c->explicit_value) {
            if (!takes_value(c->opt)) {
                char *d = opt_display(c->opt), *r = cg_repr_str(c->explicit_value);
                ok = usage_error(e, "argument %s: ignored explicit argument %s", d, r);
                free(d);
                free(r);
            } else {
                ok = take(cl, c->opt, c->string, c->explicit_value, e);
                i++;
            }
        } else if (!takes_value(c->opt)) {
            ok = take(cl, c->opt, c->string, NULL, e);
            i++;
        } else if (i + 1 < n && cls[i + 1].kind == K_POS) {
            ok = take(cl, c->opt, c->string, args[i + 1], e);
            i += 2;
        } else {
            char *d = opt_display(c->opt);
            ok = usage_error(e, "argument %s: expected one argument", d);
            free(d);
        }
    }
    if (ok && slots_filled < cl->n_args) {
        cg_buf b = {0};
        for (size_t k = slots_filled; k < cl->n_args; k++) {
            if (b.len) cg_buf_adds(&b, ", ");
            cg_buf_adds(&b, cl->args[k].name);
        }
        ok = usage_error(e, "the following arguments are required: %s", b.p);
        cg_buf_free(&b);
    }
    if (ok && extras.len) ok = usage_error(e, "unrecognized arguments: %s", extras.p);
    cg_buf_free(&extras);
    if (!ok) {
        free(pos);
        return NULL;
    }
    *n_out = n_pos;
    return pos;
}

char **cg_parse_args(const cg_cmdline *cl, int argc, char **argv, size_t *n_out, cg_error *e)
{
    /* The defaults first, through the options' own actions, as argparse
       sets them before it reads anything. */
    for (size_t i = 0; i < cl->n_opts; i++) {
        const cg_option *o = &cl->opts[i];
        if (!o->def) continue;
        bool v = takes_value(o);
        if (!take(cl, o, v ? NULL : o->def, v ? o->def : NULL, e)) return NULL;
    }
    size_t n = argc > 1 ? (size_t)argc - 1 : 0;
    char **args = argv + 1;
    classified *cls = xcalloc(n, sizeof *cls);
    bool after_dd = false, ok = true;
    /* Every argument is classified first: an ambiguous prefix anywhere is
       reported before any option takes effect, as argparse does. */
    for (size_t i = 0; ok && i < n; i++) {
        if (after_dd) {
            cls[i].kind = K_POS;
        } else if (strcmp(args[i], "--") == 0) {
            cls[i].kind = K_DASHDASH;
            after_dd = true;
        } else {
            ok = classify(cl, args[i], &cls[i], e);
        }
    }
    char **pos = ok ? parse(cl, n, args, cls, n_out, e) : NULL;
    free(cls);
    return pos;
}

/* Strip Python whitespace from both ends into a new string. */
static char *py_strip(const char *s)
{
    const char *end = s + strlen(s);
    size_t k;
    while (s < end && (k = cg_space_len(s, end))) s += k;
    /* Trailing: scan forward, remembering where the last non-space ended. */
    const char *p = s, *last = s;
    while (p < end) {
        k = cg_space_len(p, end);
        if (k) {
            p += k;
        } else {
            p++;
            last = p;
        }
    }
    return xmemdup0(s, (size_t)(last - s));
}

/* Remove single underscores between digits; false if any is misplaced. */
static bool strip_underscores(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r == '_') {
            if (r == s || !(r[-1] >= '0' && r[-1] <= '9') || !(r[1] >= '0' && r[1] <= '9'))
                return false;
            continue;
        }
        *w++ = *r;
    }
    *w = 0;
    return true;
}

bool cg_parse_py_float(const char *str, double *out)
{
    char *s = py_strip(str);
    bool ok = false;
    const char *p = s;
    if (*p == '+' || *p == '-') p++;
    if (!strcasecmp(p, "inf") || !strcasecmp(p, "infinity") || !strcasecmp(p, "nan")) {
        *out = strtod(s, NULL);
        free(s);
        return true;
    }
    /* digits [. digits] [e [sign] digits], at least one mantissa digit */
    const char *q = p;
    int mant = 0;
    while ((*q >= '0' && *q <= '9') || *q == '_') mant += *q++ != '_';
    if (*q == '.') {
        q++;
        while ((*q >= '0' && *q <= '9') || *q == '_') mant += *q++ != '_';
    }
    if (mant > 0 && (*q == 'e' || *q == 'E')) {
        q++;
        if (*q == '+' || *q == '-') q++;
        int ed = 0;
        while ((*q >= '0' && *q <= '9') || *q == '_') ed += *q++ != '_';
        if (!ed) mant = 0;
    }
    if (mant > 0 && !*q && strip_underscores(s)) {
        char *end;
        errno = 0;
        *out = strtod(s, &end);
        ok = *end == 0;
    }
    free(s);
    return ok;
}

bool cg_parse_py_int(const char *str, long long *out)
{
    char *s = py_strip(str);
    const char *p = s;
    bool neg = false, ok = false;
    if (*p == '+' || *p == '-') neg = *p++ == '-';
    if (*p >= '0' && *p <= '9') {
        char *t = xmemdup0(p, strlen(p));
        if (strip_underscores(t) && t[strspn(t, "0123456789")] == 0 && p[strlen(p) - 1] != '_') {
            long long v = 0;
            for (const char *d = t; *d; d++)
                v = v > (LLONG_MAX - 9) / 10 ? LLONG_MAX / 2 : v * 10 + (*d - '0');
            *out = neg ? -v : v;
            ok = true;
        }
        free(t);
    }
    free(s);
    return ok;
}
