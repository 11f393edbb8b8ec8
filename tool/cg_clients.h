/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_clients.h: programs and harnesses written for Callgrind: its client
 * requests, which this tool ignores as upstream Cachegrind does but never
 * silently, and its option names, which get a hint. */
#ifndef CG_CLIENTS_H
#define CG_CLIENTS_H

#include "cg_state.h"

/* Whether request `args[0]` is Callgrind's (or one CodSpeed's fork of it
 * adds): then it is noted, the first one is reported on stderr, and the
 * request returns 0 to the program. */
Bool cg_clients_request(const UWord *args, UWord *ret);
/* The longest desc: line of cg_clients_desc, its NUL included. */
#define CG_CLIENTS_DESC_MAX 768
/* The desc: line that names the Callgrind requests ignored so far, into
 * `buf` of `size` bytes; False (and nothing written) when there were none. */
Bool cg_clients_desc(HChar *buf, SizeT size);
/* An option this tool does not know: when it is one of Callgrind's, says
 * so (and what to use here, if anything) and exits, as for a bad option. */
void cg_clients_option_hint(const HChar *arg);

#endif
