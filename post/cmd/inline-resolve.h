/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inline-resolve.h: cg_annotate's inline chains, read from the objects'
   DWARF (dwarf-inline.h) for the rewrite that makes inlined functions
   frames (inline-frames.h).  Each object is opened once; one that cannot
   be read leaves its inlined code with its out-of-line functions, with a
   note on stderr saying why. */
#ifndef CG_INLINE_RESOLVE_H
#define CG_INLINE_RESOLVE_H

#include "inline-frames.h"

/* Rewrites p (read, not yet cg_profile_read_done) with the chains of its
   objects; a failure as inline-frames.h says, and unless `quiet` a note
   for each object that cannot be read. */
void cg_inline_frames(cg_profile *p, cg_inline_stats *st, bool quiet);

#endif
