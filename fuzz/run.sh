#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz/run.sh: runs the fuzz targets that `make fuzz` built (run it in the
# build tree's fuzz/ directory; docs/testing.md, "Fuzzing").
#
#   sh run.sh TARGET SECONDS [LIBFUZZER-OPTION...]
#       fuzzes TARGET for SECONDS, niced, one process; the working corpus
#       work/TARGET starts from the seeds of fuzz/corpus/TARGET and is kept
#       between runs; anything found goes to found/TARGET/; the log is
#       logs/TARGET.log and its last lines, libFuzzer's final statistics and
#       the CPU seconds used are printed.
#   sh run.sh merge TARGET DIR...
#       adds to fuzz/corpus/TARGET (the source tree's seeds) only those
#       inputs of DIR... that add coverage (libFuzzer's -merge=1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(sed -n 's/^srcdir = //p' Makefile 2>/dev/null)
[ -n "$srcdir" ] || { echo "run.sh: run me in the build tree's fuzz/ (after make fuzz)" >&2; exit 2; }
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
dict_of() {
  case $1 in
    read-callgrind) d=$srcdir/dict/read-callgrind.dict ;;
    read-*) d=$srcdir/dict/read.dict ;;
    *) d=$srcdir/dict/$1.dict ;;
  esac
  [ -f "$d" ] && echo "-dict=$d"
}
maxlen_of() {
  case $1 in read-*) echo "-max_len=8192" ;; *) echo "-max_len=4096" ;; esac
}
if [ "${1:-}" = merge ]; then
  t=$2
  shift 2
  mkdir -p "$srcdir/corpus/$t"
  # shellcheck disable=SC2046
  exec nice -n 19 "./fuzz-$t" -merge=1 $(dict_of "$t") $(maxlen_of "$t") \
    "$srcdir/corpus/$t" "$@"
fi
t=${1:?usage: run.sh TARGET SECONDS [OPTION...]}
secs=${2:?usage: run.sh TARGET SECONDS [OPTION...]}
shift 2
[ -x "./fuzz-$t" ] || { echo "run.sh: no ./fuzz-$t (make fuzz)" >&2; exit 2; }
mkdir -p "work/$t" "found/$t" logs
cp -n "$srcdir/corpus/$t"/* "work/$t/" 2>/dev/null
log=logs/$t.log
timer=
[ -x /usr/bin/time ] && timer="/usr/bin/time -f cpu-seconds=%U+%S -o logs/$t.cpu"
# shellcheck disable=SC2046,SC2086
$timer nice -n 19 "./fuzz-$t" -max_total_time="$secs" -timeout=25 -rss_limit_mb=2560 \
  -print_final_stats=1 -artifact_prefix="found/$t/" $(dict_of "$t") $(maxlen_of "$t") "$@" \
  "work/$t" >"$log" 2>&1
rc=$?
grep -E '^#[0-9]+[[:space:]]+DONE|^stat::|^Done [0-9]+ runs' "$log"
[ -f "logs/$t.cpu" ] && cat "logs/$t.cpu"
echo "exit status $rc (log: $log)"
exit $rc
