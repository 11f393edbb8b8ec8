#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test.sh: the README's second command (and what CI runs).  Installs what is
# missing, builds, and runs every test; the last line is `N passed, N failed`.
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/build.sh" --tests || exit 1
cd "$top"
if make -s check; then
    exit 0
fi
# make reports the failure after the tally; repeat the tally so it stays last.
[ -f tests/last-summary ] && cat tests/last-summary || echo "0 passed, 1 failed"
exit 1
