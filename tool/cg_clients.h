/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_clients.h: programs and harnesses written for Callgrind: its client
 * requests, which this tool ignores as upstream Cachegrind does but never
 * silently, and its option names, which get a hint. */
#ifndef CG_CLIENTS_H
#define CG_CLIENTS_H

#include "cg_state.h"
#include "pub_tool_tooliface.h"

/* Callgrind's requests, as offsets from VG_USERREQ_TOOL_BASE('C','T') in
 * valgrind/callgrind.h's order, then the two of CodSpeed's fork. */
enum {
    CG_CT_DUMP_STATS,
    CG_CT_ZERO_STATS,
    CG_CT_TOGGLE_COLLECT,
    CG_CT_DUMP_STATS_AT,
    CG_CT_START_INSTRUMENTATION,
    CG_CT_STOP_INSTRUMENTATION,
    CG_CT_CODSPEED_SKIP_OBJ,
    CG_CT_CODSPEED_META,
};

/* The requests' names, by CG_CT_ code (then "an undefined request of
 * Callgrind's range" for every code after CodSpeed's). */
extern const HChar *const cg_callgrind_request_names[CG_CALLGRIND_REQUESTS];

/* Whether the tool was started as --tool=callgrind (the last --tool of
 * Valgrind's arguments): then it runs as Callgrind (docs/cachegrind.md,
 * "Running as Callgrind").  Valid from pre_clo_init on. */
Bool cg_clients_started_as_callgrind(void);

/* Run as Callgrind, at the end of a superblock `sbi` that ends in a client
 * request or a system call going on at `next`: the IR that remembers it
 * was the last. */
void cg_clients_emit_request_block(IRSB *out, struct SBInfo *sbi, Addr next);
/* Run as Callgrind, around the action of a request of thread `tid`:
 * takes the counts of the block that made it out before (when it is the
 * thread's last block), and puts them back after (if `recount`), counted
 * as they are counted then. */
void cg_clients_block_out(ThreadId tid);
void cg_clients_block_in(Bool recount);
/* Run as Callgrind, before system call `sysno` of thread `tid`: the block
 * that makes an exit of the process or the thread is not counted. */
void cg_clients_pre_syscall(ThreadId tid, UInt sysno);
/* Run as Callgrind with --collect-systime, after a system call of thread
 * `tid`: its count and times into the line of its instruction. */
void cg_clients_post_syscall(ThreadId tid);

/* Whether request `args[0]` is Callgrind's (or one CodSpeed's fork of it
 * adds): then it is noted, the first one is reported on stderr, and the
 * request returns 0 to the program. */
Bool cg_clients_request(const UWord *args, UWord *ret);
/* The longest desc: line of cg_clients_desc, its NUL included. */
#define CG_CLIENTS_DESC_MAX 768
/* The desc: line that names the Callgrind requests ignored so far, into
 * `buf` of `size` bytes; False (and nothing written) when there were none. */
Bool cg_clients_desc(HChar *buf, SizeT size);
/* A NUL-terminated string of the client's at `a` (0: none), for a desc:
 * line or a request's argument: at most size - 1 bytes, up to the first
 * byte that cannot be read, with every control byte (which could end a
 * line) as '?'. */
void cg_clients_text(Addr a, HChar *buf, SizeT size);
/* Run as Callgrind, CodSpeed's metadata request: the client's string at
 * `text` is a desc: line of every file written from now on (at most
 * CG_CLIENTS_META_MAX of them; the ones after are dropped). */
#define CG_CLIENTS_META_MAX 64
void cg_clients_add_meta(Addr text);
/* An option this tool does not know: when it is one of Callgrind's, says
 * so (and what to use here, if anything) and exits, as for a bad option. */
void cg_clients_option_hint(const HChar *arg);

#endif
