#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/inline.sh: what inlined frames cost (issue 39, item 7): our tool with
# --inline-frames=yes against the same run without it, in time, peak memory
# and file size, and cg_annotate --inline-frames=yes against cg_annotate of
# the same file without it.  Workloads: a large optimised C++ program with
# full debug info (bench/kernels/geninline.sh: N modules at -O2 -g, where
# most small functions are inlined), and the speed benchmark's workloads
# (bench/workloads.sh; Debian's programs have no debug info of their own,
# so only the libraries' that the system has count).
#
# Usage: bash bench/inline.sh.  Environment:
#   REPS=N        repetitions, variants alternating [3]
#   MODULES=N     the C++ program's modules [120]
#   WORKLOADS=".." of: big and bench/workloads.sh's [big gzip python sort cc1]
#   MODE=no|yes|both  the simulations [no]
#   BENCH_OUT=DIR scratch directory [${TMPDIR:-/tmp}/cachegrind-bench-inline]
# Prints, per workload, the fastest repetition's time and its ratio, the
# median peak memory and its ratio, the file sizes, and cg_annotate's time
# with and without --inline-frames=yes (its start-up: reading the objects'
# DWARF).  The totals of both runs must be equal (exit status 1 if not).
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/workloads.sh"
REPS=${REPS:-3}
MODULES=${MODULES:-120}
WORKLOADS=${WORKLOADS:-big gzip python sort cc1}
MODE=${MODE:-no}
QUICK=0
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench-inline}
VALGRIND=/usr/bin/valgrind
VGLIBDIR=/usr/libexec/valgrind
GNUTIME=/usr/bin/time
CG_OURS=$top/tool/cachegrind-amd64-linux
ANNOTATE=$top/post/cg_annotate

die() {
  echo "bench: $*" >&2
  exit 2
}
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built"
[ -x "$ANNOTATE" ] || die "$ANNOTATE is not built"
"$GNUTIME" -f %e true >/dev/null 2>&1 || die "GNU time ($GNUTIME) is needed: apt-get install time"
case $MODE in
no) sim="--cache-sim=no --branch-sim=no" ;;
yes) sim="--cache-sim=yes --branch-sim=no" ;;
both) sim="--cache-sim=yes --branch-sim=yes" ;;
*) die "MODE must be no, yes or both" ;;
esac
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
case $OUT in / | "$top" | "$top"/*) die "refusing BENCH_OUT=$OUT" ;; esac
rm -rf "$OUT" && mkdir -p "$OUT/vglib" "$OUT/bin" "$OUT/work" "$OUT/runs" || die "cannot create $OUT"
for f in "$VGLIBDIR"/*; do ln -s "$f" "$OUT/vglib/" || die "cannot link $f"; done
cp "$CG_OURS" "$OUT/vglib/cgours-amd64-linux" || die "cannot copy $CG_OURS"
prepare_workloads
case " $WORKLOADS " in
*" big "*)
  sh "$top/bench/kernels/geninline.sh" "$MODULES" >"$OUT/work/big.cc" || die "geninline.sh failed"
  echo "  building the C++ program ($MODULES modules, -O2 -g) ..." >&2
  g++ -O2 -g -o "$OUT/bin/big" "$OUT/work/big.cc" || die "cannot build the C++ program"
  ;;
esac

wcmd() {
  case $1 in
  big) echo "$OUT/bin/big 20" ;;
  *) cmd "$1" ;;
  esac
}

RES=$OUT/results
: >"$RES"
bad=0
run() { # REP WORKLOAD VARIANT(no|yes)
  local base=$OUT/runs/$2.$3
  (cd "$W" && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 VALGRIND_LIB="$OUT/vglib" \
    "$GNUTIME" -f '%e %M' -o "$base.time" "$VALGRIND" --tool=cgours $CACHES $sim \
    --inline-frames="$3" --cachegrind-out-file="$base.out" $(wcmd "$2") \
    >/dev/null 2>"$base.stderr") || die "$2 --inline-frames=$3 failed (see $base.stderr)"
  echo "$1 $2 $3 $(tail -n 1 "$base.time")" >>"$RES"
}

echo "Inline-frames benchmark: REPS=$REPS, mode $MODE ($sim), $(nproc) cores"
start=$(date +%s)
for rep in $(seq 1 "$REPS"); do
  echo "  rep $rep/$REPS ..." >&2
  for w in $WORKLOADS; do
    order="no yes"
    [ $((rep % 2)) = 0 ] && order="yes no"
    for v in $order; do run "$rep" "$w" "$v"; done
    a=$(sed -n 's/^summary: //p' "$OUT/runs/$w.no.out")
    b=$(sed -n 's/^summary: //p' "$OUT/runs/$w.yes.out")
    if [ -z "$a" ] || [ "$a" != "$b" ]; then
      echo "bench: $w rep $rep: totals differ: '$a' and '$b'" >&2
      bad=1
    fi
  done
done

pick() { # WORKLOAD VARIANT FIELD min|median
  awk -v w="$1" -v v="$2" -v f="$3" -v s="$4" '$2 == w && $3 == v { x[n++] = $f }
    END { for (i = 1; i < n; i++) { t = x[i]; for (j = i - 1; j >= 0 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
          if (s == "min") print x[0]; else print x[int((n - 1) / 2)] }' "$RES"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "nan" }'; }
# annotate FILE OPTS...: cg_annotate's fastest time of REPS, seconds
annotate() {
  local f=$1 best=
  shift
  for _ in $(seq 1 "$REPS"); do
    "$GNUTIME" -f %e -o "$OUT/at.time" "$ANNOTATE" "$@" "$f" >/dev/null 2>&1 || die "cg_annotate $* $f failed"
    t=$(cat "$OUT/at.time")
    best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  echo "$best"
}

echo
echo "Tool: the fastest rep's seconds, the median peak memory (MiB), the file (KiB)."
printf '%-8s %7s %7s %6s  %7s %7s %6s  %8s %8s %6s\n' workload time-no time-yes ratio mem-no mem-yes ratio file-no file-yes ratio
for w in $WORKLOADS; do
  tn=$(pick "$w" no 4 min) ty=$(pick "$w" yes 4 min)
  mn=$(pick "$w" no 5 median) my=$(pick "$w" yes 5 median)
  fn=$(($(stat -c %s "$OUT/runs/$w.no.out") / 1024)) fy=$(($(stat -c %s "$OUT/runs/$w.yes.out") / 1024))
  printf '%-8s %7s %7s %5sx  %7.1f %7.1f %5sx  %8s %8s %5sx\n' "$w" "$tn" "$ty" "$(ratio "$ty" "$tn")" \
    "$(awk -v k="$mn" 'BEGIN { print k / 1024 }')" "$(awk -v k="$my" 'BEGIN { print k / 1024 }')" \
    "$(ratio "$my" "$mn")" "$fn" "$fy" "$(ratio "$fy" "$fn")"
done
echo
echo "cg_annotate of the --inline-frames=yes file: seconds, fastest of $REPS (text report)."
printf '%-8s %8s %8s %6s\n' workload plain inline ratio
for w in $WORKLOADS; do
  f=$OUT/runs/$w.yes.out
  a=$(annotate "$f") b=$(annotate "$f" --inline-frames=yes)
  printf '%-8s %8s %8s %5sx\n' "$w" "$a" "$b" "$(ratio "$b" "$a")"
done
echo "  took $(($(date +%s) - start)) s; raw results in $RES"
exit $bad
