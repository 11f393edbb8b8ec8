#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/clients/run.sh: the harnesses that drive Valgrind in CI, as they run
# it (../shared/spec/clients.md; issue 38): their exact command lines on our
# tool, and their parsers' rules (parsers.py) on the files and logs it
# writes, with the numbers checked against another way of counting them.
#   gungraun's Cachegrind mode: --instr-at-start=no around the benchmark,
#     which upstream's Cachegrind has only from 3.22 (Debian 12 has 3.19);
#   Callgrind's command lines (gungraun's, CodSpeed's) on our tool run as
#     Callgrind, each part's Ir and system calls against Callgrind's own of
#     the same run.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
src=$abs_top_srcdir/tests/clients
progs=$abs_top_srcdir/tests/progs
work=$(pwd)/out
rm -rf "$work" && mkdir -p "$work" || exit 2
ours=$abs_top_builddir/tool/cachegrind-$VG_PLATFORM
CACHES="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

if [ ! -x "$VALGRIND" ]; then skip clients "valgrind not found at $VALGRIND"; exit 0; fi
if ! command -v python3 >/dev/null 2>&1; then skip clients "no python3"; exit 0; fi
if [ ! -f "$ours" ]; then fail clients "our tool is not built: no $ours"; exit 0; fi

# Two library directories of the same name length (the environment's size
# moves the client's stack, and so start-up counts): ours as cachegrind, and
# ours as callgrind beside the system's callgrind under another name.
vg_links "$work/cgl" 'cachegrind-*' && vg_links "$work/cal" 'callgrind-*' &&
  vg_links "$work/sys" || exit 2
cp "$ours" "$work/cgl/cachegrind-$VG_PLATFORM" && ln -s "$work/cgl/cachegrind-$VG_PLATFORM" \
  "$work/cal/callgrind-$VG_PLATFORM" || exit 2

cc -O1 -g -I"$abs_top_srcdir/include" -I"$(dirname "$VG_LIBEXECDIR")/../include/valgrind" \
  -I/usr/include/valgrind -o "$work/clreq" "$progs/clreq.c" 2>"$work/build.log" &&
  cc -O1 -g -I/usr/include/valgrind -o "$work/cgbench" "$progs/cgbench.c" 2>>"$work/build.log" &&
  cc -O1 -g -pthread -I/usr/include/valgrind -o "$work/cgthreads" "$progs/cgthreads.c" \
    2>>"$work/build.log" &&
  cc -O1 -g -o "$work/forker" "$progs/forker.c" 2>>"$work/build.log" || {
  fail clients-build "could not build the programs:"; indent 10 <"$work/build.log"; exit 0; }

# vg LIBDIR DIR ARGS...: Valgrind from DIR, as the harnesses run it
# (setarch -R: no address randomisation), in a clean environment.
vg() {
  _lib=$1 _dir=$2
  shift 2
  mkdir -p "$work/$_dir"
  (cd "$work/$_dir" && env -i PATH=/usr/bin:/bin VALGRIND_LIB="$work/$_lib" \
    setarch "$(uname -m)" -R "$VALGRIND" "$@") >"$work/$_dir.stdout" 2>"$work/$_dir.stderr"
}
parse() { python3 "$src/parsers.py" "$@"; }

# Ir of the lines of function $2 in Cachegrind file $1.
fn_ir() {
  awk -v fn="$2" '/^fn=/ { on = substr($0, 4) == fn; next }
    /^[a-z]+[:=]/ { next } on && $1 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }' "$1"
}

# ---- gungraun, Cachegrind mode ------------------------------------------
gungraun_cg="--tool=cachegrind --error-exitcode=0 --trace-children=yes --fair-sched=try $CACHES \
  --cache-sim=yes"
vg cgl gcg $gungraun_cg --instr-at-start=no --cachegrind-out-file=cachegrind.out.%p \
  --log-file=cachegrind.log.%p "$work/clreq" req
out=$(ls "$work"/gcg/cachegrind.out.* 2>/dev/null | head -n 1)
logf=$(ls "$work"/gcg/cachegrind.log.* 2>/dev/null | head -n 1)
if [ -z "$out" ] || [ -z "$logf" ]; then
  fail gungraun-cachegrind-files "no profile or log:"; indent 10 <"$work/gcg.stderr"
else
  if ! sum=$(parse cachegrind "$out"); then fail gungraun-cachegrind-parse "$sum"
  elif ! pid=$(parse log "$logf"); then fail gungraun-cachegrind-log "$pid"
  elif [ "$out" != "$work/gcg/cachegrind.out.$pid" ]; then
    fail gungraun-cachegrind-log "the log's pid $pid does not name $out"
  else
    pass gungraun-cachegrind-parse
    # The benchmark's work() lies inside the region: its lines must be
    # those of a full run of the same program, and the region's summary
    # no more than the full run's.
    vg cgl gfull $gungraun_cg --cachegrind-out-file=full.out "$work/clreq" req
    full=$(parse cachegrind "$work/gfull/full.out")
    w_region=$(fn_ir "$out" work) w_full=$(fn_ir "$work/gfull/full.out" work)
    ir=${sum#Ir=}; ir=${ir%% *}; fir=${full#Ir=}; fir=${fir%% *}
    if [ "$w_region" -gt 0 ] && [ "$w_region" = "$w_full" ] && [ "$ir" -ge "$w_region" ] &&
       [ "$ir" -lt "$fir" ]; then
      pass gungraun-cachegrind-counts
    else
      fail gungraun-cachegrind-counts "work() Ir $w_region in the region, $w_full in a full run; summary $ir of $fir"
    fi
  fi
fi

# ---- Callgrind's command lines, on our tool run as Callgrind --------------
# compare NAME "PROG [ARG]" RULES OPTIONS...: PROG on ours (cal) and
# Callgrind (sys), the same options; every file read by the parser of RULES
# (parsers.py), each part's Ir equal.  With --separate-threads=yes the
# plain file name is left empty (as Callgrind leaves it): the harnesses
# read the thread files.
compare_callgrind() {
  _name=$1 _prog=${2%% *} _arg=${2#* } _rules=$3
  [ "$_arg" = "$2" ] && _arg=
  shift 3
  vg cal "$_name-ours" --tool=callgrind "$@" --callgrind-out-file=callgrind.out.%p \
    "$work/$_prog" $_arg
  vg sys "$_name-ref" --tool=callgrind "$@" --callgrind-out-file=callgrind.out.%p \
    "$work/$_prog" $_arg
  _bad=
  for _side in ours ref; do
    : >"$work/$_name-$_side.parts"
    for _f in "$work/$_name-$_side"/callgrind.out.*; do
      [ -f "$_f" ] || continue
      _suffix=$(printf '%s\n' "${_f##*/}" | sed 's/^callgrind\.out\.[0-9]*//')
      if [ ! -s "$_f" ]; then echo "${_suffix:-final} empty" >>"$work/$_name-$_side.parts"
        continue; fi
      if ! _p=$(parse "$_rules" "$_f"); then
        [ "$_side" = ours ] && _bad="$_p"
        continue
      fi
      # Ir, and the system calls' count where there is one (their times
      # are the machine's).
      printf '%s\n' "$_p" | awk -v n="${_suffix:-final}" '{ l = n
        for (i = 1; i <= NF; i++) if ($i ~ /^(thread|Ir|sysCount)=/) l = l " " $i
        print l }' >>"$work/$_name-$_side.parts"
    done
    # The parts as a set: the files are read in name order, and a forked
    # child's pid may sort before or after its parent's (more digits, or
    # wrapped) on one side only; each line keeps its part's suffix.
    LC_ALL=C sort -o "$work/$_name-$_side.parts" "$work/$_name-$_side.parts"
  done
  if [ -n "$_bad" ]; then fail "$_name" "$_bad"; return; fi
  if [ ! -s "$work/$_name-ref.parts" ]; then fail "$_name" "Callgrind wrote nothing:"
    indent 10 <"$work/$_name-ref.stderr"; return; fi
  if cmp -s "$work/$_name-ref.parts" "$work/$_name-ours.parts"; then pass "$_name"
  else
    fail "$_name" "Ir per part differs (Callgrind, then ours):"
    indent 10 <"$work/$_name-ref.parts"; indent 10 <"$work/$_name-ours.parts"
  fi
}

# gungraun's defaults, the benchmark chosen by --toggle-collect.
gungraun_cl="--compress-strings=no --compress-pos=no --combine-dumps=no --dump-line=yes \
  --dump-instr=no --separate-threads=yes --trace-children=yes --cache-sim=yes $CACHES"
compare_callgrind gungraun-callgrind cgbench callgrind $gungraun_cl --toggle-collect=main
compare_callgrind gungraun-callgrind-threads "cgthreads turns" callgrind $gungraun_cl \
  --toggle-collect=work
# A process that forks (--trace-children=yes): a file per process (by the
# pid in the name) and per thread, each with its own part of main().
compare_callgrind gungraun-callgrind-fork forker callgrind $gungraun_cl --toggle-collect=main
# CodSpeed's, no object skipped (the programs have no interpreter); its
# parser runs on its servers, so only the format's rules apply (Callgrind
# compresses positions here).
codspeed="-q --trace-children=yes --cache-sim=yes $CACHES --instr-atstart=no \
  --collect-systime=nsec --compress-strings=no --combine-dumps=yes --dump-line=no \
  --read-inline-info=yes --separate-threads=yes"
compare_callgrind codspeed-callgrind cgbench callgrind-any $codspeed
compare_callgrind codspeed-callgrind-threads cgthreads callgrind-any $codspeed
exit 0
