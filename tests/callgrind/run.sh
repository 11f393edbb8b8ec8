#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/callgrind/run.sh: cg_annotate on Callgrind's files, against the
# releases' own readings of them.
#
# For each Valgrind release (the system's, 3.19 on Debian 12; Debian 13's
# 3.24 and unstable's 3.27, fetched as tests/release.sh does), each case of
# tests/callgrind/cases runs that release's callgrind on a test program, and
# every non-empty file it writes (one per dump, per thread, or one with
# several parts) is checked three times:
#
#   REL/CASE/oracle  the oracle agrees with itself: cgoracle.py (a small
#                    Callgrind reader written for this test only, not our
#                    code) gives self costs whose sum is the file's totals:
#                    lines, and, where the release's callgrind_annotate can
#                    read the file, the same per-function self costs (every
#                    function, every event) and the same per-line costs of
#                    every source file it annotates (our test programs)
#   REL/CASE/ours    our `cg_annotate --format=json --threshold=0 --fold=no
#                    FILE` gives exactly the oracle's totals, (file,
#                    function) self costs and (file, line) costs
#   REL/CASE/graph   the "call_graph" of the JSON without --fold=no (names
#                    folded, the default) is the oracle's
#                    (cgoracle.py check-graph, computed from the file's
#                    calls alone): every function's self and inclusive
#                    costs, exactness, calls and recursive calls, every
#                    folded call and every cycle; and no inclusive cost
#                    is above the program's total
#
# and, per release, `cg_annotate --diff OLD NEW --limit Ir=+1%` on two
# profiles of cldumps with different inputs exits 0 or 3 as the totals:
# lines say (REL/diff-within, REL/diff-broken).
# Likewise with a limit on functions (REL/diff-fn-within,
# REL/diff-fn-broken): `--limit 'bench_*:Ir=+1%'` on the same files exits
# 0 or 3 as the inclusive cost of bench_sum (what bench_* matches there)
# says, which the oracle sums from the calls= into it (cgoracle.py
# fn-limit).
#
# Round trips (the table `roundtrips` below), per release, on files of the
# cases above and one Cachegrind run: cg_merge and cg_diff write a Callgrind
# file when an input is one, and
#
#   REL/merge-X/annotate  the release's callgrind_annotate reads cg_merge's
#                         file with no warning and the same per-function
#                         self costs and per-line costs as the oracle
#   REL/merge-X/sum       the oracle's figures of it are the sums of the
#                         inputs': totals, (file, function) and (file, line)
#                         self costs, calls (caller -> callee, call site and
#                         target: count and inclusive costs); events matched
#                         by name (merge-cachegrind: a Cachegrind profile
#                         and a Callgrind one of the same events)
#   REL/merge-X/ours      our cg_annotate reads it with the inputs' sums
#   REL/diff-X/diff       the oracle (negative counts allowed) reads cg_diff's
#                         file: per (file, function) self costs, calls
#                         (caller -> callee: count and inclusive costs) and
#                         totals are NEW minus OLD, every cost on line 0
#   REL/diff-X/annotate   callgrind_annotate exits 0 on it and its PROGRAM
#                         TOTALS are NEW minus OLD
#   REL/diff-X/ours       our cg_annotate reads it as the oracle does
#
# callgrind_annotate is not used on --dump-bb=yes files (it takes the bb
# address for a line number and stops: "too many event counts"), and its
# figures are compared with the reader's in the reader's "calls=0 is self
# cost" mode, since it adds the cost line after `calls=0` (a call still
# running at the dump) to the caller's self cost.  docs/testing.md,
# "Callgrind files (tests/callgrind)", has the details and the facts found.
#
# When a release cannot be fetched the suite prints one SKIP for it, with
# the reason, except under CI=true, where it FAILs (every release must be
# tested).  Without python3 or perl (the oracles' interpreters) likewise.
#
# Environment (tests/run-tests.sh): abs_top_srcdir, abs_top_builddir,
# VALGRIND, VG_LIBEXECDIR, VG_PLATFORM.  Optional: CASES (shell patterns of
# case names), CG_RELEASES (default "system trixie sid"), VG_RELEASES_DIR
# and DEBIAN_MIRROR as for tests/release.sh, CG_OURS_ANNOTATE (default
# $abs_top_builddir/post/cg_annotate), CG_JOBS (parallel runs, default 2),
# CG_TIMEOUT (seconds per run, default 300), CC, CXX.
# Everything is written under ./out (cwd = $abs_top_builddir/tests/callgrind).
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
CC=${CC:-gcc}
CXX=${CXX:-g++}
jobs=${CG_JOBS:-2}
ours=${CG_OURS_ANNOTATE:-$abs_top_builddir/post/cg_annotate}
suite=$abs_top_srcdir/tests/callgrind
progs=$abs_top_srcdir/tests/progs
oracle="python3 $suite/cgoracle.py"
# Unset so that our make and the fetch do not see the caller's.
unset MAKEFLAGS MFLAGS MAKELEVEL

mkdir -p out || exit 2
work=$(cd out && pwd -P)

res=$work/res

# files DIR: the non-empty files the run wrote (Callgrind leaves an empty
# cg.out beside the per-thread files).
files() {
  for _f in "$1"/cg.out "$1"/cg.out-[0-9]* "$1"/cg.out.[0-9]*; do
    [ -s "$_f" ] && echo "$_f"
  done
}
runok() { # NAME DIR
  if [ "$(cat "$2/rc" 2>/dev/null)" != 0 ]; then
    fail "$1" "callgrind exited with status $(cat "$2/rc" 2>/dev/null): $(cat "$2/cmd")"
    tail -n 15 "$2/log" | indent 15
    return 1
  fi
  if [ -z "$(files "$2")" ]; then
    fail "$1" "callgrind wrote no file: $(cat "$2/cmd")"
    return 1
  fi
}

havours=yes
[ -x "$ours" ] || havours=no

# check_case VERSION NAME ANNOTATE: the oracle, ours and graph cases of one run,
# as PASS/FAIL lines.
check_case() {
    v=$1 name=$2 ann=$3
    d=$res/$v/$name
    t=callgrind/$v/$name
    runok "$t/oracle" "$d" || return
    # The oracle: totals, and callgrind_annotate where it can read the file.
    # The readers run here; the checks of all three kinds go to one batch
    # (cgoracle.py batch: one python3 for the case, each file read once),
    # each into its kind's file, which a failure marks with FILE.failed.
    mkdir -p "$d/chk" || exit 2
    rm -f "$d/oracle.txt"* "$d/ours.txt"* "$d/graph.txt"*
    : >"$d/oracle.txt"
    : >"$d/ours.txt"
    : >"$d/graph.txt"
    : >"$d/checks"
    ook=yes ok=yes gok=yes
    for f in $(files "$d"); do
      b=${f##*/}
      later "$d/oracle.txt" "# $b:" check-totals "$f"
      if grep -q '^positions:.*bb' "$f"; then
        echo "# $b: (callgrind_annotate cannot read bb positions)" >>"$d/oracle.txt"
      elif (cd / && perl "$ann" --threshold=100 --show-percs=no --auto=yes --context=100000000 "$f") \
        >"$d/chk/$b.annotate" 2>"$d/chk/$b.annotate.err"; then
        later "$d/oracle.txt" "# $b:" check-annotate "$d/chk/$b.annotate" "$f"
      else
        ook=no
        echo "# $b: $ann failed:" >>"$d/oracle.txt"
        sed 's/^/# /' "$d/chk/$b.annotate.err" | tail -n 5 >>"$d/oracle.txt"
      fi
      [ "$havours" = yes ] || continue
      # Ours, and its call graph (the same JSON).  Self costs as the file
      # names functions (`fib'2` apart, as the oracle keys them); the call
      # graph as the report folds it.
      "$ours" --format=json --threshold=0 --fold=no "$f" >"$d/chk/$b.ours.json" 2>"$d/chk/$b.ours.err"
      rc=$?
      [ "$rc" -eq 0 ] && { "$ours" --format=json --threshold=0 "$f" >"$d/chk/$b.graph.json" 2>&1 || rc=$?; }
      # Callgrind writes names before it defines them under
      # --mangle-names=no (docs/testing.md, "Callgrind files
      # (tests/callgrind)"): ours refuses such a file, with a message that
      # says why and what to use instead.
      if [ "$rc" -eq 1 ] && $oracle has-forward-names "$f" &&
         grep -q 'name id used before it is defined (a Callgrind run with --mangle-names=no' "$d/chk/$b.ours.err"; then
        echo "# $b: refused as it should be: $(head -c 200 "$d/chk/$b.ours.err")" >>"$d/ours.txt"
        echo "# $b: refused (no call graph to check)" >>"$d/graph.txt"
        continue
      fi
      if [ "$rc" -ne 0 ]; then
        ok=no gok=no
        { echo "# $b: cg_annotate exited with status $rc:"; head -n 5 "$d/chk/$b.ours.err" | sed 's/^/#   /'; } >>"$d/ours.txt"
        echo "# $b: cg_annotate exited with status $rc: no JSON" >>"$d/graph.txt"
        continue
      fi
      later "$d/ours.txt" "# $b:" check-ours "$d/chk/$b.ours.json" "$f"
      later "$d/graph.txt" "# $b:" check-graph "$d/chk/$b.graph.json" "$f"
    done
    # The batch's own complaints (none expected) go with the oracle's.
    $oracle batch <"$d/checks" >>"$d/oracle.txt" 2>&1
    [ -e "$d/oracle.txt.failed" ] && ook=no
    if [ "$ook" = yes ]; then pass "$t/oracle"
    else fail "$t/oracle" && indent 30 <"$d/oracle.txt"; fi
    # Ours, and its call graph.
    if [ "$havours" = no ]; then
      fail "$t/ours" "our cg_annotate is not built: no $ours"
      fail "$t/graph" "our cg_annotate is not built: no $ours"
      return
    fi
    [ -e "$d/ours.txt.failed" ] && ok=no
    [ -e "$d/graph.txt.failed" ] && gok=no
    if [ "$ok" = yes ]; then pass "$t/ours"
    else fail "$t/ours" && indent 30 <"$d/ours.txt"; fi
    if [ "$gok" = yes ]; then pass "$t/graph"
    else fail "$t/graph" && indent 30 <"$d/graph.txt"; fi
}

# later FILE HEADER COMMAND ARG...: one of cgoracle.py's checks for the
# case's batch (check_case): its output to FILE, after HEADER when it fails.
later() {
  _to=$1 _head=$2
  shift 2
  _ifs=$IFS
  IFS='	'
  printf 'always\t%s\t%s\t%s\n' "$_to" "$_head" "$*" >>"$d/checks"
  IFS=$_ifs
}

# The round trips: KIND NAME INPUT..., each input CASE/FILE of a release's
# runs (cachegrind-threads: Cachegrind's run of threads, added for these;
# gungraun-threads/cg.out-02: Callgrind's profile of one of its threads).
# merge-one-parts: cg_merge of a single file keeps everything.
roundtrips='merge merge-default default-recursion/cg.out default-loops/cg.out
merge merge-sim sim-loops/cg.out sim-cxxnames/cg.out
merge merge-parts codspeed-threads/cg.out codspeed-cldumps/cg.out
merge merge-one-parts codspeed-cldumps/cg.out
merge merge-cachegrind cachegrind-threads/cg.out gungraun-threads/cg.out-02
diff diff-default default-recursion/cg.out default-loops/cg.out
diff diff-sim sim-loops/cg.out sim-cxxnames/cg.out
diff diff-parts codspeed-cldumps/cg.out codspeed-threads/cg.out'
merge=${CG_OURS_MERGE:-$abs_top_builddir/post/cg_merge}
cgdiff=${CG_OURS_DIFF:-$abs_top_builddir/post/cg_diff}

# annotate_rt FILE OUT ANNOTATE [AUTO]: the release's callgrind_annotate on
# FILE, as check_case runs it (--auto=AUTO, default yes), into OUT and
# OUT.err; its exit status.
annotate_rt() {
  (cd / && perl "$3" --threshold=100 --show-percs=no --auto="${4:-yes}" --context=100000000 "$1") \
    >"$2" 2>"$2.err"
}

# warnings FILE: callgrind_annotate's warnings about the file it read.  Perl's
# "Use of uninitialized value ... at .../callgrind_annotate line N." are
# callgrind_annotate's own (it gives them on Callgrind's files too, when an
# event has no count in the annotated lines) and not counted.
warnings() {
  grep -v '^Use of uninitialized value .* at .*callgrind_annotate line [0-9]*\.$' "$1"
}

# check_rt VERSION ANNOTATE KIND NAME INPUT...: one round trip's cases.
check_rt() {
  v=$1 ann=$2 kind=$3 name=$4
  shift 4
  t=callgrind/$v/$name
  d=$res/$v/rt/$name
  mkdir -p "$d" || exit 2
  ins=
  for i in "$@"; do
    runok "$t" "$res/$v/${i%%/*}" || return
    [ -s "$res/$v/$i" ] || { fail "$t" "the run $v/${i%%/*} wrote no $i"; return; }
    ins="$ins $res/$v/$i"
  done
  out=$d/out
  if [ "$kind" = merge ]; then
    # shellcheck disable=SC2086
    "$merge" -o "$out" $ins >"$d/prog.out" 2>"$d/prog.err"
  else
    # shellcheck disable=SC2086
    "$cgdiff" $ins >"$out" 2>"$d/prog.err"
  fi
  rc=$?
  if [ "$rc" -ne 0 ]; then
    fail "$t" "cg_$kind$ins exited with status $rc:"
    head -n 5 "$d/prog.err" | indent 5
    return
  fi
  if [ "$kind" = merge ]; then
    # callgrind_annotate: no warning, and the oracle's figures of the file.
    ok=yes
    annotate_rt "$out" "$d/annotate" "$ann"
    rc=$?
    if [ "$rc" -ne 0 ]; then
      ok=no
      { echo "# callgrind_annotate exited with status $rc:"
        tail -n 5 "$d/annotate.err" | sed 's/^/#   /'; } >"$d/annotate.txt"
    else
      $oracle check-annotate "$d/annotate" "$out" >"$d/check-annotate.txt" 2>&1 || ok=no
      [ -z "$(warnings "$d/annotate.err")" ] || ok=no
      {
        if [ -n "$(warnings "$d/annotate.err")" ]; then
          echo "# callgrind_annotate warned ($(warnings "$d/annotate.err" | grep -c '^WARNING') warnings):"
          warnings "$d/annotate.err" | head -n 4 | sed 's/^/#   /'
        fi
        # Why the figures differ, when the file depends on fn= resetting the
        # current file, which callgrind_annotate does not do.
        [ "$ok" = yes ] || $oracle fn-context "$out"
        cat "$d/check-annotate.txt"
      } >"$d/annotate.txt" 2>&1
    fi
    if [ "$ok" = yes ]; then pass "$t/annotate"
    else fail "$t/annotate" "callgrind_annotate on cg_merge's $out" && indent 12 <"$d/annotate.txt"; fi
    # shellcheck disable=SC2086
    if $oracle check-merge "$out" $ins >"$d/sum.txt" 2>&1; then pass "$t/sum"
    else fail "$t/sum" "cg_merge$ins: not the sum of the inputs" && indent 12 <"$d/sum.txt"; fi
    sumof=$ins neg=
  else
    # shellcheck disable=SC2086
    if $oracle check-diff "$out" $ins >"$d/diff.txt" 2>&1; then pass "$t/diff"
    else fail "$t/diff" "cg_diff$ins: not NEW minus OLD" && indent 12 <"$d/diff.txt"; fi
    # callgrind_annotate cannot read `calls=-N` (it warns that the line is
    # malformed and takes the next for self cost): its exit status and
    # PROGRAM TOTALS only (so no source annotated).
    annotate_rt "$out" "$d/annotate" "$ann" no
    rc=$?
    if [ "$rc" -ne 0 ]; then
      fail "$t/annotate" "callgrind_annotate exited with status $rc on cg_diff's $out:"
      tail -n 5 "$d/annotate.err" | indent 5
    # shellcheck disable=SC2086
    elif $oracle annotate-totals "$d/annotate" $ins >"$d/annotate.txt" 2>&1; then
      pass "$t/annotate"
    else
      fail "$t/annotate" "callgrind_annotate's PROGRAM TOTALS of cg_diff's $out:" && indent 12 <"$d/annotate.txt"
    fi
    sumof=$out neg=--negative
  fi
  # Ours reads it back: the inputs' sums (merge), the file's figures (diff).
  if [ "$havours" = no ]; then
    fail "$t/ours" "our cg_annotate is not built: no $ours"
    return
  fi
  if ! "$ours" --format=json --threshold=0 --fold=no "$out" >"$d/ours.json" 2>"$d/ours.err"; then
    fail "$t/ours" "cg_annotate --format=json --threshold=0 $out failed:"
    head -n 5 "$d/ours.err" | indent 5
  # shellcheck disable=SC2086
  elif $oracle check-ours $neg "$d/ours.json" $sumof >"$d/ours.txt" 2>&1; then
    pass "$t/ours"
  else
    fail "$t/ours" "cg_annotate on $out" && indent 12 <"$d/ours.txt"
  fi
}

# run.sh --check VERSION NAME ANNOTATE: one case's checks (run by xargs below);
# run.sh --roundtrip VERSION ANNOTATE KIND NAME INPUT...: one round trip's.
if [ "${1:-}" = --check ]; then
  check_case "$2" "$3" "$4"
  exit 0
fi
if [ "${1:-}" = --roundtrip ]; then
  shift
  check_rt "$@"
  exit 0
fi

# One run at a time per build directory.
dir_lock "$work"
trap 'rm -rf "$work/.lock"' EXIT
trap 'exit 130' INT TERM


command -v python3 >/dev/null 2>&1 || { missing callgrind/oracle "no python3 for tests/callgrind/cgoracle.py"; exit 0; }
command -v perl >/dev/null 2>&1 || { missing callgrind/oracle "no perl for callgrind_annotate"; exit 0; }


limit=
command -v timeout >/dev/null 2>&1 && limit="timeout -k 5 ${CG_TIMEOUT:-300}"

# ---------------------------------------------------------------------------
# Releases: "TAG LIBDIR ANNOTATE" lines in $work/releases.  A version is
# tested once: on Debian 13 the system's release is trixie's, and two runs
# of one version would write the same directories at the same time.
add_release() { # VERSION LIBDIR ANNOTATE NAME
  if grep -q "^$1 " "$work/releases"; then
    echo "# callgrind/$4: valgrind $1 is tested already (the same version)"
    return
  fi
  echo "$1 $2 $3" >>"$work/releases"
}

: >"$work/releases"
for rel in ${CG_RELEASES:-system trixie sid}; do
  if [ "$rel" = system ]; then
    v=$("$VALGRIND" --version 2>/dev/null | sed -n 's/^valgrind-//p')
    lib=$VG_LIBEXECDIR
    ann=$(dirname "$VALGRIND")/callgrind_annotate
    if [ -z "$v" ] || [ ! -f "$lib/callgrind-$VG_PLATFORM" ]; then
      missing callgrind/system "no callgrind in $VG_LIBEXECDIR ($VALGRIND)"
      continue
    fi
    [ -f "$ann" ] || ann=/usr/bin/callgrind_annotate
    if [ ! -f "$ann" ]; then
      missing callgrind/system "no callgrind_annotate next to $VALGRIND"
      continue
    fi
    add_release "$v" "$lib" "$ann" system
    continue
  fi
  # Another release: fetched as tests/release.sh does, into the same
  # directory (kept and reused), under the same fetch lock.
  release_dir "$rel"
  root=$release_root
  fetch_release "$rel" "$work/fetch-$rel.log"
  rc=$?
  if [ "$rc" -eq 3 ] && [ "${CI:-}" != true ]; then
    skip "callgrind/$rel/fetch" "$(tail -n 1 "$work/fetch-$rel.log" | sed 's/^fetch-valgrind: //')"
    continue
  elif [ "$rc" -ne 0 ]; then
    fail "callgrind/$rel/fetch" "scripts/fetch-valgrind.sh $rel $root: exit status $rc${CI:+ (CI=$CI: every release must be tested)}"
    indent 20 <"$work/fetch-$rel.log"
    continue
  fi
  pv=$(sed -n 's/^version=//p' "$root/.fetched")
  v=${pv#*:}
  v=${v%%-*}
  lib=$root/usr/libexec/valgrind
  ann=$root/usr/bin/callgrind_annotate
  if [ ! -f "$lib/callgrind-$VG_PLATFORM" ] || [ ! -f "$ann" ]; then
    fail "callgrind/$rel/fetch" "the package valgrind $pv in $root has no callgrind-$VG_PLATFORM or callgrind_annotate"
    continue
  fi
  add_release "$v" "$lib" "$ann" "$rel"
done
[ -s "$work/releases" ] || exit 0

# ---------------------------------------------------------------------------
# Programs (out/progs), built once: tests/progs/NAME.{c,cc} with the flags
# of their `cflags:` line, as tests/tool builds them, and tests/callgrind/*.c.

mkdir -p "$work/progs" || exit 2
# callgrind.h: the system's, or else a fetched release's (the requests are
# the same in every release).
clinc=
for d in /usr/include $(awk '{ print $2 }' "$work/releases" | sed 's#/libexec/valgrind$#/include#'); do
  [ -f "$d/valgrind/callgrind.h" ] && { clinc=$d; break; }
done
build() {
  _src=
  for _s in "$progs/$1.c" "$progs/$1.cc" "$suite/$1.c"; do [ -f "$_s" ] && _src=$_s && break; done
  [ -n "$_src" ] || { echo "no source for $1" >"$work/progs/$1.log"; return 1; }
  _bin=$work/progs/$1
  [ -f "$_bin" ] && [ ! "$_src" -nt "$_bin" ] && return 0
  _flags=$(sed -n 's/.*cflags: *//p' "$_src" | sed -n '1{s/ *\*\/.*//;p;}')
  _cc=$CC
  case $_src in *.cc) _cc=$CXX ;; esac
  # shellcheck disable=SC2086
  $_cc -g -I"$abs_top_srcdir/include" ${clinc:+-I"$clinc"} -o "$_bin" "$_src" $_flags \
    >"$work/progs/$1.log" 2>&1 || { rm -f "$_bin"; return 1; }
}

# ---------------------------------------------------------------------------
# The runs: out/res/VERSION/CASE/{cmd,log,rc,cg.out*}, CG_JOBS at a time.

envi="env -i"
env --default-signal true 2>/dev/null && envi="env --default-signal -i"
rm -rf "$res" && mkdir -p "$res" || exit 2
: >"$work/jobs"
: >"$work/cases.sel"
# addrun DIR LIB PROG ARGS OPTS [TOOL]: TOOL callgrind (the default) or
# cachegrind.
addrun() {
  mkdir -p "$1" || exit 2
  _tool=${6:-callgrind}
  # shellcheck disable=SC2086
  printf '%s ' $limit $envi PATH=/usr/bin:/bin VALGRIND_LIB="$2" "$VALGRIND" --tool="$_tool" \
    --"$_tool"-out-file=cg.out $5 "$work/progs/$3" $4 >"$1/cmd"
  echo >>"$1/cmd"
  echo "$1" >>"$work/jobs"
}
# The selected round trips, and the runs their inputs come from (run even
# when their own case is not selected).
echo "$roundtrips" | while read -r kind name ins; do
  selected "$name" && echo "$kind $name $ins"
done >"$work/rt.sel"
needed() { grep -q " $1/" "$work/rt.sel"; }
buildfail=
while IFS='|' read -r name prog opts; do
  name=$(echo "$name" | sed 's/^ *//; s/ *$//')
  case $name in '' | '#'*) continue ;; esac
  selected "$name" || needed "$name" || continue
  set -- $prog
  pname=$1; shift
  pargs="$*"
  if ! build "$pname"; then
    fail "callgrind/build/$pname" "could not build $pname:"
    indent 20 <"$work/progs/$pname.log"
    continue
  fi
  selected "$name" && echo "$name" >>"$work/cases.sel"
  while read -r v lib ann; do
    addrun "$res/$v/$name" "$lib" "$pname" "$pargs" "$opts"
  done <"$work/releases"
done <"$suite/cases"
# Cachegrind's run for merge-cachegrind: the cache simulation's events, in
# Cachegrind's order.
if needed cachegrind-threads; then
  if build threads; then
    while read -r v lib ann; do
      addrun "$res/$v/cachegrind-threads" "$lib" threads "" "--cache-sim=yes" cachegrind
    done <"$work/releases"
  else
    fail "callgrind/build/threads" "could not build threads:"
    indent 20 <"$work/progs/threads.log"
  fi
fi
diffok=no
if selected diff-within || selected diff-broken || selected diff-fn-within || selected diff-fn-broken; then
  if build cldumps; then
    diffok=yes
    while read -r v lib ann; do
      for n in 1000 1005 1100; do
        addrun "$res/$v/diff-$n" "$lib" cldumps "$n" "--separate-threads=no"
      done
    done <"$work/releases"
  else
    fail "callgrind/build/cldumps" "could not build cldumps:"
    indent 20 <"$work/progs/cldumps.log"
  fi
fi
# shellcheck disable=SC2016
xargs -P "$jobs" -I{} sh -c 'cd "$1" && sh ./cmd >log 2>&1 </dev/null; echo $? >rc' _ {} <"$work/jobs"

# ---------------------------------------------------------------------------
# The checks (check_case above).

# The per-case checks, CG_JOBS at a time (run.sh --check), each into its
# report; then the reports in case order.
: >"$work/checks"
while read -r v lib ann; do
  while read -r name; do echo "$v $name $ann" >>"$work/checks"; done <"$work/cases.sel"
done <"$work/releases"
# shellcheck disable=SC2016
CG_RES=$res xargs -r -P "$jobs" -L 1 sh -c 'sh "$0" --check "$@" >"$CG_RES/$1/$2.report" 2>&1' "$suite/run.sh" <"$work/checks"
# The round trips likewise (run.sh --roundtrip).
: >"$work/rtchecks"
while read -r v lib ann; do
  mkdir -p "$res/$v/rt" || exit 2
  while read -r kind name ins; do echo "$v $ann $kind $name $ins" >>"$work/rtchecks"; done <"$work/rt.sel"
done <"$work/releases"
# shellcheck disable=SC2016
CG_RES=$res xargs -r -P "$jobs" -L 1 sh -c 'sh "$0" --roundtrip "$@" >"$CG_RES/$1/rt/$4.report" 2>&1' "$suite/run.sh" <"$work/rtchecks"
while read -r v lib ann; do
  while read -r name; do
    cat "$res/$v/$name.report" 2>/dev/null || fail "callgrind/$v/$name" "no report"
  done <"$work/cases.sel"

  # --diff with --limit Ir=+1% (diff-*) and with a function limit
  # --limit 'bench_*:Ir=+1%' (diff-fn-*): cldumps 1000 against 1005 (within
  # the limit) and 1100 (beyond it), its first dump (bench_sum); the oracle
  # decides each from the files (`limit`, `fn-limit`).
  [ "$diffok" = yes ] || continue
  old=$res/$v/diff-1000/cg.out.1
  for pair in within:1005:0 broken:1100:3 fn-within:1005:0 fn-broken:1100:3; do
    what=${pair%%:*}; rest=${pair#*:}; n=${rest%%:*}; want=${rest#*:}
    t=callgrind/$v/diff-$what
    o=$res/$v/diff-$what
    selected "diff-$what" || continue
    runok "$t" "$res/$v/diff-1000" && runok "$t" "$res/$v/diff-$n" || continue
    new=$res/$v/diff-$n/cg.out.1
    case $what in
      fn-*) limit='bench_*:Ir=+1%' exp=$($oracle fn-limit "$old" "$new" 'bench_*' Ir 1 2>"$o.oracle") ;;
      *) limit='Ir=+1%' exp=$($oracle limit "$old" "$new" Ir 1 2>"$o.oracle") ;;
    esac
    if [ "$exp" != "$want" ]; then
      fail "$t" "the oracle expects status '$exp' for --limit '$limit', cldumps 1000 vs $n; the case is meant to test $want:"
      indent 5 <"$o.oracle"
      continue
    fi
    if [ "$havours" = no ]; then
      fail "$t" "our cg_annotate is not built: no $ours"
      continue
    fi
    "$ours" --diff "$old" "$new" --limit "$limit" >"$o.out" 2>"$o.err"
    rc=$?
    if [ "$rc" = "$exp" ]; then pass "$t"
    else
      fail "$t" "cg_annotate --diff OLD NEW --limit '$limit' exited with $rc, expected $exp" \
        "$(cat "$o.oracle")"
      head -n 5 "$o.err" | indent 5
    fi
  done
done <"$work/releases"
while read -r v lib ann; do
  while read -r kind name ins; do
    cat "$res/$v/rt/$name.report" 2>/dev/null || fail "callgrind/$v/$name" "no report"
  done <"$work/rt.sel"
done <"$work/releases"
exit 0
