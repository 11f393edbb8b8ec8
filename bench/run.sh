#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/run.sh: the tool's speed benchmark (issue 5): times six workloads under the
# installed Cachegrind, ours and --tool=none in three modes, and checks that the counts agree.
#
# Usage: sh bench/run.sh  (or: make benchmark).  Environment:
#   REPS=N        repetitions, alternating the variants within each [3; 1 with QUICK=1]
#   QUICK=1       small inputs and one repetition: a smoke test, not a measurement
#   WORKLOADS=".." run only these of: gzip python sort stride random interp cc1 pystd
#   CG_OURS=FILE  our tool binary [tool/cachegrind-amd64-linux of this tree]; it is
#                 copied once at the start, so a rebuild during the run changes nothing
#   BENCH_OUT=DIR scratch directory [${TMPDIR:-/tmp}/cachegrind-bench]; it is
#                 wiped and rebuilt on every run and is never part of the tree
# Exit status: 0 when every run succeeded and every summary: line of ours equals
# the installed tool's, 1 when a summary differs, 2 when a run or the setup failed.
# Whether the speed and memory targets are met is reported, not turned into a status.

# `make benchmark` runs this with $(SHELL), which may be dash: go on under bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then REPS=${REPS:-1}; else REPS=${REPS:-3}; fi
CG_OURS=${CG_OURS:-$top/tool/cachegrind-amd64-linux}
OUT=${BENCH_OUT:-${TMPDIR:-/tmp}/cachegrind-bench}
. "$top/bench/workloads.sh"
WORKLOADS=${WORKLOADS:-$ALL_WORKLOADS}
MODES="no yes both"
VALGRIND=/usr/bin/valgrind
VGLIBDIR=/usr/libexec/valgrind
GNUTIME=/usr/bin/time
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

die() {
  echo "bench: $*" >&2
  exit 2
}

case $REPS in '' | *[!0-9]* | 0) die "REPS must be a positive integer, not '$REPS'" ;; esac
for w in $WORKLOADS; do
  case " $ALL_WORKLOADS " in *" $w "*) ;; *) die "unknown workload '$w' (have: $ALL_WORKLOADS)" ;; esac
done

# ---- prerequisites ---------------------------------------------------------
[ -x "$VALGRIND" ] || die "$VALGRIND not found (apt-get install valgrind)"
[ -x "$VGLIBDIR/cachegrind-amd64-linux" ] || die "no installed Cachegrind in $VGLIBDIR"
[ -x "$CG_OURS" ] || die "our tool $CG_OURS is not built (make -C '$top/tool')"
command -v gcc >/dev/null 2>&1 || die "gcc not found"
for p in /usr/bin/python3 /usr/bin/sort /bin/gzip; do
  [ -x "$p" ] || die "$p not found"
done
if ! "$GNUTIME" -f %M true >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1; }
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get install -y time >/dev/null 2>&1
  fi
  "$GNUTIME" -f %M true >/dev/null 2>&1 || die "GNU time ($GNUTIME) is needed: apt-get install time"
fi

# ---- scratch directory: tool directory, kernels, inputs ---------------------
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
case $OUT in / | "$top" | "$top"/bench | "$top"/bench/kernels) die "refusing BENCH_OUT=$OUT" ;; esac
rm -rf "$OUT/vglib" "$OUT/bin" "$OUT/work" "$OUT/runs" "$OUT/results"
mkdir -p "$OUT/vglib" "$OUT/bin" "$OUT/work" "$OUT/runs" || die "cannot create $OUT"
LIB=$OUT/vglib
for f in "$VGLIBDIR"/*; do
  ln -s "$f" "$LIB/" || die "cannot link $f into $LIB"
done
# Ours is copied, not linked: the tool may be rebuilt while the benchmark runs,
# and every run of one benchmark must measure the same binary.
cp "$CG_OURS" "$LIB/cgours-amd64-linux" || die "cannot copy $CG_OURS"

prepare_workloads

# toolopts VARIANT MODE: the valgrind options of one variant in one mode
toolopts() {
  local sim
  case $2 in
  no) sim="--cache-sim=no --branch-sim=no" ;;
  yes) sim="--cache-sim=yes --branch-sim=no" ;;
  both) sim="--cache-sim=yes --branch-sim=yes" ;;
  esac
  case $1 in
  none) echo "--tool=none" ;;
  installed) echo "--tool=cachegrind $CACHES $sim --cachegrind-out-file=$W/cg.out" ;;
  ours) echo "--tool=cgours $CACHES $sim --cachegrind-out-file=$W/cg.out" ;;
  esac
}

# the exact command line of one run, as a user would type it to reproduce it
cmdline() {
  echo "cd $W && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 VALGRIND_LIB=$LIB $VALGRIND $(toolopts "$1" "$2") $(cmd "$3")"
}

# Natively first: every workload must run, and this warms the page cache.
for w in $WORKLOADS; do
  (cd "$W" && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 $(cmd "$w") >/dev/null) ||
    die "workload $w fails natively: $(cmd "$w")"
done

# ---- the runs -----------------------------------------------------------------
# results: one line per run: rep workload mode variant seconds maxrss_kb status
RES=$OUT/results
: >"$RES"
failed=0

# run REP WORKLOAD MODE VARIANT
run() {
  local rep=$1 w=$2 mode=$3 v=$4 base=$OUT/runs/$2.$3.$4 t rc
  rm -f "$W/cg.out"
  (cd "$W" && env -i PATH=/usr/bin:/bin PYTHONHASHSEED=0 VALGRIND_LIB="$LIB" \
    "$GNUTIME" -f '%e %M' -o "$base.time" \
    "$VALGRIND" $(toolopts "$v" "$mode") $(cmd "$w") >/dev/null 2>"$base.stderr")
  rc=$?
  t=$(tail -n 1 "$base.time" 2>/dev/null)
  case $t in *[0-9]" "[0-9]*) ;; *) t="0 0" ;; esac
  if [ "$v" != none ]; then
    if [ -f "$W/cg.out" ]; then
      mv "$W/cg.out" "$base.out"
      grep -m 1 '^summary:' "$base.out" >"$base.$rep.summary" || echo "(no summary: line)" >"$base.$rep.summary"
    else
      echo "(no output file)" >"$base.$rep.summary"
      [ $rc = 0 ] && rc=99
    fi
  fi
  echo "$rep $w $mode $v $t $rc" >>"$RES"
  if [ $rc != 0 ]; then
    failed=1
    echo "bench: FAILED (status $rc): $w, mode $mode, $v, rep $rep; stderr in $base.stderr:" >&2
    tail -n 5 "$base.stderr" >&2
    echo "  reproduce: $(cmdline "$v" "$mode" "$w")" >&2
  fi
}

nw=$(echo $WORKLOADS | wc -w)
start=$(date +%s)
echo "Cachegrind speed benchmark: $nw workloads x 3 modes x {none, installed, ours}, REPS=$REPS$([ "$QUICK" = 1 ] && echo ", QUICK=1 (smoke test, not a measurement)")"
echo "  ours:      $CG_OURS (copied; sha256 $(sha256sum "$LIB/cgours-amd64-linux" | cut -c1-12), tree $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$top" diff --quiet HEAD -- tool 2>/dev/null || echo ' + uncommitted changes in tool/'))"
echo "  installed: $VGLIBDIR/cachegrind-amd64-linux ($($VALGRIND --version))"
echo "  caches:    $CACHES; scratch: $OUT"
echo "  machine:   $(nproc) cores, $(uname -r)"
echo "  workloads (run in $W, stdout to /dev/null):"
for w in $WORKLOADS; do printf '    %-7s %s\n' "$w" "$(cmd "$w")"; done
for rep in $(seq 1 "$REPS"); do
  echo "  rep $rep/$REPS ..." >&2
  for w in $WORKLOADS; do
    for mode in $MODES; do
      # alternate which of the two tools goes first from one rep to the next
      if [ $((rep % 2)) = 1 ]; then order="none installed ours"; else order="none ours installed"; fi
      for v in $order; do
        run "$rep" "$w" "$mode" "$v"
      done
    done
  done
done
elapsed=$(($(date +%s) - start))

# ---- counts: ours must equal the installed tool's in every run ------------------
differ=0
declare -A same
for w in $WORKLOADS; do
  for mode in $MODES; do
    same[$w.$mode]=yes
    for rep in $(seq 1 "$REPS"); do
      a=$OUT/runs/$w.$mode.installed.$rep.summary
      b=$OUT/runs/$w.$mode.ours.$rep.summary
      if ! cmp -s "$a" "$b"; then
        same[$w.$mode]=NO
        differ=$((differ + 1))
        {
          echo "bench: COUNTS DIFFER: workload $w, mode $mode, rep $rep"
          echo "  installed: $(cat "$a")"
          echo "  ours:      $(cat "$b")"
          echo "  reproduce: $(cmdline installed "$mode" "$w")"
          echo "             $(cmdline ours "$mode" "$w")"
        } >&2
      fi
      if [ "$rep" -gt 1 ] && ! cmp -s "$a" "$OUT/runs/$w.$mode.installed.1.summary"; then
        echo "bench: note: the installed tool's own counts vary between reps ($w, mode $mode): the workload is not deterministic" >&2
      fi
    done
  done
done

# ---- report ------------------------------------------------------------------------
# median WORKLOAD MODE VARIANT (mode ignored for none: all its runs are pooled)
median() {
  awk -v w="$1" -v m="$2" -v v="$3" '
    $2 == w && $4 == v && (v == "none" || $3 == m) { x[n++] = $5 }
    END {
      if (n == 0) { print "nan"; exit }
      for (i = 1; i < n; i++) { t = x[i]; for (j = i - 1; j >= 0 && x[j] > t; j--) x[j + 1] = x[j]; x[j + 1] = t }
      if (n % 2) printf "%.3f\n", x[(n - 1) / 2]; else printf "%.3f\n", (x[n / 2 - 1] + x[n / 2]) / 2
    }' "$RES"
}
# maxrss WORKLOAD MODE VARIANT: the largest maxRSS (KiB) over the reps
maxrss() {
  awk -v w="$1" -v m="$2" -v v="$3" '$2 == w && $3 == m && $4 == v && $6 > x { x = $6 } END { print x + 0 }' "$RES"
}

# ratio A B: A / B to three decimals, 0 when B is 0
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "0" }'
}

mode_name() {
  case $1 in no) echo "cache-sim=no" ;; yes) echo "cache-sim=yes" ;; both) echo "cache+branch" ;; esac
}

echo
echo "Median wall-clock seconds over $REPS rep(s); 'none' pools its runs of all three modes."
printf '%-8s %-13s %8s %10s %8s %10s %9s %8s\n' workload mode none installed ours ours/inst ours/none counts
printf '%-8s %-13s %8s %10s %8s %10s %9s %8s\n' -------- ------------- -------- ---------- -------- ---------- --------- --------
RATIOS=$OUT/ratios
: >"$RATIOS"
for w in $WORKLOADS; do
  tn=$(median "$w" - none)
  for mode in $MODES; do
    ti=$(median "$w" "$mode" installed)
    to=$(median "$w" "$mode" ours)
    ri=$(ratio "$to" "$ti")
    rn=$(ratio "$to" "$tn")
    # column 6: our cost beyond none over the installed tool's (0 when
    # either is not positive, as noise can make it in cache-sim=no)
    ro=$(awk -v o="$to" -v i="$ti" -v n="$tn" 'BEGIN { if (o > n && i > n) printf "%.3f", (o - n) / (i - n); else printf "0" }')
    echo "$w $mode $ri $rn $(ratio "$tn" "$ti") $ro" >>"$RATIOS"
    printf '%-8s %-13s %8.2f %10.2f %8.2f %9.2fx %8.2fx %8s\n' "$w" "$(mode_name "$mode")" "$tn" "$ti" "$to" "$ri" "$rn" "${same[$w.$mode]}"
  done
done

geo() { # geo MODE COLUMN: geometric mean of a ratio column over the workloads
  awk -v m="$1" -v c="$2" '$2 == m && $c > 0 { s += log($c); n++ } END { printf "%.3f", n ? exp(s / n) : 0 }' "$RATIOS"
}
echo
echo "Geometric means over the $nw workloads.  none/inst: the ours/inst of a tool that"
echo "cost nothing beyond --tool=none, the floor no instrumentation can go below."
echo "extra: our time beyond none over the installed tool's time beyond none (over"
echo "the workloads where both are positive; n of them):"
printf '%-13s %10s %9s %12s %10s %10s\n' mode ours/inst ours/none speed-up none/inst "extra (n)"
for mode in $MODES; do
  gi=$(geo "$mode" 3)
  gn=$(geo "$mode" 4)
  gf=$(geo "$mode" 5)
  ge=$(geo "$mode" 6)
  ne=$(awk -v m="$mode" '$2 == m && $6 > 0 { n++ } END { print n + 0 }' "$RATIOS")
  printf '%-13s %9.2fx %8.2fx %11.2fx %9.2fx %6.2fx (%d)\n' "$(mode_name "$mode")" "$gi" "$gn" "$(ratio 1 "$gi")" "$gf" "$ge" "$ne"
  eval "G_I_$mode=\$gi G_N_$mode=\$gn"
done

# Spread: cells whose slowest run took over 1.2x their fastest.  This VM has
# stretches where every tool runs 50-80% slow; a median can only absorb a
# minority of such runs, so the spread says which figures to distrust.
if [ "$REPS" -gt 1 ]; then
  echo
  awk '{ k = $2 " " ($4 == "none" ? "(all)" : $3) " " $4
         if (!(k in lo) || $5 < lo[k]) lo[k] = $5
         if (!(k in hi) || $5 > hi[k]) hi[k] = $5 }
       END {
         for (k in lo) if (lo[k] > 0 && hi[k] / lo[k] > 1.2) { n++; printf "  %s: %.2f .. %.2f s (%.2fx)\n", k, lo[k], hi[k], hi[k] / lo[k] | "sort" }
         close("sort")
         if (n) printf "%d cell(s) above, slowest run over 1.2x the fastest: distrust their medians.\n", n
         else print "Spread: in every cell the slowest run took at most 1.2x the fastest."
       }' "$RES"
fi

echo
echo "Peak memory: maxRSS of the valgrind process in MiB, the largest over the reps."
printf '%-8s %-13s %10s %8s %10s\n' workload mode installed ours ours/inst
printf '%-8s %-13s %10s %8s %10s\n' -------- ------------- ---------- -------- ----------
worst_mem=0 worst_at=-
for w in $WORKLOADS; do
  for mode in $MODES; do
    mi=$(maxrss "$w" "$mode" installed)
    mo=$(maxrss "$w" "$mode" ours)
    rm_=$(ratio "$mo" "$mi")
    printf '%-8s %-13s %10.1f %8.1f %9.2fx\n' "$w" "$(mode_name "$mode")" "$(awk -v k="$mi" 'BEGIN { print k / 1024 }')" "$(awk -v k="$mo" 'BEGIN { print k / 1024 }')" "$rm_"
    if awk -v a="$rm_" -v b="$worst_mem" 'BEGIN { exit !(a > b) }'; then worst_mem=$rm_ worst_at="$w, $(mode_name "$mode")"; fi
  done
done

verdict() { # verdict COND: met / not met
  if awk "BEGIN { exit !($1) }"; then echo met; else echo "NOT MET"; fi
}
ncmp=$((nw * 3 * REPS))
if [ "$differ" = 0 ]; then counts_ok=1; else counts_ok=0; fi
echo
echo "Verdict:"
echo "  counts:  $([ $counts_ok = 1 ] && echo "identical in all $ncmp runs" || echo "DIFFER in $differ of $ncmp runs (details above on stderr)")"
vline() { printf '  %-68s %s\n' "$1:" "$2"; }
vline "target 1, cache-sim=no: ours <= 1.25x none (geomean)" "$(verdict "$G_N_no <= 1.25") ($(printf %.2f "$G_N_no")x)"
vline "target 2, cache-sim=yes: >= 2x faster than installed, same counts" "$(verdict "$G_I_yes <= 0.5 && $counts_ok") ($(printf %.2f "$(ratio 1 "$G_I_yes")")x faster)"
vline "target 2, both simulations: >= 2x faster than installed, same counts" "$(verdict "$G_I_both <= 0.5 && $counts_ok") ($(printf %.2f "$(ratio 1 "$G_I_both")")x faster)"
for w in $CODE_HEAVY; do
  case " $WORKLOADS " in *" $w "*) ;; *) continue ;; esac
  for mode in yes both; do
    r=$(awk -v w="$w" -v m="$mode" '$1 == w && $2 == m { print $3 }' "$RATIOS")
    vline "code-heavy $w, $(mode_name "$mode"): ours <= 0.70x installed" "$(verdict "$r <= 0.70") (${r}x)"
  done
  r=$(awk -v w="$w" '$1 == w && $2 == "no" { print $4 }' "$RATIOS")
  vline "code-heavy $w, cache-sim=no: ours <= 1.10x none" "$(verdict "$r <= 1.10") (${r}x)"
done
for w in $WORKLOADS; do
  case " $CODE_HEAVY " in *" $w "*) continue ;; esac
  r=$(awk -v w="$w" '$1 == w && $2 == "no" { print $4 }' "$RATIOS")
  vline "$w, cache-sim=no: ours <= 1.05x none" "$(verdict "$r <= 1.05") (${r}x)"
done
vline "peak memory <= installed + 5% (every workload and mode)" "$(verdict "$worst_mem <= 1.05") (worst $(printf %.2f "$worst_mem")x, $worst_at)"
echo "  runs:    $([ $failed = 0 ] && echo "all succeeded" || echo "SOME FAILED (see stderr)"); benchmark took ${elapsed}s"

if [ "$failed" != 0 ]; then exit 2; fi
if [ "$differ" != 0 ]; then exit 1; fi
exit 0
