#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/post/run.sh: the post-processor suite: every case of cases/ (the
# format of a case is in cases.sh) must give exactly its expected standard
# output, standard error and exit status.  Scripted cases (real Valgrind
# profiles, round trips, the random model test) live in scripts/*.sh.
set -u
src="$abs_top_srcdir/tests/post"
bin="$abs_top_builddir/post"
work="$(pwd)/out"
rm -rf "$work"
mkdir -p "$work"
. "$src/cases.sh"

# Byte-exact comparison; on mismatch show a short diff as `#` lines.
check() { # name what expected actual
  if ! cmp -s "$3" "$4"; then
    echo "# $2 differs:" >>"$work/fail.$1"
    diff "$3" "$4" | head -20 | sed 's/^/#   /' >>"$work/fail.$1"
  fi
}

data_template "$src/data" "$work/.data" || exit 2
for cmdfile in "$src"/cases/*.cmd; do
  name=${cmdfile##*/}
  name=${name%.cmd}
  dir="$work/$name"
  if ! run_case "$src/cases" "$work/.data" "$name" "$dir" "$bin" 60; then
    echo "FAIL: $name"
    echo "# setup failed"
    continue
  fi
  expected "$src/cases" "$name" "$dir"
  rm -f "$work/fail.$name"
  check "$name" stdout "$dir/.exp.stdout" "$dir/.stdout.norm"
  check "$name" stderr "$dir/.exp.stderr" "$dir/.stderr"
  if [ "$(cat "$dir/.status")" != "$(cat "$dir/.exp.status")" ]; then
    echo "# exit status $(cat "$dir/.status"), expected $(cat "$dir/.exp.status")" >>"$work/fail.$name"
  fi
  if [ -f "$work/fail.$name" ]; then
    echo "FAIL: $name"
    cat "$work/fail.$name"
  else
    echo "PASS: $name"
  fi
done

for script in "$src"/scripts/*.sh; do
  [ -f "$script" ] || continue
  name=$(basename "$script" .sh)
  dir="$work/script-$name"
  mkdir -p "$dir"
  (cd "$dir" && bin="$bin" src="$src" sh "$script")
done
exit 0
