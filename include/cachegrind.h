/* SPDX-License-Identifier: BSD-2-Clause */
/* cachegrind.h: client requests a program can make of Cachegrind, usable
 * with or without Valgrind (they do nothing when not running under it).
 *
 * This header, unlike the rest of the project, is under the BSD 2-Clause
 * licence, so that a program of any licence may include it:
 *
 * Copyright (C) 2026 the Cachegrind, rebuilt authors.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 * 1. Redistributions of source code must retain the above copyright notice,
 *    this list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 * ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE
 * LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
 * CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 * INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
 * CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
 * ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
 * POSSIBILITY OF SUCH DAMAGE.
 *
 * Usage, to profile just one region of a program run with
 * `valgrind --tool=cachegrind --instr-at-start=no prog`:
 *
 *     CACHEGRIND_START_INSTRUMENTATION;
 *     work();
 *     CACHEGRIND_STOP_INSTRUMENTATION;
 *
 * or, with the caches warm and a profile per phase:
 *
 *     setup();
 *     CACHEGRIND_ZERO_STATS;
 *     phase1();
 *     CACHEGRIND_DUMP_STATS_AT("phase 1");
 *     phase2();
 */
#ifndef __CACHEGRIND_H
#define __CACHEGRIND_H

#include <valgrind/valgrind.h>

/* The codes are those of upstream Cachegrind, so programs built against
 * either header work with either tool. */
typedef enum {
    VG_USERREQ__CG_START_INSTRUMENTATION = VG_USERREQ_TOOL_BASE('C', 'G'),
    VG_USERREQ__CG_STOP_INSTRUMENTATION
} Vg_CachegrindClientRequest;

/* Start counting (discards all existing translations, so it is slow). */
#define CACHEGRIND_START_INSTRUMENTATION                                                           \
    VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CG_START_INSTRUMENTATION, 0, 0, 0, 0, 0)

/* Stop counting (also discards all translations). */
#define CACHEGRIND_STOP_INSTRUMENTATION                                                            \
    VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CG_STOP_INSTRUMENTATION, 0, 0, 0, 0, 0)

/* This project's own requests.  Their codes are on a base of their own
 * ('C','R'), which no Valgrind tool uses: upstream's Cachegrind warns about
 * codes of its 'C','G' range that it does not know, and every other tool
 * ignores codes that are not its own, so a program that makes these
 * requests runs quietly under any tool, and under no Valgrind at all. */
typedef enum {
    VG_USERREQ__CG_ZERO_STATS = VG_USERREQ_TOOL_BASE('C', 'R'),
    VG_USERREQ__CG_DUMP_STATS_AT
} Vg_CachegrindRebuiltClientRequest;

/* Forget the counts so far (the simulated caches and predictors keep their
 * state). */
#define CACHEGRIND_ZERO_STATS                                                                      \
    VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CG_ZERO_STATS, 0, 0, 0, 0, 0)

/* Write the counts so far to <out-file>.<n> (the next free n, from 1), with
 * `label` (a string, or NULL) in a `desc: dump:` line, then forget them. */
#define CACHEGRIND_DUMP_STATS_AT(label)                                                            \
    VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CG_DUMP_STATS_AT, (label), 0, 0, 0, 0)

#endif
