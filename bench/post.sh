#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/post.sh: the post-processors' benchmark (issue 4).  Generates a large
# synthetic profile (about 100 MB, a million count lines) and times our
# cg_annotate, cg_merge and cg_diff against the installed ones (Perl
# cg_annotate and cg_diff, C cg_merge of Valgrind 3.19) in the same run,
# reporting time and peak memory and their ratios.  Then the same for the
# Callgrind format: a synthetic Callgrind file of about 100 MB (post-gen.c
# --callgrind: name and subposition compression, fi=/fe=, calls with their
# inclusive costs, Callgrind's nine cache events), read by our cg_annotate
# (text and --format=json) and by the installed callgrind_annotate (Perl).
#
# Usage: bash bench/post.sh.  Environment:
#   LINES=N        count lines per profile [1000000]
#   CG_LINES=N     self cost lines of the Callgrind file [2400000]
#   REPS=N         runs per program and side, alternating; the best is kept [1]
#   POST_BIN=DIR   our programs [post/ of this tree]
#   BASE_BIN=DIR   another build's post/ (say, the commit before a change):
#                  the model's reports are then timed on both in this run,
#                  before and after [none]
#   BENCH_OUT=DIR  scratch directory [${TMPDIR:-/tmp}/cachegrind-post-bench]
# Exit status: 0 if every run succeeded and the outputs agree, 1 otherwise.
# Targets (reported): cg_annotate at least 10x faster than the installed one,
# with a peak memory no more than twice the profile's size; --format=json at
# most 1.5x the text report's time.  Callgrind: cg_annotate at least 10x
# faster than callgrind_annotate, peak memory at most 1.5x the file's size,
# --format=json within 1.5x of the text report's time.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL
top=$(cd "$(dirname "$0")/.." && pwd)
LINES=${LINES:-1000000}
CG_LINES=${CG_LINES:-2400000}
REPS=${REPS:-1}
BIN=${POST_BIN:-$top/post}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-post-bench}
GNUTIME=/usr/bin/time
die() { echo "bench/post: $*" >&2; exit 1; }

for p in cg_annotate cg_merge cg_diff; do
  [ -x "$BIN/$p" ] || die "$BIN/$p not built (run make)"
  [ -x "/usr/bin/$p" ] || die "/usr/bin/$p not installed (Debian package valgrind)"
done
[ -x /usr/bin/callgrind_annotate ] || die "/usr/bin/callgrind_annotate not installed (Debian package valgrind)"
[ -x "$GNUTIME" ] || die "$GNUTIME missing (Debian package time)"
rm -rf "$OUT" && mkdir -p "$OUT" || die "cannot create $OUT"
cd "$OUT" || exit 1
${CC:-cc} -O2 -o post-gen "$top/bench/post-gen.c" || die "cannot compile post-gen.c"
./post-gen 1 "$LINES" >big1.cgout && ./post-gen 2 "$LINES" >big2.cgout || die "generation failed"
./post-gen --callgrind 1 "$CG_LINES" >big.callgrind || die "generation failed"
size=$(stat -c %s big1.cgout)
cg_size=$(stat -c %s big.callgrind)
echo "profile: big1.cgout, $size bytes, $LINES count lines (big2.cgout alike, other seed)"
echo "Callgrind file: big.callgrind, $cg_size bytes, $CG_LINES self cost lines"
echo

# run NAME CMD... : best elapsed seconds and peak KB over REPS runs -> $t $m
fail=0
run() {
  local name=$1; shift
  local best_t="" best_m="" i
  for ((i = 0; i < REPS; i++)); do
    if ! "$GNUTIME" -f '%e %M' -o time.txt "$@" >"$name.out" 2>"$name.err"; then
      echo "bench/post: $name failed: $(head -3 "$name.err")" >&2
      fail=1
    fi
    read -r t m <time.txt
    if [ -z "$best_t" ] || awk -v a="$t" -v b="$best_t" 'BEGIN{exit !(a < b)}'; then best_t=$t; fi
    if [ -z "$best_m" ] || [ "$m" -lt "$best_m" ]; then best_m=$m; fi
  done
  t=$best_t m=$best_m
}

printf '%-12s %10s %10s %8s %12s %12s %8s\n' program "ours s" "inst. s" "speedup" "ours MB" "inst. MB" "mem"
declare -A T M
for prog in cg_annotate cg_merge cg_diff; do
  case $prog in
    cg_annotate) args=(big1.cgout) ;;
    cg_merge) args=(big1.cgout big2.cgout) ;;
    cg_diff) args=(big1.cgout big2.cgout) ;;
  esac
  run "ours-$prog" "$BIN/$prog" "${args[@]}"; ot=$t om=$m
  run "inst-$prog" "/usr/bin/$prog" "${args[@]}"; it=$t im=$m
  if [ "$prog" = cg_merge ]; then
    # The installed cg_merge needs -o; rerun it so that the timed run above
    # wrote to stdout like ours (its -o form is what is compared below).
    "/usr/bin/$prog" -o inst-cg_merge.out "${args[@]}" 2>/dev/null
  fi
  T[$prog]=$(awk -v o="$ot" -v i="$it" 'BEGIN{printf "%.1f", (o > 0 ? i / o : 0)}')
  M[$prog]=$(awk -v o="$om" -v i="$im" 'BEGIN{printf "%.2f", (i > 0 ? o / i : 0)}')
  printf '%-12s %10s %10s %7sx %12.1f %12.1f %7sx\n' "$prog" "$ot" "$it" "${T[$prog]}" \
    "$(awk -v k="$om" 'BEGIN{print k/1024}')" "$(awk -v k="$im" 'BEGIN{print k/1024}')" "${M[$prog]}"
  [ "$prog" = cg_annotate ] && ann_mem=$om
done
echo "(speedup = installed time / our time; mem = our peak / installed peak)"
echo

# --format=json against the text report, in the same run.
run "ours-json" "$BIN/cg_annotate" --format=json big1.cgout; jt=$t
run "ours-text" "$BIN/cg_annotate" big1.cgout; tt=$t
json_ratio=$(awk -v j="$jt" -v t="$tt" 'BEGIN{printf "%.2f", (t > 0 ? j / t : 0)}')
echo "cg_annotate --format=json ${jt} s, text ${tt} s: ${json_ratio}x ($(stat -c %s ours-json.out) bytes of JSON)"
echo

# The Callgrind file: our cg_annotate (text, JSON) and callgrind_annotate.
run "ours-cg-text" "$BIN/cg_annotate" big.callgrind; cg_ot=$t cg_om=$m
run "ours-cg-json" "$BIN/cg_annotate" --format=json big.callgrind; cg_jt=$t cg_jm=$m
run "inst-cg" /usr/bin/callgrind_annotate big.callgrind; cg_it=$t cg_im=$m
mb() { awk -v k="$1" 'BEGIN{printf "%.1f", k/1024}'; }
cg_speed=$(awk -v o="$cg_ot" -v i="$cg_it" 'BEGIN{printf "%.1f", (o > 0 ? i / o : 0)}')
cg_json_speed=$(awk -v o="$cg_jt" -v i="$cg_it" 'BEGIN{printf "%.1f", (o > 0 ? i / o : 0)}')
cg_mem=$(awk -v m="$cg_om" -v s="$cg_size" 'BEGIN{printf "%.2f", m * 1024 / s}')
cg_json_mem=$(awk -v m="$cg_jm" -v s="$cg_size" 'BEGIN{printf "%.2f", m * 1024 / s}')
cg_json_ratio=$(awk -v j="$cg_jt" -v t="$cg_ot" 'BEGIN{printf "%.2f", (t > 0 ? j / t : 0)}')
echo "Callgrind file ($(awk -v s="$cg_size" 'BEGIN{printf "%.1f", s/1048576}') MB):"
printf '%-28s %8s %9s %10s %8s\n' program "time s" speedup "peak MB" "/ size"
printf '%-28s %8s %8sx %10s %7sx\n' "cg_annotate (text)" "$cg_ot" "$cg_speed" "$(mb "$cg_om")" "$cg_mem"
printf '%-28s %8s %8sx %10s %7sx\n' "cg_annotate --format=json" "$cg_jt" "$cg_json_speed" "$(mb "$cg_jm")" "$cg_json_mem"
printf '%-28s %8s %9s %10s %7sx\n' "callgrind_annotate (3.19)" "$cg_it" "" "$(mb "$cg_im")" \
  "$(awk -v m="$cg_im" -v s="$cg_size" 'BEGIN{printf "%.2f", m * 1024 / s}')"
echo "(speedup = callgrind_annotate's time / ours; / size = peak memory / the file's size)"
echo

# The model's reports, ours against another build's in the same run
# (BASE_BIN): text, JSON and HTML of both profiles, and a --diff of two
# Callgrind files with a function limit (a gate on the inclusive cost of a
# set of functions: both sides' call graphs).  The outputs must be equal.
if [ -n "${BASE_BIN:-}" ]; then
  [ -x "$BASE_BIN/cg_annotate" ] || die "$BASE_BIN/cg_annotate not built"
  ./post-gen --callgrind 2 "$CG_LINES" >big2.callgrind || die "generation failed"
  echo "Reports, $BASE_BIN (before) and $BIN (after):"
  printf '%-34s %9s %9s %7s %10s %10s %7s\n' report "before s" "after s" ratio "before MB" "after MB" ratio
  model_case() { # LABEL ARGS...
    local label=$1; shift
    run "base-$label" "$BASE_BIN/cg_annotate" "$@"; local bt=$t bm=$m
    run "ours-$label" "$BIN/cg_annotate" "$@"; local ot=$t om=$m
    # The reports name the program that made them (Invocation:).
    sed -i "s|$BASE_BIN/cg_annotate|$BIN/cg_annotate|g" "base-$label.out" "base-$label.err"
    if ! cmp -s "base-$label.out" "ours-$label.out" ||
      ! cmp -s "base-$label.err" "ours-$label.err"; then
      echo "DISAGREE: $label (outputs differ)"; fail=1
    fi
    printf '%-34s %9s %9s %6sx %10s %10s %6sx\n' "$label" "$bt" "$ot" \
      "$(awk -v a="$ot" -v b="$bt" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}')" "$(mb "$bm")" \
      "$(mb "$om")" "$(awk -v a="$om" -v b="$bm" 'BEGIN{printf "%.2f", (b > 0 ? a / b : 0)}')"
  }
  model_case "Cachegrind text" big1.cgout
  model_case "Cachegrind --format=json" --format=json big1.cgout
  model_case "Cachegrind --format=html" --format=html big1.cgout
  model_case "Callgrind text" big.callgrind
  model_case "Callgrind --format=json" --format=json big.callgrind
  model_case "Callgrind --format=html" --format=html big.callgrind
  model_case "Callgrind --diff" --diff big.callgrind big2.callgrind
  # The generator names its functions namespace::ClassK::method_N; its
  # calls leave the union of a class's activations within wide bounds, so
  # the limit is one the bounds decide (kept).
  model_case "Callgrind --diff, function limit" --diff big.callgrind big2.callgrind \
    --limit 'namespace::Class1::*:Ir=+1000000000000'
  echo "(ratio = after / before; the HTML page embeds no time, so outputs compare byte for byte)"
  echo
fi

# The outputs must agree on the counts.
totals() { grep 'PROGRAM TOTALS' "$1" | sed -e 's/([^)]*)//g' -e 's/,//g' -e 's/PROGRAM TOTALS//' | tr -s ' ' | sed 's/^ //;s/ $//'; }
summ() { sed -n 's/^summary: *//p' "$1" | tr -s ' ' | sed 's/ $//'; }
check() { if [ "$2" = "$3" ]; then echo "agree: $1"; else echo "DISAGREE: $1"; fail=1; fi; }
check "cg_annotate totals" "$(totals ours-cg_annotate.out)" "$(totals inst-cg_annotate.out)"
# The default report has an inclusive column beside Ir: compare own counts.
"$BIN/cg_annotate" --inclusive=no --tree=none --no-annotate big.callgrind >ours-cg-own.out ||
  die "cg_annotate --inclusive=no failed"
check "Callgrind totals" "$(totals ours-cg-own.out)" "$(totals inst-cg.out)"
check "cg_merge summary" "$(summ ours-cg_merge.out)" "$(summ inst-cg_merge.out)"
check "cg_diff summary" "$(summ ours-cg_diff.out)" "$(summ inst-cg_diff.out)"
check "cg_merge count lines" "$(grep -c '^[0-9]' ours-cg_merge.out)" "$(grep -c '^[0-9]' inst-cg_merge.out)"
check "cg_diff entries" "$(grep -c '^fn=' ours-cg_diff.out)" "$(grep -c '^fn=' inst-cg_diff.out)"
echo

ratio=$(awk -v m="$ann_mem" -v s="$size" 'BEGIN{printf "%.2f", m * 1024 / s}')
verdict() { if awk "BEGIN{exit !($2)}"; then echo "target met: $1"; else echo "target MISSED: $1"; fi; }
verdict "cg_annotate ${T[cg_annotate]}x faster than the installed one (>= 10x)" "${T[cg_annotate]} >= 10"
verdict "cg_annotate peak memory ${ratio}x the profile size (<= 2x)" "$ratio <= 2"
verdict "cg_annotate --format=json ${json_ratio}x the text report's time (<= 1.5x)" "$json_ratio <= 1.5"
verdict "Callgrind: cg_annotate ${cg_speed}x faster than callgrind_annotate (>= 10x)" "$cg_speed >= 10"
verdict "Callgrind: cg_annotate peak memory ${cg_mem}x the file's size (<= 1.5x)" "$cg_mem <= 1.5"
verdict "Callgrind: --format=json peak memory ${cg_json_mem}x the file's size (<= 1.5x)" "$cg_json_mem <= 1.5"
verdict "Callgrind: cg_annotate --format=json ${cg_json_ratio}x the text report's time (<= 1.5x)" "$cg_json_ratio <= 1.5"
exit $fail
