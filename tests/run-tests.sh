#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-tests.sh: the one test driver.  Runs every suite (tests/<suite>/run.sh),
# tallies their PASS/FAIL/SKIP lines and ends with `N skipped` and, last,
# `N passed, N failed`.
#
# Protocol: a suite's run.sh is run with the environment below and prints one
# line per case, `PASS: name`, `FAIL: name` (details may follow on lines that
# start with whitespace or `#`) or `SKIP: name (reason)`.  A suite that exits
# non-zero without reporting any case counts as one failure.  A skip is for
# something outside the project (tests/lib.sh, skip); one whose reason is
# ours ends in ` [ours]` (skip_ours), and under CI=true it is a failure:
# CI cannot pass by skipping our own parts.
#
# Usage: run-tests.sh [suite ...]      (default: every suite, in name order)
set -u
: "${abs_top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${abs_top_builddir:=$abs_top_srcdir}"
export abs_top_srcdir abs_top_builddir
# The project's version (AC_INIT's second argument), which the programs print.
: "${CG_VERSION:=$(sed -n 's/^AC_INIT(\[[^]]*\], *\[\([^]]*\)\].*/\1/p' "$abs_top_srcdir/configure.ac")}"
export CG_VERSION
export VALGRIND="${VALGRIND:-/usr/bin/valgrind}"
export VG_LIBEXECDIR="${VG_LIBEXECDIR:-/usr/libexec/valgrind}"
export VG_PLATFORM="${VG_PLATFORM:-amd64-linux}"

suites="$*"
if [ -z "$suites" ]; then
  for d in "$abs_top_srcdir"/tests/*/; do
    [ -f "$d/run.sh" ] && suites="$suites $(basename "$d")"
  done
fi

passed=0 failed=0 skipped=0
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT
for s in $suites; do
  echo "== suite $s"
  run="$abs_top_srcdir/tests/$s/run.sh"
  mkdir -p "$abs_top_builddir/tests/$s"
  (cd "$abs_top_builddir/tests/$s" && sh "$run") >"$log" 2>&1
  rc=$?
  if [ "${CI:-}" = true ]; then
    sed -i 's/^SKIP: \(.*\) \[ours\]$/FAIL: \1 (CI=true: a skip whose reason is ours is a failure)/' "$log"
  fi
  cat "$log"
  p=$(grep -c '^PASS: ' "$log"); f=$(grep -c '^FAIL: ' "$log"); k=$(grep -c '^SKIP: ' "$log")
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "FAIL: suite $s exited with status $rc"
    f=$((f + 1))
  fi
  passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + k))
done
summary="$passed passed, $failed failed"
echo
echo "$skipped skipped"
echo "$summary"
echo "$summary" > "$abs_top_builddir/tests/last-summary"
[ "$failed" -eq 0 ]
