/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_ccs.c: the compact cost-centre store (post/model/ccstore.c) against the
   plainest possible model of it, an array of 64-bit counts: the same
   random additions (seeded, so every run is the same) go to both, and
   every cost centre must read back equal.  The additions are chosen to
   reach every case of the encoding: counts that need 64 bits and go back
   to 32, counts that cancel to zero (a --diff), blocks that grow and are
   moved, garbage enough to be reclaimed, and more than 16 events (the
   plain layout). */
#include "ccstore.h"
#include "check.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* A count of the kinds the encoding tells apart. */
static cg_count value(void)
{
    switch (next() % 8) {
    case 0:
        return 0;
    case 1:
        return (cg_count)(next() % 100);
    case 2:
        return -(cg_count)(next() % 100);
    case 3:
        return INT32_MAX;
    case 4:
        return (cg_count)1 << 40;
    case 5:
        return -((cg_count)1 << 33);
    default:
        return (cg_count)(next() % 1000000);
    }
}

/* n cost centres of nev events, `ops` random additions, each undone half
   the time by a later subtraction of the same counts. */
static void model_check(const char *name, size_t nev, size_t n, size_t ops)
{
    case_begin(name);
    cg_ccs s;
    cg_ccs_init(&s, nev);
    uint32_t *h = xcalloc(n, sizeof *h);
    cg_count *ref = xcalloc(n * nev, sizeof *ref), *v = xmalloc(nev * sizeof *v);
    cg_count *buf = xmalloc(nev * sizeof *buf);
    bool compacted = false;
    for (size_t k = 0; k < ops; k++) {
        size_t i = next() % n;
        for (size_t e = 0; e < nev; e++) v[e] = next() % 3 ? 0 : value();
        int sign = next() % 4 ? 1 : -1;
        cg_ccs_add(&s, &h[i], v, sign);
        for (size_t e = 0; e < nev; e++) ref[i * nev + e] += sign * v[e];
        if (cg_ccs_wants_compact(&s)) {
            cg_ccs_compact(&s, h, n, sizeof *h);
            compacted = true;
        }
    }
    size_t bad = 0, zero = 0;
    for (size_t i = 0; i < n; i++) {
        const cg_count *got = cg_ccs_get(&s, h[i], buf);
        if (memcmp(got, ref + i * nev, nev * sizeof *got) != 0) bad++;
        bool all0 = true;
        for (size_t e = 0; e < nev; e++) all0 &= ref[i * nev + e] == 0;
        zero += all0;
        /* An all-zero cost centre holds no block (sparse layout). */
        if (all0 && nev <= CG_CCS_SPARSE_MAX && h[i] != 0) bad++;
    }
    EXPECT_INT(bad, 0);
    if (nev <= CG_CCS_SPARSE_MAX && ops > 100000) EXPECT_INT(compacted, 1);
    case_ctx("%zu of %zu all zero", zero, n);
    free(h);
    free(ref);
    free(v);
    free(buf);
    cg_ccs_free(&s);
    case_end();
}

/* Adding x then -x leaves nothing: the handle goes back to 0. */
static void cancel(void)
{
    case_begin("ccs/cancel");
    cg_ccs s;
    cg_ccs_init(&s, 3);
    uint32_t h = 0;
    cg_count v[3] = {5, 0, (cg_count)1 << 50}, out[3];
    cg_ccs_add(&s, &h, v, 1);
    EXPECT_INT(h != 0, 1);
    EXPECT_INT(cg_ccs_get(&s, h, out)[2], (cg_count)1 << 50);
    /* Header, a 32-bit and a 64-bit count. */
    EXPECT_INT(cg_ccs_bytes(&s), 4 * (1 + 1 + 1 + 2));
    cg_ccs_add(&s, &h, v, -1);
    EXPECT_INT(h, 0);
    EXPECT_INT(cg_ccs_get(&s, h, out)[0], 0);
    cg_ccs_free(&s);
    case_end();
}

int main(void)
{
    cancel();
    model_check("ccs/nine-events", 9, 1000, 20000);
    model_check("ccs/compaction", 9, 50000, 400000);
    model_check("ccs/one-event", 1, 100, 5000);
    model_check("ccs/sixteen-events", 16, 500, 10000);
    model_check("ccs/twenty-events-plain", 20, 500, 10000);
    return check_exit();
}
