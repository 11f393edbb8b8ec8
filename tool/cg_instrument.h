/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_instrument.h: the instrumentation pass the core calls for every
 * superblock it translates. */
#ifndef CG_INSTRUMENT_H
#define CG_INSTRUMENT_H

#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"

IRSB *cg_instrument(VgCallbackClosure *closure, IRSB *sb_in, const VexGuestLayout *layout,
                    const VexGuestExtents *vge, const VexArchInfo *archinfo, IRType gWordTy,
                    IRType hWordTy);

#endif
