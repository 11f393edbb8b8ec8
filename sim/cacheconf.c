/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cacheconf.c: cache option parsing, validation rules and messages, the LL
 * tweak, defaults and desc:/summary text.  Freestanding: no libc. */
#include "cacheconf.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* The core's decimal parser as observed: returns the end of the number, or `s`
 * itself when no digit was found (leading space and sign are then unread). */
static const char *parse_dec(const char *s, int64_t *v)
{
    const char *p = s;
    uint64_t n = 0;
    int neg = 0, digits = 0;

    while (is_space(*p)) p++;
    if (*p == '-') {
        neg = 1;
        p++;
    } else if (*p == '+') {
        p++;
    }
    for (; *p >= '0' && *p <= '9'; p++, digits = 1) n = n * 10 + (uint64_t)(*p - '0');
    if (!digits) {
        *v = 0;
        return s;
    }
    if (neg) n = 0 - n;
    *v = (int64_t)n;
    return p;
}

static int fits32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

int cacheconf_parse(const char *val, CacheConfig *out)
{
    int64_t v[3];
    const char *p = val;
    int i;

    for (i = 0; i < 3; i++) {
        p = parse_dec(p, &v[i]);
        if (*p != (i < 2 ? ',' : '\0')) return CACHECONF_BAD_ARG;
        p++;
    }
    for (i = 0; i < 3; i++)
        if (!fits32(v[i])) return CACHECONF_OVERFLOW;
    out->size = (int)v[0];
    out->assoc = (int)v[1];
    out->line_size = (int)v[2];
    return CACHECONF_OK;
}

/* Upstream's log2 test: the value, as unsigned 32-bit, is an exact power of two. */
static int pow2(uint32_t x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

static const char *const rule_msg[8] = {
    NULL,
    "Cache line size is zero.",
    "Cache associativity is zero.",
    "Cache set count is not a power of two.",
    "Cache line size is not a power of two.",
    "Cache line size is too small.",
    "Cache size <= line size.",
    "Cache associativity > (size / line size).",
};

/* C int arithmetic as the compiler does it (two's complement wrap), but with
 * the trapping divisions (by 0, INT_MIN / -1) reported instead of executed. */
static int32_t mul32(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a * (uint32_t)b);
}

static int div_traps(int32_t a, int32_t b)
{
    return b == 0 || (b == -1 && a == INT32_MIN);
}

static int rule_fails(const CacheConfig *c, int rule)
{
    int32_t size = c->size, assoc = c->assoc, line = c->line_size, la, q;

    switch (rule) {
    case 1:
        return line == 0;
    case 2:
        return assoc == 0;
    case 3:
        la = mul32(line, assoc);
        if (div_traps(size, la) || size % la != 0) return 1;
        if (div_traps(size, line)) return 1;
        q = size / line;
        if (div_traps(q, assoc)) return 1;
        return !pow2((uint32_t)(q / assoc));
    case 4:
        return !pow2((uint32_t)line);
    case 5:
        return line < 16;
    case 6:
        return size <= line;
    case 7:
        if (div_traps(size, line)) return 1;
        return assoc > size / line;
    }
    return 0;
}

const char *cacheconf_check_rule(const CacheConfig *c, int rule)
{
    if (rule < 1 || rule > 7) return NULL;
    return rule_fails(c, rule) ? rule_msg[rule] : NULL;
}

const char *cacheconf_check(const CacheConfig *c)
{
    int r;

    for (r = 1; r <= 7; r++)
        if (rule_fails(c, r)) return rule_msg[r];
    return NULL;
}

int cacheconf_tweak_ll(CacheConfig *ll)
{
    uint32_t size = (uint32_t)ll->size, assoc = (uint32_t)ll->assoc;
    uint32_t line = (uint32_t)ll->line_size, nsets, p, new_size, new_assoc;
    double scaled; /* 0.5 + (nsets / p) * assoc: rounds the scaled assoc */

    if (size == 0 || assoc == 0 || line == 0 || assoc * line == 0) return 0;
    nsets = size / (assoc * line);
    if (nsets == 0) return 0;
    if (pow2(nsets)) {
        new_assoc = assoc;
        new_size = line * assoc * nsets;
    } else {
        for (p = 1; p <= nsets / 2; p *= 2) {
        }
        scaled = 0.5 + (double)nsets / (double)p * (double)assoc;
        if (scaled >= 4294967296.0) return 0; /* only for absurd inputs; avoids UB */
        new_assoc = (uint32_t)scaled;
        new_size = line * new_assoc * p;
    }
    if (new_size == size && new_assoc == assoc) return 0;
    ll->size = (int)new_size;
    ll->assoc = (int)new_assoc;
    return 1;
}

static void set(CacheConfig *c, int size, int assoc, int line)
{
    c->size = size;
    c->assoc = assoc;
    c->line_size = line;
}

void cacheconf_default(CacheConfig *i1, CacheConfig *d1, CacheConfig *ll)
{
#if defined(VGA_arm) || defined(VGA_arm64)
    set(i1, 16384, 4, 64);
    set(d1, 16384, 4, 64);
    set(ll, 262144, 8, 64);
#elif defined(VGA_mips32) || defined(VGA_mips64)
    set(i1, 32768, 4, 32);
    set(d1, 32768, 4, 32);
    set(ll, 524288, 8, 32);
#elif defined(VGA_s390x)
    set(i1, 65536, 4, 256);
    set(d1, 131072, 8, 256);
    set(ll, 50331648, 24, 256);
#else /* x86, amd64, ppc */
    set(i1, 65536, 2, 64);
    set(d1, 65536, 2, 64);
    set(ll, 262144, 8, 64);
#endif
}

/* ---- Text: a bounded writer, since there is no snprintf here ---- */

typedef struct {
    char *buf;
    size_t n, len;
} Out;

static void put_c(Out *o, char c)
{
    if (o->len + 1 < o->n) o->buf[o->len] = c;
    o->len++;
}

static void put_s(Out *o, const char *s)
{
    while (*s) put_c(o, *s++);
}

static void put_u(Out *o, uint64_t v, int commas)
{
    char d[32];
    int k = 0, i;

    do {
        if (commas && k % 4 == 3) d[k++] = ',';
        d[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (i = k - 1; i >= 0; i--) put_c(o, d[i]);
}

static void put_i(Out *o, int v, int commas)
{
    if (v < 0) put_c(o, '-');
    put_u(o, v < 0 ? 0 - (uint64_t)(int64_t)v : (uint64_t)v, commas);
}

static size_t finish(Out *o)
{
    if (o->n) o->buf[o->len < o->n ? o->len : o->n - 1] = '\0';
    return o->len;
}

size_t cacheconf_desc(const CacheConfig *c, char *buf, size_t n)
{
    Out o = {buf, n, 0};

    put_i(&o, c->size, 0);
    put_s(&o, " B, ");
    put_i(&o, c->line_size, 0);
    put_s(&o, " B, ");
    if (c->assoc == 1) {
        put_s(&o, "direct-mapped");
    } else {
        put_i(&o, c->assoc, 0);
        put_s(&o, "-way associative");
    }
    return finish(&o);
}

size_t cacheconf_summary(const CacheConfig *c, char *buf, size_t n)
{
    Out o = {buf, n, 0};

    put_i(&o, c->size, 1);
    put_s(&o, " B, ");
    put_i(&o, c->assoc, 0);
    put_s(&o, "-way, ");
    put_i(&o, c->line_size, 0);
    put_s(&o, " B lines");
    return finish(&o);
}

size_t cacheconf_commas(uint64_t v, char *buf, size_t n)
{
    Out o = {buf, n, 0};

    put_u(&o, v, 1);
    return finish(&o);
}
