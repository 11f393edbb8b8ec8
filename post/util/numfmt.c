/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numfmt.c: the report number formats (see numfmt.h), kept apart so that the
   percentage arithmetic lives in exactly one place. */
#include "numfmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t cg_fmt_commas(char *buf, int64_t v)
{
    char tmp[32];
    char *e = tmp + sizeof tmp, *p = e;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    int digits = 0;
    do {
        if (digits && digits % 3 == 0) *--p = ',';
        *--p = (char)('0' + u % 10);
        u /= 10;
        digits++;
    } while (u);
    if (v < 0) *--p = '-';
    size_t n = (size_t)(e - p);
    memcpy(buf, p, n);
    buf[n] = 0;
    return n;
}

size_t cg_fmt_pct(char *buf, int64_t count, int64_t total)
{
    /* Python divides the exact product; a double from the exact 128-bit
       product gives the same value whenever the numbers fit in 53 bits. */
    __int128 prod = (__int128)count * 100;
    double v = (double)prod / (double)total;
    int n = snprintf(buf, 64, "%.1f", v);
    return n < 0 ? 0 : (size_t)n;
}

size_t cg_fmt_share(char *buf, int64_t count, int64_t total)
{
    if (count == 0) return buf[0] = 0, 0;
    if (total == 0) return (size_t)sprintf(buf, "n/a");
    size_t n = cg_fmt_pct(buf, count, total);
    buf[n++] = '%';
    buf[n] = 0;
    return n;
}

void cg_fmt_float_repr(char *buf, size_t size, double v)
{
    if (isnan(v) || isinf(v)) {
        snprintf(buf, size, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        return;
    }
    char e[40];
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(e, sizeof e, "%.*e", prec - 1, v);
        if (strtod(e, NULL) == v) break;
    }
    /* e = [-]d[.ddd]e[+-]XX: collect the digits and the decimal exponent. */
    const char *p = e;
    char digits[24];
    int nd = 0;
    int neg = *p == '-';
    if (neg) p++;
    for (; *p && *p != 'e'; p++)
        if (*p != '.') digits[nd++] = *p;
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    int exp10 = atoi(p + 1);
    int decpt = exp10 + 1;
    char *w = buf;
    size_t left = size;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        int k_ = snprintf(w, left, __VA_ARGS__);                                                   \
        w += k_;                                                                                   \
        left -= (size_t)k_;                                                                        \
    } while (0)
    if (neg) PUT("-");
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            PUT("0.");
            for (int i = 0; i < -decpt; i++) PUT("0");
            PUT("%s", digits);
        } else if (decpt >= nd) {
            PUT("%s", digits);
            for (int i = nd; i < decpt; i++) PUT("0");
            PUT(".0");
        } else {
            PUT("%.*s.%s", decpt, digits, digits + decpt);
        }
    } else {
        PUT("%c", digits[0]);
        if (nd > 1) PUT(".%s", digits + 1);
        PUT("e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
    }
#undef PUT
}
