/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cg_compat.h: the one place where the tool bridges differences between the
 * tool interfaces of the Valgrind releases it builds against (3.19, 3.24 and
 * 3.27 today).  Every bridge is chosen by a configure test of the headers the
 * tool is compiled with (HAVE_* on the command line), never by a version
 * number.
 *
 * What differs between those releases, for the parts of the interface the
 * tool uses (functions, macros, IR types), and what it means here:
 *
 * - VG_(ok_to_discard_translations): exported by every release's core,
 *   declared by none of their headers; declared below unless a release's
 *   headers do it themselves.
 * - VG_(args_the_exename) is `const HChar*` in 3.19 and 3.24, `HChar*` in
 *   3.27: the tool only reads it, which both allow.  No bridge.
 * - VG_BOOL_CLO: in 3.24 and 3.27 a bare `--branch-sim` is fatal with
 *   "Missing boolean value" (3.19: "Unknown option").  The macro comes from
 *   the release's own pub_tool_options.h, so the tool behaves like that
 *   release's cachegrind, which is what the comparisons expect
 *   (tests/tool/cases/opt-bool-novalue.case).  No bridge.
 * - libvex_ir.h: 3.27 adds the jump kind Ijk_Extension (the tool's branch
 *   events look only at Boring, Call and Ret, so it is not a branch, like
 *   every other kind) and drops Iop_Clz64/Ctz64 and friends, which the tool
 *   does not use.  No bridge.
 * - VexControl's chasing switch, which --toggle-collect turns off, is
 *   `guest_chase` (a Bool) in all three (older releases, which the tool
 *   does not build against, had a threshold there instead).  No bridge.
 * - VG_(get_fnname_if_entry), VG_(string_match), VG_(atfork),
 *   VG_(track_pre_thread_ll_create), VG_(am_is_valid_for_client) and
 *   VG_N_THREADS (a variable) are the same in all three.  No bridge.
 * - VG_(clo_demangle), the core's --demangle setting: defined by every
 *   release's core (a Bool since long before 3.19), declared by none of their
 *   tool headers; declared below.  cg_lines.c switches it off around one
 *   lookup so that it demangles each function name once, not at every
 *   instruction.
 * - Every other function the tool calls has the same prototype in all three.
 */
#ifndef CG_COMPAT_H
#define CG_COMPAT_H

#include "pub_tool_basics.h"

/* The core's "no translation is running" flag, which
 * VG_(discard_translations_safely) asserts; the tool raises it only where it
 * holds (cg_tiers.c, when superblocks change tier). */
#if !defined(HAVE_DECL_VG_OK_TO_DISCARD_TRANSLATIONS) || !HAVE_DECL_VG_OK_TO_DISCARD_TRANSLATIONS
extern Bool VG_(ok_to_discard_translations);
#endif

/* The core's --demangle setting (see above). */
extern Bool VG_(clo_demangle);

#endif
