#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# check-prefix.sh PREFIX LAUNCHER: whether `make install` may write into
# PREFIX.  It installs PREFIX/bin/valgrind (a launcher that runs LAUNCHER, the
# system's Valgrind, with our tool directory), cg_annotate, cg_merge and
# cg_diff, and must never replace another package's files (Debian's valgrind
# has all four in /usr/bin) nor the launcher it runs.  Prints why not and
# exits 1 when PREFIX is taken; configure calls it.
prefix=${1%/}
launcher=$2
case $prefix in
  '' | /usr)
    echo "$prefix/bin is the distribution's (Debian's valgrind installs there)"
    exit 1 ;;
esac
for f in valgrind cg_annotate cg_merge cg_diff; do
  p=$prefix/bin/$f
  if [ "$p" -ef "$launcher" ]; then
    echo "$p is the Valgrind launcher this build runs"
    exit 1
  fi
  # Every program we install names the project inside it.
  if [ -e "$p" ] && ! grep -q 'Cachegrind, rebuilt' "$p" 2>/dev/null; then
    echo "$p exists and is not ours"
    exit 1
  fi
done
exit 0
