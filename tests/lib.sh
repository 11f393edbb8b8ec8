# SPDX-License-Identifier: GPL-2.0-or-later
# tests/lib.sh: shell helpers shared by the suites' run.sh scripts: the
# PASS/FAIL/SKIP lines of the tests/run-tests.sh protocol.  Keep it small.

# pass NAME
pass() { echo "PASS: $1"; }

# fail NAME [DETAIL...]: each detail becomes an indented line.
fail() {
  _n=$1; shift
  echo "FAIL: $_n"
  for _l in "$@"; do echo "    $_l"; done
}

# skip NAME REASON: something outside the project is missing: another
# Valgrind, an oracle, a program, a CPU feature or a mount the machine lacks.
skip() { echo "SKIP: $1 ($2)"; }

# skip_ours NAME REASON: something of ours is missing or refuses (a part not
# built or not configured).  A skip outside CI; under CI=true the driver
# (tests/run-tests.sh) counts it as a failure.
skip_ours() { echo "SKIP: $1 ($2) [ours]"; }

# indent [MAX] < text: detail lines for a FAIL (at most MAX lines, default 20),
# each prefixed with four spaces so the driver keeps them with their case.
indent() { sed -n "1,${1:-20}s/^/    /p"; }
