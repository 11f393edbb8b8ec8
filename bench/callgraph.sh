#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/callgraph.sh: what the call graph costs (issues 27 and 37), on the
# speed benchmark's workloads (bench/workloads.sh), in its three simulation
# modes, against the flat run, upstream's default run and Callgrind.
# Variants:
#   none       --tool=none (pooled over the modes)
#   flat       ours, --call-graph=no (the flat profile alone)
#   graph      ours, no option (the default: the call graph on)
#   upstream   the installed cachegrind, no option
#   callgrind  the installed --tool=callgrind, with --cache-sim=yes in the
#              cache mode and --cache-sim=yes --branch-sim=yes with both
#   base       another build of ours (CG_BASE), no option: a change's
#              effect on the graph run, measured in the same run as it
# Every run of ours and upstream's uses the benchmark's caches; the graph
# run's totals must equal the flat run's (checked on every rep).
#
# Usage: bash bench/callgraph.sh.  Environment:
#   REPS=N        repetitions, variants alternating within each [3]
#   STAT=min|median  the statistic of the repetitions' times [min]: this
#                 machine's noise comes in phases that slow every process
#                 alike by up to 1.6x, so the fastest repetition is the
#                 one least disturbed (the targets are printed with both)
#   WORKLOADS=".." of: gzip python sort stride random interp cc1 pystd [all]
#   MODES=".."    of: no yes both [all]
#   QUICK=1       small inputs (a smoke test)
#   VARIANTS=".." of: none flat graph upstream callgrind base [all but
#                 base]; the columns of those left out read nan
#   CG_OURS=FILE  our tool [tool/cachegrind-amd64-linux of this tree]
#   CG_BASE=FILE  the build the base variant runs (needed by it)
#   BENCH_OUT=DIR scratch directory [${TMPDIR:-/tmp}/cachegrind-bench-callgraph]
# Exit status: 0 when every run succeeded and the totals agree, 1 when they
# do not, 2 when a run or the setup failed.  Targets are reported, not
# turned into a status.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/workloads.sh"
REPS=${REPS:-3}
STAT=${STAT:-min}
case $STAT in min | median) ;; *) echo "bench: STAT must be min or median" >&2; exit 2 ;; esac
QUICK=${QUICK:-0}
WORKLOADS=${WORKLOADS:-$ALL_WORKLOADS}
MODES=${MODES:-no yes both}
CG_OURS=${CG_OURS:-$top/tool/cachegrind-amd64-linux}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench-callgraph}
VALGRIND=/usr/bin/valgrind
VGLIBDIR=/usr/libexec/valgrind
GNUTIME=/usr/bin/time
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
ALL_VARIANTS="none flat graph upstream callgrind base"
VARIANTS=${VARIANTS:-none flat graph upstream callgrind}
CG_BASE=${CG_BASE:-}

die() {
  echo "bench: $*" >&2
  exit 2
}
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built"
case " $VARIANTS " in
*" base "*) [ -x "$CG_BASE" ] || die "the base variant needs CG_BASE=FILE, another build of the tool" ;;
esac
[ -x "$VGLIBDIR/callgrind-amd64-linux" ] || die "no installed Callgrind in $VGLIBDIR"
"$GNUTIME" -f %e true >/dev/null 2>&1 || die "GNU time ($GNUTIME) is needed: apt-get install time"
for w in $WORKLOADS; do
  case " $ALL_WORKLOADS " in *" $w "*) ;; *) die "unknown workload '$w' (have: $ALL_WORKLOADS)" ;; esac
done
for v in $VARIANTS; do
  case " $ALL_VARIANTS " in *" $v "*) ;; *) die "unknown variant '$v' (have: $ALL_VARIANTS)" ;; esac
done

case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
case $OUT in / | "$top" | "$top"/*) die "refusing BENCH_OUT=$OUT" ;; esac
rm -rf "$OUT" && mkdir -p "$OUT/vglib" "$OUT/bin" "$OUT/work" "$OUT/runs" || die "cannot create $OUT"
LIB=$OUT/vglib
for f in "$VGLIBDIR"/*; do ln -s "$f" "$LIB/" || die "cannot link $f"; done
cp "$CG_OURS" "$LIB/cgours-amd64-linux" || die "cannot copy $CG_OURS"
if [ -n "$CG_BASE" ]; then cp "$CG_BASE" "$LIB/cgbase-amd64-linux" || die "cannot copy $CG_BASE"; fi
prepare_workloads

# toolopts VARIANT MODE
toolopts() {
  local sim cl
  case $2 in
  no) sim="--cache-sim=no --branch-sim=no" cl= ;;
  yes) sim="--cache-sim=yes --branch-sim=no" cl="--cache-sim=yes $CACHES" ;;
  both) sim="--cache-sim=yes --branch-sim=yes" cl="--cache-sim=yes --branch-sim=yes $CACHES" ;;
  esac
  case $1 in
  none) echo "--tool=none" ;;
  flat) echo "--tool=cgours $CACHES $sim --call-graph=no --cachegrind-out-file=$W/cg.out" ;;
  graph) echo "--tool=cgours $CACHES $sim --cachegrind-out-file=$W/cg.out" ;;
  base) echo "--tool=cgbase $CACHES $sim --cachegrind-out-file=$W/cg.out" ;;
  upstream) echo "--tool=cachegrind $CACHES $sim --cachegrind-out-file=$W/cg.out" ;;
  callgrind) echo "--tool=callgrind $cl --callgrind-out-file=$W/cg.out" ;;
  esac
}

RES=$OUT/results
: >"$RES"
bad=0
run() { # REP WORKLOAD MODE VARIANT
  local base=$OUT/runs/$2.$3.$4
  rm -f "$W/cg.out"
  (cd "$W" && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 VALGRIND_LIB="$LIB" \
    "$GNUTIME" -f '%e %M' -o "$base.time" "$VALGRIND" $(toolopts "$4" "$3") $(cmd "$2") \
    >/dev/null 2>"$base.stderr") || die "$2 $3 $4 failed (see $base.stderr)"
  [ -f "$W/cg.out" ] && mv "$W/cg.out" "$base.out"
  echo "$1 $2 $3 $4 $(tail -n 1 "$base.time")" >>"$RES"
}

echo "Call-graph benchmark: REPS=$REPS, modes: $MODES, caches $CACHES"
echo "  ours: $CG_OURS (tree $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo "  installed: $($VALGRIND --version); machine: $(nproc) cores"
for w in $WORKLOADS; do printf '  %-7s %s\n' "$w" "$(cmd "$w")"; done
start=$(date +%s)
for rep in $(seq 1 "$REPS"); do
  echo "  rep $rep/$REPS ..." >&2
  for w in $WORKLOADS; do
    for mode in $MODES; do
      order=$VARIANTS
      [ $((rep % 2)) = 0 ] && order=$(echo $VARIANTS | tr ' ' '\n' | tac | tr '\n' ' ')
      for v in $order; do
        [ "$v" = none ] && [ "$mode" != "${MODES%% *}" ] && continue
        run "$rep" "$w" "$mode" "$v"
      done
      # The graph run counts what the flat run counts.
      g=$(sed -n 's/^summary: //p' "$OUT/runs/$w.$mode.graph.out")
      n=$(sed -n 's/^summary: //p' "$OUT/runs/$w.$mode.flat.out")
      if [ -z "$g" ] || [ "$g" != "$n" ]; then
        echo "bench: $w $mode rep $rep: graph summary '$g', flat summary '$n'" >&2
        bad=1
      fi
    done
  done
done

timing() { # STAT WORKLOAD MODE VARIANT FIELD (none: any mode)
  awk -v s="$1" -v w="$2" -v m="$3" -v v="$4" -v f="$5" '
    $2 == w && $4 == v && (v == "none" || $3 == m) { x[n++] = $f }
    END {
      if (n == 0) { print "nan"; exit }
      for (i = 1; i < n; i++) { t = x[i]; for (j = i - 1; j >= 0 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
      if (s == "min") print x[0]; else if (n % 2) print x[(n - 1) / 2]; else print (x[n / 2 - 1] + x[n / 2]) / 2
    }' "$RES"
}
median() { timing median "$@"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "0" }'; }

# The ratios of the graph run by both statistics, in ratios.min and
# ratios.median: WORKLOAD MODE G/FLAT G/UPSTREAM G/CALLGRIND G/BASE.
for s in min median; do
  for w in $WORKLOADS; do
    for mode in $MODES; do
      for v in $ALL_VARIANTS; do eval "t_$v=$(timing "$s" "$w" "$mode" "$v" 5)"; done
      echo "$w $mode $(ratio "$t_graph" "$t_flat") $(ratio "$t_graph" "$t_upstream") $(ratio "$t_graph" "$t_callgrind") $(ratio "$t_graph" "$t_base")" >>"$OUT/ratios.$s"
    done
  done
done
echo
echo "Wall-clock seconds, the $STAT over $REPS rep(s); ratios of the graph run."
printf '%-7s %-5s %6s %6s %6s %8s %9s %6s   %7s %10s %11s %7s\n' workload mode none flat graph upstream callgrind base g/flat g/upstream g/callgrind g/base
for w in $WORKLOADS; do
  for mode in $MODES; do
    for v in $ALL_VARIANTS; do eval "t_$v=$(timing "$STAT" "$w" "$mode" "$v" 5)"; done
    printf '%-7s %-5s %6.2f %6.2f %6.2f %8.2f %9.2f %6.2f   %6sx %9sx %10sx %6sx\n' "$w" "$mode" "$t_none" "$t_flat" \
      "$t_graph" "$t_upstream" "$t_callgrind" "$t_base" "$(ratio "$t_graph" "$t_flat")" \
      "$(ratio "$t_graph" "$t_upstream")" "$(ratio "$t_graph" "$t_callgrind")" "$(ratio "$t_graph" "$t_base")"
  done
done
echo
echo "Peak memory (MiB, median maxRSS of the valgrind process) and file sizes (KiB, last rep)."
printf '%-7s %-5s %7s %7s %9s %7s   %8s %8s %7s\n' workload mode flat graph upstream g/flat file-flat file-graph g/flat
for w in $WORKLOADS; do
  for mode in $MODES; do
    for v in flat graph upstream; do eval "m_$v=$(median "$w" "$mode" "$v" 6)"; done
    sf=$(stat -c %s "$OUT/runs/$w.$mode.flat.out") sg=$(stat -c %s "$OUT/runs/$w.$mode.graph.out")
    printf '%-7s %-5s %7.1f %7.1f %9.1f %6sx   %8d %8d %6sx\n' "$w" "$mode" "$(ratio "$m_flat" 1024)" \
      "$(ratio "$m_graph" 1024)" "$(ratio "$m_upstream" 1024)" "$(ratio "$m_graph" "$m_flat")" \
      $((sf / 1024)) $((sg / 1024)) "$(ratio "$sg" "$sf")"
    echo "$w $mode $(ratio "$sg" "$sf")" >>"$OUT/sizes"
  done
done

geo() { # STAT MODE COLUMN
  awk -v m="$2" -v c="$3" '$2 == m && $c > 0 { s += log($c); n++ } END { printf "%.2f", n ? exp(s / n) : 0 }' "$OUT/ratios.$1"
}
worst() { # STAT MODE COLUMN
  awk -v m="$2" -v c="$3" '$2 == m && $c > x { x = $c; k = $1 } END { printf "%.2f (%s)", x, k }' "$OUT/ratios.$1"
}
echo
echo "Targets (geometric mean over the workloads; worst workload), by the fastest rep and by the median:"
for mode in $MODES; do
  for s in min median; do
    printf '  %-5s %-6s graph/flat %s, worst %s (targets <= 1.15, <= 1.30)\n' "$mode" "$s" "$(geo $s "$mode" 3)" "$(worst $s "$mode" 3)"
    printf '  %-5s %-6s graph/upstream %s, worst %s (target <= 0.85)\n' "$mode" "$s" "$(geo $s "$mode" 4)" "$(worst $s "$mode" 4)"
    printf '  %-5s %-6s graph/callgrind %s, worst %s\n' "$mode" "$s" "$(geo $s "$mode" 5)" "$(worst $s "$mode" 5)"
    printf '  %-5s %-6s graph/base %s, worst %s\n' "$mode" "$s" "$(geo $s "$mode" 6)" "$(worst $s "$mode" 6)"
  done
done
printf '  file size graph/flat: worst %s (target <= 2)\n' \
  "$(awk '$3 > x { x = $3; k = $1 " " $2 } END { printf "%.2f (%s)", x, k }' "$OUT/sizes")"
echo "  totals: $([ "$bad" = 0 ] && echo "the graph run's equal the flat run's in every run" || echo "DIFFER (see stderr)")"
echo "  took $(($(date +%s) - start)) s; raw results (rep workload mode variant wall maxrss) in $RES"
exit $bad
