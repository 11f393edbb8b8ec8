#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/callgraph.sh: what --call-graph=yes costs (issue 27), on the speed
# benchmark's workloads (bench/workloads.sh), in its three simulation modes,
# against the flat runs and Callgrind.  Variants:
#   none       --tool=none (pooled over the modes)
#   flat       ours, no option (the default flat run, chasing on)
#   nochase    ours, --vex-guest-chase=no (what --call-graph=yes implies)
#   graph      ours, --call-graph=yes
#   callgrind  the installed --tool=callgrind, with --cache-sim=yes in the
#              cache mode and --cache-sim=yes --branch-sim=yes with both
# Every run of ours uses the benchmark's caches; the graph's self costs must
# add up to the nochase run's totals (checked on every rep).
#
# Usage: bash bench/callgraph.sh.  Environment:
#   REPS=N        repetitions, variants alternating within each [3]
#   WORKLOADS=".." of: gzip python sort stride random interp cc1 pystd [all]
#   MODES=".."    of: no yes both [all]
#   QUICK=1       small inputs (a smoke test)
#   CG_OURS=FILE  our tool [tool/cachegrind-amd64-linux of this tree]
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
QUICK=${QUICK:-0}
WORKLOADS=${WORKLOADS:-$ALL_WORKLOADS}
MODES=${MODES:-no yes both}
CG_OURS=${CG_OURS:-$top/tool/cachegrind-amd64-linux}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench-callgraph}
VALGRIND=/usr/bin/valgrind
VGLIBDIR=/usr/libexec/valgrind
GNUTIME=/usr/bin/time
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
VARIANTS="none flat nochase graph callgrind"

die() {
  echo "bench: $*" >&2
  exit 2
}
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built"
[ -x "$VGLIBDIR/callgrind-amd64-linux" ] || die "no installed Callgrind in $VGLIBDIR"
"$GNUTIME" -f %e true >/dev/null 2>&1 || die "GNU time ($GNUTIME) is needed: apt-get install time"
for w in $WORKLOADS; do
  case " $ALL_WORKLOADS " in *" $w "*) ;; *) die "unknown workload '$w' (have: $ALL_WORKLOADS)" ;; esac
done

case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
case $OUT in / | "$top" | "$top"/*) die "refusing BENCH_OUT=$OUT" ;; esac
rm -rf "$OUT" && mkdir -p "$OUT/vglib" "$OUT/bin" "$OUT/work" "$OUT/runs" || die "cannot create $OUT"
LIB=$OUT/vglib
for f in "$VGLIBDIR"/*; do ln -s "$f" "$LIB/" || die "cannot link $f"; done
cp "$CG_OURS" "$LIB/cgours-amd64-linux" || die "cannot copy $CG_OURS"
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
  flat) echo "--tool=cgours $CACHES $sim --cachegrind-out-file=$W/cg.out" ;;
  nochase) echo "--tool=cgours $CACHES $sim --vex-guest-chase=no --cachegrind-out-file=$W/cg.out" ;;
  graph) echo "--tool=cgours $CACHES $sim --call-graph=yes --cachegrind-out-file=$W/cg.out" ;;
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
      # The graph's self costs are the flat profile's with chasing off.
      g=$(sed -n 's/^totals: //p' "$OUT/runs/$w.$mode.graph.out")
      n=$(sed -n 's/^summary: //p' "$OUT/runs/$w.$mode.nochase.out")
      if [ -z "$g" ] || [ "$g" != "$n" ]; then
        echo "bench: $w $mode rep $rep: graph totals '$g', nochase summary '$n'" >&2
        bad=1
      fi
    done
  done
done

median() { # WORKLOAD MODE VARIANT FIELD (none: any mode)
  awk -v w="$1" -v m="$2" -v v="$3" -v f="$4" '
    $2 == w && $4 == v && (v == "none" || $3 == m) { x[n++] = $f }
    END {
      if (n == 0) { print "nan"; exit }
      for (i = 1; i < n; i++) { t = x[i]; for (j = i - 1; j >= 0 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
      if (n % 2) print x[(n - 1) / 2]; else print (x[n / 2 - 1] + x[n / 2]) / 2
    }' "$RES"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "0" }'; }

echo
echo "Median wall-clock seconds over $REPS rep(s); ratios of the graph run."
printf '%-7s %-5s %6s %6s %7s %6s %9s   %9s %9s %10s\n' workload mode none flat nochase graph callgrind g/nochase g/flat g/callgrind
for w in $WORKLOADS; do
  for mode in $MODES; do
    for v in $VARIANTS; do eval "t_$v=$(median "$w" "$mode" "$v" 5)"; done
    printf '%-7s %-5s %6.2f %6.2f %7.2f %6.2f %9.2f   %8sx %8sx %9sx\n' "$w" "$mode" "$t_none" "$t_flat" \
      "$t_nochase" "$t_graph" "$t_callgrind" "$(ratio "$t_graph" "$t_nochase")" \
      "$(ratio "$t_graph" "$t_flat")" "$(ratio "$t_graph" "$t_callgrind")"
    echo "$w $mode $(ratio "$t_graph" "$t_nochase") $(ratio "$t_graph" "$t_callgrind")" >>"$OUT/ratios"
  done
done
echo
echo "Peak memory (MiB, median maxRSS of the valgrind process)."
printf '%-7s %-5s %7s %7s %7s %9s %10s\n' workload mode flat nochase graph callgrind g/callgrind
for w in $WORKLOADS; do
  for mode in $MODES; do
    for v in flat nochase graph callgrind; do eval "m_$v=$(median "$w" "$mode" "$v" 6)"; done
    printf '%-7s %-5s %7.1f %7.1f %7.1f %9.1f %9sx\n' "$w" "$mode" "$(ratio "$m_flat" 1024)" \
      "$(ratio "$m_nochase" 1024)" "$(ratio "$m_graph" 1024)" "$(ratio "$m_callgrind" 1024)" \
      "$(ratio "$m_graph" "$m_callgrind")"
  done
done

geo() { # MODE COLUMN
  awk -v m="$1" -v c="$2" '$2 == m && $c > 0 { s += log($c); n++ } END { printf "%.2f", n ? exp(s / n) : 0 }' "$OUT/ratios"
}
worst() { # MODE COLUMN
  awk -v m="$1" -v c="$2" '$2 == m && $c > x { x = $c; k = $1 } END { printf "%.2f (%s)", x, k }' "$OUT/ratios"
}
echo
echo "Targets (geometric mean over the workloads; worst workload):"
for mode in $MODES; do
  case $mode in no) lim=0.5 ;; yes) lim=0.6 ;; both) lim=- ;; esac
  printf '  %-5s graph/nochase %s, worst %s (target <= 1.30)\n' "$mode" "$(geo "$mode" 3)" "$(worst "$mode" 3)"
  printf '  %-5s graph/callgrind %s, worst %s (target <= %s)\n' "$mode" "$(geo "$mode" 4)" "$(worst "$mode" 4)" "$lim"
done
echo "  totals: $([ "$bad" = 0 ] && echo "the graph's self costs equal the nochase run's in every run" || echo "DIFFER (see stderr)")"
echo "  took $(($(date +%s) - start)) s; raw results (rep workload mode variant wall maxrss) in $RES"
exit $bad
