#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/html.sh: cg_annotate --format=html on the post-processors' benchmark
# profile (bench/post-gen.c, about 100 MB, a million count lines): the time
# to write the page, its size, and how long headless Chromium takes to load
# it (bench/html-load.py).  Three pages: the profile as bench/post.sh makes
# it (its sources do not exist, so no file is annotated); the same profile
# with its sources written out, so that every file above the threshold is
# annotated; and that with --threshold=0, every function in the tables.
# Then the flame graph's pages: our tool's --call-graph=yes profiles of the
# benchmark's cc1 and python workloads (bench/workloads.sh) with both
# simulations, the difference of cc1 at -O1 and at -O2, and Callgrind's
# profile of cc1, whose flame graph is an estimate.
#
# Usage: bash bench/html.sh.  Environment:
#   LINES=N        count lines of the profile [1000000]
#   REPS=N         runs of cg_annotate and page loads; the best is kept [3]
#   POST_BIN=DIR   our programs [post/ of this tree]
#   BENCH_OUT=DIR  scratch directory [${TMPDIR:-/tmp}/cachegrind-html-bench]
#   CG_OURS=FILE   our tool [tool/cachegrind-amd64-linux of this tree]
#   QUICK=1        small workloads (bench/workloads.sh)
# Needs chromium, chromium-driver and python3-selenium.  Targets (reported):
# each page under 20 MB, loaded in under 3 s.  Exit status 0 if every run
# succeeded.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL
top=$(cd "$(dirname "$0")/.." && pwd)
LINES=${LINES:-1000000}
REPS=${REPS:-3}
BIN=${POST_BIN:-$top/post}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-html-bench}
GNUTIME=/usr/bin/time
die() { echo "bench/html: $*" >&2; exit 1; }

[ -x "$BIN/cg_annotate" ] || die "$BIN/cg_annotate not built (run make)"
[ -x "$GNUTIME" ] || die "$GNUTIME missing (Debian package time)"
py=
for p in python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import selenium' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || die "no python3 with Selenium (Debian package python3-selenium)"
chromium=$(command -v chromium || echo /usr/bin/chromium)
driver=$(command -v chromedriver || echo /usr/bin/chromedriver)
[ -x "$chromium" ] && [ -x "$driver" ] || die "chromium and chromedriver needed (chromium, chromium-driver)"
rm -rf "$OUT" && mkdir -p "$OUT" || die "cannot create $OUT"
cd "$OUT" || exit 1
OUT=$PWD
${CC:-cc} -O2 -o post-gen "$top/bench/post-gen.c" || die "cannot compile post-gen.c"
./post-gen 1 "$LINES" >big1.cgout || die "generation failed"
# The same profile naming files that exist: sources older than the profile.
./post-gen --sources "$LINES" "$OUT/src" || die "writing the sources failed"
find src -type f -exec touch -d '2020-01-01 00:00:00' {} +
./post-gen 1 "$LINES" "$OUT/src" >big1-src.cgout || die "generation failed"
echo "profile: big1.cgout, $(stat -c %s big1.cgout) bytes, $LINES count lines; big1-src.cgout names sources in src/ ($(du -sh src | cut -f1))"

# The profiles with calls.
. "$top/bench/workloads.sh"
QUICK=${QUICK:-0}
CG_OURS=${CG_OURS:-$top/tool/cachegrind-amd64-linux}
VGLIBDIR=/usr/libexec/valgrind
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built"
mkdir -p vglib bin work || die "cannot create directories in $OUT"
for f in "$VGLIBDIR"/*; do ln -s "$f" vglib/ || die "cannot link $f"; done
cp "$CG_OURS" vglib/cgours-amd64-linux || die "cannot copy $CG_OURS"
prepare_workloads
both="--cache-sim=yes --branch-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
profile() { # NAME TOOL-OPTIONS... -- COMMAND...
  local name=$1; shift
  local opts=()
  while [ "$1" != -- ]; do opts+=("$1"); shift; done
  shift
  VALGRIND_LIB=$OUT/vglib /usr/bin/valgrind "${opts[@]}" "$@" >/dev/null 2>"$name.vg.err" ||
    die "profiling $name failed: $(tail -3 "$name.vg.err")"
}
# shellcheck disable=SC2046,SC2086
{
  profile cc1 --tool=cgours $both --call-graph=yes --cachegrind-out-file=cc1.cgout -- $(cmd cc1)
  profile python --tool=cgours $both --call-graph=yes --cachegrind-out-file=python.cgout -- $(cmd python)
  profile cc1-O1 --tool=cgours $both --call-graph=yes --cachegrind-out-file=cc1-O1.cgout -- \
    $(cmd cc1 | sed 's/ -O2 / -O1 /')
  profile cc1-callgrind --tool=callgrind --callgrind-out-file=cc1.callgrind -- $(cmd cc1)
}
for f in cc1.cgout python.cgout cc1-O1.cgout cc1.callgrind; do
  echo "profile: $f, $(stat -c %s $f) bytes"
done
echo

fail=0
# page NAME ARGS...: writes NAME.html, best of REPS -> $t (s) and $m (KB)
page() {
  local name=$1; shift
  local best_t="" best_m="" i
  for ((i = 0; i < REPS; i++)); do
    if ! "$GNUTIME" -f '%e %M' -o time.txt "$BIN/cg_annotate" --format=html "$@" >"$name.html" 2>"$name.err"; then
      echo "bench/html: cg_annotate $* failed: $(head -3 "$name.err")" >&2
      fail=1
    fi
    read -r t m <time.txt
    if [ -z "$best_t" ] || awk -v a="$t" -v b="$best_t" 'BEGIN{exit !(a < b)}'; then best_t=$t; fi
    if [ -z "$best_m" ] || [ "$m" -lt "$best_m" ]; then best_m=$m; fi
  done
  T[$name]=$best_t
  M[$name]=$best_m
}
declare -A T M
page plain big1.cgout
page sources big1-src.cgout
page all --threshold=0 big1-src.cgout
page flame-cc1 cc1.cgout
page flame-python python.cgout
page flame-diff --diff cc1-O1.cgout cc1.cgout
page flame-callgrind cc1.callgrind
"$GNUTIME" -f '%e' -o time.txt "$BIN/cg_annotate" big1-src.cgout >text.out 2>/dev/null
text_t=$(cat time.txt)

"$py" "$top/bench/html-load.py" "$chromium" "$driver" "$REPS" plain.html sources.html all.html \
  flame-cc1.html flame-python.html flame-diff.html flame-callgrind.html >load.txt 2>load.err ||
  { echo "bench/html: loading in Chromium failed: $(tail -3 load.err)" >&2; fail=1; }

declare -A S W
printf '%-15s %-40s %10s %9s %9s %9s %9s %9s\n' page "cg_annotate arguments" "bytes" "write s" "peak MB" "load ms" "shown ms" "wall ms"
while read -r file bytes load shown wall; do
  name=${file%.html}
  case $name in
    plain) args="big1.cgout" ;;
    sources) args="big1-src.cgout" ;;
    all) args="--threshold=0 big1-src.cgout" ;;
    flame-cc1) args="cc1.cgout" ;;
    flame-python) args="python.cgout" ;;
    flame-diff) args="--diff cc1-O1.cgout cc1.cgout" ;;
    flame-callgrind) args="cc1.callgrind" ;;
  esac
  printf '%-15s %-40s %10s %9s %9.1f %9s %9s %9s\n' "$name" "--format=html $args" "$bytes" "${T[$name]}" \
    "$(awk -v k="${M[$name]}" 'BEGIN{print k/1024}')" "$load" "$shown" "$wall"
  S[$name]=$bytes W[$name]=$wall
done <load.txt
echo "(text report of big1-src.cgout for comparison: ${text_t} s, $(stat -c %s text.out) bytes)"
echo "(load: the load event; shown: painted after it, the flame graph drawn; wall: driver.get() until painted, best of $REPS)"
echo

verdict() { if awk "BEGIN{exit !($2)}"; then echo "target met: $1"; else echo "target MISSED: $1"; fail=1; fi; }
for name in plain sources all flame-cc1 flame-python flame-diff flame-callgrind; do
  [ -n "${S[$name]:-}" ] || { echo "target MISSED: $name.html was not loaded"; fail=1; continue; }
  verdict "$name.html is ${S[$name]} bytes (< 20 MB)" "${S[$name]} < 20 * 1048576"
  verdict "$name.html loads in ${W[$name]} ms (< 3000 ms)" "${W[$name]} < 3000"
done
exit $fail
