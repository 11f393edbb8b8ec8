#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/post/run.sh: the post-processor suite.  Each case is
#   cases/NAME.cmd     the command line, e.g. `cg_annotate --context=2 demo.cgout`
#   cases/NAME.stdout  expected standard output (absent: must be empty)
#   cases/NAME.stderr  expected standard error (absent: must be empty)
#   cases/NAME.status  expected exit status (absent: 0)
#   cases/NAME.setup   optional shell run first in the scratch directory
# run in a fresh copy of data/ where sources are older than profiles.  The
# Invocation: line is the only output normalised (its argv[0] is a path).
# Scripted cases (real Valgrind profiles, round trips) live in scripts/*.sh.
set -u
src="$abs_top_srcdir/tests/post"
bin="$abs_top_builddir/post"
work="$(pwd)/out"
rm -rf "$work"
mkdir -p "$work"
# Expected-empty outputs compare with this file, not /dev/null, so that the
# suite does not depend on the machine's device nodes.
empty="$work/.empty"
: >"$empty"

# Byte-exact comparison; on mismatch show a short diff as `#` lines.
check() { # name what expected actual
  if ! cmp -s "$3" "$4"; then
    echo "# $2 differs:" >>"$work/fail.$1"
    diff "$3" "$4" | head -20 | sed 's/^/#   /' >>"$work/fail.$1"
  fi
}

for cmdfile in "$src"/cases/*.cmd; do
  name=$(basename "$cmdfile" .cmd)
  base="$src/cases/$name"
  dir="$work/$name"
  mkdir -p "$dir"
  cp -R "$src/data/." "$dir/"
  # Default mtimes: every source file older than every profile.
  find "$dir" -type f -exec touch -d '2020-01-01 00:00:00' {} +
  find "$dir" -type f -name '*.cgout' -exec touch -d '2021-01-01 00:00:00' {} +
  if [ -f "$base.setup" ]; then
    (cd "$dir" && . "$base.setup") || { echo "FAIL: $name"; echo "# setup failed"; continue; }
  fi
  cmd=$(cat "$cmdfile")
  prog=${cmd%% *}
  args=${cmd#"$prog"}
  (cd "$dir" && eval "\"\$bin/\$prog\" $args") >"$dir/.stdout" 2>"$dir/.stderr"
  status=$?
  sed "s|^Invocation:       $bin/|Invocation:       |" "$dir/.stdout" >"$dir/.stdout.norm"
  rm -f "$work/fail.$name"
  # @VERSION@ in an expected output stands for the project's version.
  exp_out=$empty
  [ -f "$base.stdout" ] && sed "s|@VERSION@|$CG_VERSION|g" "$base.stdout" >"$dir/.expected" &&
    exp_out="$dir/.expected"
  exp_err="$base.stderr"; [ -f "$exp_err" ] || exp_err=$empty
  exp_status=0; [ -f "$base.status" ] && exp_status=$(cat "$base.status")
  check "$name" stdout "$exp_out" "$dir/.stdout.norm"
  check "$name" stderr "$exp_err" "$dir/.stderr"
  if [ "$status" != "$exp_status" ]; then
    echo "# exit status $status, expected $exp_status" >>"$work/fail.$name"
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
