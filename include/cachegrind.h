/* cachegrind.h: client requests a program can make of Cachegrind, usable
 * with or without Valgrind (they do nothing when not running under it).
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are
 * met: redistributions of source code must retain this notice, and
 * redistributions in binary form must reproduce it in the documentation or
 * other materials provided with the distribution.  THIS HEADER IS PROVIDED
 * "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.
 *
 * Usage, to profile just one region of a program run with
 * `valgrind --tool=cachegrind --instr-at-start=no prog`:
 *
 *     CACHEGRIND_START_INSTRUMENTATION;
 *     work();
 *     CACHEGRIND_STOP_INSTRUMENTATION;
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

#endif
