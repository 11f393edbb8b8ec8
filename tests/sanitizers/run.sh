#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/sanitizers/run.sh: the native suites (post, sim, graph, fuzz) again,
# on a build made with ./configure --enable-sanitizers (AddressSanitizer and
# UndefinedBehaviorSanitizer; any report ends the program with an error).
# A snapshot of the tree (`make distdir`) is configured and built under
# $abs_top_builddir/.sanitizers; each case is reported as asan/SUITE/NAME.
# The tool itself runs inside Valgrind and cannot be built this way: every
# directory of the build's SUBDIRS is built but tool/, and the post suite's
# real profiles come from this tree's tool, copied into the snapshot's
# build (the same sources; building it again cost 11 CPU-s).
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
unset MAKEFLAGS MFLAGS MAKELEVEL
btop=$(cd "$abs_top_builddir" && pwd)
top=$btop/.sanitizers
vgp=${VG_PLATFORM:-amd64-linux}
src=$top/src build=$top/build log=$top/build.log
mkdir -p "$top" && : >"$log"
step() { echo "+ $*" >>"$log"; "$@" >>"$log" 2>&1; }
if ! { rm -rf "$src" && step make -s -C "$btop" distdir distdir=.sanitizers/src &&
       mkdir -p "$build" &&
       { [ -f "$build/config.status" ] && [ "$build/config.status" -nt "$src/configure" ] ||
         (cd "$build" && step "$src/configure" --enable-sanitizers \
           --with-valgrind="${VALGRIND:-/usr/bin/valgrind}" --with-valgrind-libexec="${VG_LIBEXECDIR:-/usr/libexec/valgrind}"); } &&
       (for d in $(sed -n 's/^SUBDIRS = //p' "$build/Makefile"); do
          [ "$d" = tool ] || step make -C "$build/$d" -j2 || exit 1
        done) &&
       mkdir -p "$build/tool" && step cp "$btop/tool/cachegrind-$vgp" "$build/tool/" &&
       step make -C "$build/tests/sim" -j2 test_cache test_branch test_cacheconf &&
       step make -C "$build/tests/graph" -j2 test_graph test_ccs &&
       step make -C "$build/fuzz" -j2 replays; }; then
  fail asan/build "the sanitizer build failed (log: $log):"
  tail -n 20 "$log" | indent 20
  exit 0
fi
if ! grep -q -- '-fsanitize=address' "$build/post/Makefile"; then
  fail asan/build "configure --enable-sanitizers did not add the flags"
  exit 0
fi
pass asan/build
# Leaks at exit are by design (the programs exit without freeing; the fuzz
# suite turns leak detection back on for its in-process replays); every
# other finding stops the program with a non-zero status, which the suites
# report as a failure.
ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:exitcode=86
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS UBSAN_OPTIONS
abs_top_srcdir=$src abs_top_builddir=$build sh "$src/tests/run-tests.sh" post sim graph fuzz 2>&1 |
  sed -n -e 's/^\(PASS\|FAIL\|SKIP\): /\1: asan\//p' -e '/^[ #]/p'
exit 0
