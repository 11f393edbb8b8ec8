#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/regions.sh: what --toggle-collect costs (issue 16).  Times our tool on
# real programs, both simulations and the benchmark's caches, as:
#   base      CG_BASE (another build of the tool, e.g. main's), no option:
#             runs without --toggle-collect must keep their speed
#   full      ours, no option
#   nochase   ours, --vex-guest-chase=no (what --toggle-collect implied until
#             regions rode on the activation stacks, chasing on)
#   region    ours, --toggle-collect=PATTERN (the workload's region below)
#   outside   ours, --toggle-collect=cg_no_such_function: never in a region
# and checks that the region's counts are at most the full run's.
#
# Usage: bash bench/regions.sh.  Environment:
#   REPS=N        repetitions, variants alternating within each [3]
#   WORKLOADS=".." of: python interp gzip [all]
#   CG_OURS=FILE  our tool [tool/cachegrind-amd64-linux of this tree]
#   CG_BASE=FILE  the tool to compare with (no base runs without it)
#   BENCH_OUT=DIR scratch directory [${TMPDIR:-/tmp}/cachegrind-bench-regions]
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
REPS=${REPS:-3}
WORKLOADS=${WORKLOADS:-python interp gzip}
CG_OURS=${CG_OURS:-$top/tool/cachegrind-amd64-linux}
CG_BASE=${CG_BASE:-}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench-regions}
VALGRIND=/usr/bin/valgrind
VGLIBDIR=/usr/libexec/valgrind
GNUTIME=/usr/bin/time
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

die() {
  echo "bench: $*" >&2
  exit 2
}
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built"
[ -z "$CG_BASE" ] || [ -x "$CG_BASE" ] || die "no tool at CG_BASE=$CG_BASE"
"$GNUTIME" -f %e true >/dev/null 2>&1 || die "GNU time ($GNUTIME) is needed: apt-get install time"

case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
rm -rf "$OUT" && mkdir -p "$OUT/vglib" "$OUT/bin" "$OUT/work" || die "cannot create $OUT"
LIB=$OUT/vglib
for f in "$VGLIBDIR"/*; do ln -s "$f" "$LIB/" || die "cannot link $f"; done
cp "$CG_OURS" "$LIB/cgours-amd64-linux" || die "cannot copy $CG_OURS"
[ -n "$CG_BASE" ] && { cp "$CG_BASE" "$LIB/cgbase-amd64-linux" || die "cannot copy $CG_BASE"; }
for k in gendata interp; do
  gcc -O2 -g -o "$OUT/bin/$k" "$top/bench/kernels/$k.c" || die "cannot compile $k.c"
done
cp "$top/bench/kernels/pywork.py" "$OUT/bin/" || die "cannot copy pywork.py"
W=$OUT/work
"$OUT/bin/gendata" b64 3000000 >"$W/b64.dat" || die "gendata failed"

# cmd WORKLOAD, region WORKLOAD: the command and the region's pattern.
# python: every call of a PyUnicode_ function of the interpreter (found by
# its dynamic symbols), thousands of short regions; interp: run(), the
# interpreter loop, one long region; gzip (stripped): the C library's
# memcpy variants, many short regions in a shared library.
cmd() {
  case $1 in
  python) echo "/usr/bin/python3 -B -s $OUT/bin/pywork.py 20000" ;;
  interp) echo "$OUT/bin/interp 60000 700000" ;;
  gzip) echo "/bin/gzip -c -6 $W/b64.dat" ;;
  esac
}
region() {
  case $1 in
  python) echo 'PyUnicode_*' ;;
  interp) echo run ;;
  gzip) echo '__memcpy_*' ;;
  esac
}

VARIANTS="full nochase region outside"
[ -n "$CG_BASE" ] && VARIANTS="base $VARIANTS"
RES=$OUT/results
: >"$RES"
run() { # REP WORKLOAD VARIANT
  local tool=cgours opt=
  case $3 in
  base) tool=cgbase ;;
  nochase) opt=--vex-guest-chase=no ;;
  region) opt="--toggle-collect=$(region "$2")" ;;
  outside) opt=--toggle-collect=cg_no_such_function ;;
  esac
  (cd "$W" && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 VALGRIND_LIB="$LIB" \
    "$GNUTIME" -f '%e %U' -o "$OUT/$2.$3.time" "$VALGRIND" --tool=$tool $CACHES \
    --cache-sim=yes --branch-sim=yes --cachegrind-out-file="$OUT/$2.$3.out" ${opt:+"$opt"} \
    $(cmd "$2") >/dev/null 2>"$OUT/$2.$3.stderr") || die "$2 $3 failed (see $OUT/$2.$3.stderr)"
  echo "$1 $2 $3 $(tail -n 1 "$OUT/$2.$3.time")" >>"$RES"
}

echo "Region benchmark: REPS=$REPS, both simulations, $CACHES"
echo "  ours: $CG_OURS (tree $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?'))${CG_BASE:+; base: $CG_BASE}"
for w in $WORKLOADS; do printf '  %-7s %s  (region: %s)\n' "$w" "$(cmd "$w")" "$(region "$w")"; done
for rep in $(seq 1 "$REPS"); do
  for w in $WORKLOADS; do
    order=$VARIANTS
    [ $((rep % 2)) = 0 ] && order=$(echo $VARIANTS | tr ' ' '\n' | tac | tr '\n' ' ')
    for v in $order; do run "$rep" "$w" "$v"; done
  done
done

# The region's counts can only be smaller than a full run's, and a run that is never in a region counts nothing.
for w in $WORKLOADS; do
  r=$(grep -m 1 '^summary:' "$OUT/$w.region.out")
  f=$(grep -m 1 '^summary:' "$OUT/$w.nochase.out")
  o=$(grep -m 1 '^summary:' "$OUT/$w.outside.out")
  echo "$r" | awk -v f="$f" '{ split(f, F); for (i = 2; i <= NF; i++) if ($i + 0 > F[i] + 0) exit 1 }' ||
    die "$w: the region counted more than the full run: $r / $f"
  case $o in "summary: 0 0 0 0 0 0 0 0 0 0 0 0 0") ;; *) die "$w: counted outside any region: $o" ;; esac
  printf '  %-7s region Ir: %s of %s\n' "$w" "$(echo "$r" | awk '{print $2}')" "$(echo "$f" | awk '{print $2}')"
done

# The machine is shared: the least time of the repetitions is the one least
# disturbed, for wall-clock seconds and for user CPU seconds alike.
table() { # FIELD TITLE
  printf '\n%s\n%-8s' "$2" workload
  for v in $VARIANTS; do printf ' %8s' "$v"; done
  printf '   region/nochase outside/full%s\n' "${CG_BASE:+ full/base}"
  for w in $WORKLOADS; do
    printf '%-8s' "$w"
    for v in $VARIANTS; do
      m=$(awk -v w="$w" -v v="$v" -v f="$1" '$2 == w && $3 == v { print $f }' "$RES" | sort -n | head -n 1)
      eval "m_$v=$m"
      printf ' %8s' "$m"
    done
    awk -v r="$m_region" -v n="$m_nochase" -v o="$m_outside" -v f="$m_full" -v b="${m_base:-}" \
      'BEGIN { printf "   %14.2f %12.2f", r / n, o / f; if (b != "") printf " %9.2f", f / b; printf "\n" }'
  done
}
table 4 "least wall-clock seconds of $REPS runs"
table 5 "least user CPU seconds of $REPS runs"
echo "(raw results, rep workload variant wall user, in $RES)"
