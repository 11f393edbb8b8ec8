#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/graph/run.sh: runs the unit tests that `make check` built here
# (cwd is the build directory): the call graph's and the cost-centre
# store's.
for t in test_graph test_ccs; do
  if [ ! -x ./$t ]; then
    echo "FAIL: $t (not built: run 'make check' in tests/graph first)"
    continue
  fi
  out=$(./$t 2>&1)
  rc=$?
  printf '%s\n' "$out"
  if [ "$rc" -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL: '; then
    echo "FAIL: $t (exit status $rc)"
  fi
done
exit 0
