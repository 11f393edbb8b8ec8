#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/clients.sh: what the CI harnesses' runs cost (issue 38): this tool
# run as Callgrind (docs/cachegrind.md, "Running as Callgrind") against the
# installed Callgrind, with the option sets the harnesses pass, on the speed
# benchmark's workloads (bench/workloads.sh), side by side in one run.
# Option sets (the workloads make no client request, so both count the
# whole run: --instr-atstart=no would leave nothing to count):
#   codspeed   --cache-sim=yes, the fixed caches, --collect-systime=nsec
#              --compress-strings=no --combine-dumps=yes --dump-line=no
#              --separate-threads=yes --trace-children=yes (CodSpeed's
#              runner, without --instr-atstart=no and --obj-skip)
#   gungraun   --cache-sim=yes, the fixed caches, --compress-strings=no
#              --compress-pos=no --combine-dumps=no --dump-line=yes
#              --dump-instr=no --separate-threads=yes --trace-children=yes
#              (gungraun's Callgrind mode)
# Each run's Ir total (over its thread files) must be the same under both
# tools (checked).
#
# Usage: bash bench/clients.sh.  Environment:
#   REPS=N        repetitions, the two tools alternating [3]
#   WORKLOADS=".." of: gzip python sort stride random interp cc1 pystd [all]
#   SETS=".."     of: codspeed gungraun [both]
#   QUICK=1       small inputs (a smoke test)
#   CG_OURS=FILE  our tool [tool/cachegrind-amd64-linux of this tree]
#   BENCH_OUT=DIR scratch directory [${TMPDIR:-/tmp}/cachegrind-bench-clients]
# Exit status: 0 when every run succeeded and the totals agree, 1 when they
# do not, 2 when a run or the setup failed.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/workloads.sh"
REPS=${REPS:-3}
QUICK=${QUICK:-0}
WORKLOADS=${WORKLOADS:-$ALL_WORKLOADS}
SETS=${SETS:-codspeed gungraun}
CG_OURS=${CG_OURS:-$top/tool/cachegrind-amd64-linux}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench-clients}
VALGRIND=/usr/bin/valgrind
VGLIBDIR=/usr/libexec/valgrind
GNUTIME=/usr/bin/time
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

die() {
  echo "bench: $*" >&2
  exit 2
}
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built"
[ -x "$VGLIBDIR/callgrind-amd64-linux" ] || die "no installed Callgrind in $VGLIBDIR"
"$GNUTIME" -f %e true >/dev/null 2>&1 || die "GNU time ($GNUTIME) is needed: apt-get install time"

case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
case $OUT in / | "$top" | "$top"/*) die "refusing BENCH_OUT=$OUT" ;; esac
rm -rf "$OUT" && mkdir -p "$OUT/sys" "$OUT/our" "$OUT/bin" "$OUT/work" "$OUT/runs" ||
  die "cannot create $OUT"
# Two library directories with names of one length (the environment's size
# moves the client's stack): the system's, and ours in Callgrind's place.
for f in "$VGLIBDIR"/*; do
  ln -s "$f" "$OUT/sys/" || die "cannot link $f"
  case ${f##*/} in callgrind-*) ;; *) ln -s "$f" "$OUT/our/" || die "cannot link $f" ;; esac
done
cp "$CG_OURS" "$OUT/our/callgrind-amd64-linux" || die "cannot copy $CG_OURS"
prepare_workloads

setopts() {
  case $1 in
  codspeed) echo "--cache-sim=yes $CACHES --collect-systime=nsec --compress-strings=no \
--combine-dumps=yes --dump-line=no --separate-threads=yes --trace-children=yes" ;;
  gungraun) echo "--cache-sim=yes $CACHES --compress-strings=no --compress-pos=no \
--combine-dumps=no --dump-line=yes --dump-instr=no --separate-threads=yes --trace-children=yes" ;;
  esac
}

RES=$OUT/results
: >"$RES"
bad=0
run() { # REP WORKLOAD SET VARIANT(sys|our)
  local base=$OUT/runs/$2.$3.$4
  rm -f "$W"/cg.out*
  (cd "$W" && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 VALGRIND_LIB="$OUT/$4" \
    "$GNUTIME" -f '%e %M' -o "$base.time" "$VALGRIND" --tool=callgrind $(setopts "$3") \
    --callgrind-out-file="$W/cg.out" $(cmd "$2") >/dev/null 2>"$base.stderr") ||
    die "$2 $3 $4 failed (see $base.stderr)"
  # With a file per thread, the plain one is empty: all of them, in one.
  [ -f "$W/cg.out" ] && cat "$W"/cg.out* >"$base.out" || die "$2 $3 $4 wrote no file"
  echo "$1 $2 $3 $4 $(tail -n 1 "$base.time")" >>"$RES"
}
ir() { awk '/^events:/ { for (i = 2; i <= NF; i++) if ($i == "Ir") c = i } /^totals:/ { s += $c } END { print s }' "$1"; }

echo "Clients benchmark: REPS=$REPS, sets: $SETS"
echo "  ours: $CG_OURS (tree $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')), run as Callgrind"
echo "  installed: $($VALGRIND --version); machine: $(nproc) cores"
start=$(date +%s)
for rep in $(seq 1 "$REPS"); do
  echo "  rep $rep/$REPS ..." >&2
  for w in $WORKLOADS; do
    for s in $SETS; do
      order="sys our"
      [ $((rep % 2)) = 0 ] && order="our sys"
      for v in $order; do run "$rep" "$w" "$s" "$v"; done
      a=$(ir "$OUT/runs/$w.$s.sys.out") b=$(ir "$OUT/runs/$w.$s.our.out")
      if [ "$a" != "$b" ]; then
        echo "bench: $w $s rep $rep: Ir $b, Callgrind's $a" >&2
        bad=1
      fi
    done
  done
done

median() { # WORKLOAD SET VARIANT FIELD
  awk -v w="$1" -v s="$2" -v v="$3" -v f="$4" '$2 == w && $3 == s && $4 == v { x[n++] = $f }
    END {
      if (n == 0) { print "nan"; exit }
      for (i = 1; i < n; i++) { t = x[i]; for (j = i - 1; j >= 0 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
      if (n % 2) print x[(n - 1) / 2]; else print (x[n / 2 - 1] + x[n / 2]) / 2
    }' "$RES"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "0" }'; }

echo
echo "Median wall-clock seconds over $REPS rep(s), peak memory (MiB)."
printf '%-7s %-9s %9s %7s %7s   %9s %7s\n' workload set callgrind ours ours/cg mem-cg mem-ours
for w in $WORKLOADS; do
  for s in $SETS; do
    t_sys=$(median "$w" "$s" sys 5) t_our=$(median "$w" "$s" our 5)
    m_sys=$(median "$w" "$s" sys 6) m_our=$(median "$w" "$s" our 6)
    printf '%-7s %-9s %9.2f %7.2f %6sx   %9.1f %7.1f\n' "$w" "$s" "$t_sys" "$t_our" \
      "$(ratio "$t_our" "$t_sys")" "$(ratio "$m_sys" 1024)" "$(ratio "$m_our" 1024)"
    echo "$w $s $(ratio "$t_our" "$t_sys")" >>"$OUT/ratios"
  done
done
echo
echo "Targets (issue 38: at most 0.4x of Callgrind's time as a geometric mean, 0.7x on any):"
for s in $SETS; do
  awk -v s="$s" '$2 == s && $3 > 0 { g += log($3); n++; if ($3 > x) { x = $3; k = $1 } }
    END { printf "  %-9s ours/callgrind %.2f, worst %.2f (%s)\n", s, exp(g / n), x, k }' "$OUT/ratios"
done
echo "  Ir: $([ "$bad" = 0 ] && echo "ours equal Callgrind's in every run" || echo "DIFFER (see stderr)")"
echo "  took $(($(date +%s) - start)) s; raw results (rep workload set variant wall maxrss) in $RES"
exit $bad
