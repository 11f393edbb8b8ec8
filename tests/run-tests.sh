#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run-tests.sh: the one test driver.  Runs every suite (tests/<suite>/run.sh),
# several at a time (see "Workers" below), tallies their PASS/FAIL/SKIP lines and
# ends with `N skipped` and, last, `N passed, N failed`.
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
# The project's version (scripts/version.sh), which the programs print.
: "${CG_VERSION:=$(sh "$abs_top_srcdir/scripts/version.sh")}"
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

# Workers: CG_TEST_JOBS workers (default 2: the machines this runs on have
# two cores, and most suites drive one program at a time; CI used 92% of
# the CPU with two, and took as long with three: 21 min 31 s and 21 min
# 42 s, 2026-12-06) run the suites,
# each worker taking the next suite nobody has claimed (mkdir is the claim).
# The long suites go first, so that the short ones fill the end of both
# workers' time instead of a long one starting last (measured in CI, in
# seconds: tool-trixie, tool, tool-sid and package 490-550 each, callgrind
# and sanitizers about 200, html 130, post and post-upstream 100).  The
# suites share nothing that needs an order: each writes its own out/, and a
# fetched release is shared under its fetch lock (tests/lib.sh).
# CG_TEST_JOBS=1 runs everything in one worker, in that order.
# Each suite's output is printed whole when it ends, so lines never mix.
long_first="tool-trixie tool tool-sid package sanitizers callgrind html post post-upstream readers inline"
jobs=${CG_TEST_JOBS:-2}

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'kill 0; exit 130' INT TERM

# python3 once, not at every call: a python3 found through a version
# manager's shims (pyenv's are shell scripts that start a dozen processes)
# costs about 0.35 s a call against 0.03 s for the interpreter itself, and
# the suites' oracles call it thousands of times (measured: CI's wall time
# 44 minutes with the shims first in PATH).  When the first python3 in PATH
# is not the interpreter it runs (its sys.executable), that interpreter's
# directory goes first in PATH: the same python3, found directly, for
# direct calls and `#!/usr/bin/env python3` scripts alike (a directory, not
# a link to the file, so that a virtual environment's stays one).
_py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
if [ -n "$_py" ] && [ -x "$_py" ] && [ "$(command -v python3)" != "$_py" ]; then
  PATH="$(dirname "$_py"):$PATH" && export PATH
fi
# Debian's own python3, where it is (scripts/install-deps.sh --tests installs
# it, with the modules the suites import), before any other: an interpreter
# of a version manager may run site hooks at every start (measured here: a
# pyenv Python importing certifi from a .pth file, 0.09 s a start against
# 0.04 s, over some 2,700 calls in CI).  A link in a directory of its own:
# /usr/bin itself first in PATH would move every other program too.
if [ -z "${CG_TEST_PYTHON:-}" ] && [ -x /usr/bin/python3 ]; then
  CG_TEST_PYTHON=/usr/bin/python3
fi
if [ -n "${CG_TEST_PYTHON:-}" ] && "$CG_TEST_PYTHON" -c '' 2>/dev/null; then
  mkdir -p "$tmp/python" && ln -sf "$CG_TEST_PYTHON" "$tmp/python/python3" &&
    PATH="$tmp/python:$PATH" && export PATH
fi

# run_suite NAME: one suite, its output in $tmp/NAME.log, its wall-clock
# seconds in $tmp/NAME.secs (printed with its name: where CI's time goes)
# and its exit status in $tmp/NAME.rc (written last: its presence says it
# ended).
run_suite() {
  run="$abs_top_srcdir/tests/$1/run.sh"
  mkdir -p "$abs_top_builddir/tests/$1"
  _t0=$(date +%s)
  (cd "$abs_top_builddir/tests/$1" && sh "$run") >"$tmp/$1.log" 2>&1
  _rc=$?
  echo $(($(date +%s) - _t0)) >"$tmp/$1.secs"
  echo $_rc >"$tmp/$1.rc.t" && mv "$tmp/$1.rc.t" "$tmp/$1.rc"
}

order=
for s in $long_first; do
  case " $suites " in *" $s "*) order="$order $s" ;; esac
done
for s in $suites; do
  case " $order " in *" $s "*) ;; *) order="$order $s" ;; esac
done
pids=
w=0
while [ "$w" -lt "$jobs" ]; do
  (for s in $order; do mkdir "$tmp/$s.claim" 2>/dev/null && run_suite "$s"; done) &
  pids="$pids $!"
  w=$((w + 1))
done
# Whether some worker is still running (a worker that died leaves its suites
# without an exit status: they are then failures, not a wait forever).
running() {
  for p in $pids; do kill -0 "$p" 2>/dev/null && return 0; done
  return 1
}

passed=0 failed=0 skipped=0
left=$suites
while [ -n "$left" ]; do
  rest=
  for s in $left; do
    if [ ! -f "$tmp/$s.rc" ]; then
      if running || [ -f "$tmp/$s.rc" ]; then rest="$rest $s"; continue; fi
      echo 1 >"$tmp/$s.rc" && echo "FAIL: suite $s did not run to its end" >>"$tmp/$s.log"
    fi
    log=$tmp/$s.log
    rc=$(cat "$tmp/$s.rc")
    echo "== suite $s ($(cat "$tmp/$s.secs" 2>/dev/null || echo '?') s)"
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
  left=$rest
  [ -n "$left" ] && sleep 1
done
wait
summary="$passed passed, $failed failed"
echo
echo "$skipped skipped"
echo "$summary"
echo "$summary" > "$abs_top_builddir/tests/last-summary"
[ "$failed" -eq 0 ]
