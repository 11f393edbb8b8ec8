#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/graph/run.sh: runs the call-graph unit tests that `make check` built
# here (cwd is the build directory).
if [ ! -x ./test_graph ]; then
  echo "FAIL: test_graph (not built: run 'make check' in tests/graph first)"
  exit 0
fi
out=$(./test_graph 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL: '; then
  echo "FAIL: test_graph (exit status $rc)"
fi
exit 0
