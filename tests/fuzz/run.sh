#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fuzz/run.sh: every fuzz target (fuzz/, docs/testing.md, "Fuzzing")
# replays its seed corpus (fuzz/corpus/TARGET) and each crasher kept as a
# regression input (fuzz/crashers/TARGET/NAME), built by `make check` with
# the ordinary compiler and fuzz/replay.c (fuzz/replay-TARGET), so no clang
# is needed.  A crash, a broken property (abort) or, in a sanitizer build
# (tests/sanitizers), any report including a leak is a FAIL.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
targets=$(sed -n 's/^FUZZ_TARGETS = //p' "$abs_top_builddir/fuzz/Makefile")
[ -n "$targets" ] || { fail fuzz/targets "no FUZZ_TARGETS in $abs_top_builddir/fuzz/Makefile"; exit 0; }
# The targets run in-process and must free everything: leaks count here.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1"
export ASAN_OPTIONS
src=$abs_top_srcdir/fuzz
out=$(pwd)/out
rm -rf "$out" && mkdir -p "$out" || exit 2

# replay NAME TARGET PATH...: one case.
replay() {
  _name=$1 _t=$2
  shift 2
  _bin=$abs_top_builddir/fuzz/replay-$_t
  if [ ! -x "$_bin" ]; then
    fail "$_name" "$_bin not built (make check builds it)"
    return
  fi
  timeout 300 "$_bin" "$@" >"$out/log" 2>&1
  _rc=$?
  if [ "$_rc" -eq 0 ]; then
    pass "$_name ($(sed -n 's/^replayed //p' "$out/log"))"
  else
    fail "$_name" "exit status $_rc"
    indent 20 <"$out/log"
  fi
}

for t in $targets; do
  corpus=$src/corpus/$t
  if [ -z "$(ls "$corpus" 2>/dev/null)" ]; then
    fail "fuzz/$t/corpus" "no seed inputs in $corpus"
  else
    replay "fuzz/$t/corpus" "$t" "$corpus"
  fi
  for c in "$src/crashers/$t"/*; do
    [ -f "$c" ] || continue
    replay "fuzz/$t/crasher/$(basename "$c")" "$t" "$c"
  done
done
exit 0
