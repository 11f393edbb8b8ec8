#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/kcachegrind/run.sh: KCachegrind (Debian's kcachegrind) loads the
# files of --call-graph=callgrind, and the default ones (the Cachegrind
# format with the call graph in `#` lines), both also with
# --inline-frames=yes (`#i` lines), without a loader warning.
#   kcachegrind/NAME   our tool's file of one run (below) loads in
#                      KCachegrind, under Qt's offscreen platform, with no
#                      `Loading "FILE" : LINE : ...` message (KCachegrind's
#                      loader prints one for every line it cannot take) and
#                      KCachegrind still running when it is stopped
#   kcachegrind/detects a file with a malformed line does give that message:
#                      the check can fail
# Without kcachegrind or dbus-run-session (it needs a session bus) the
# suite prints one SKIP.
#
# Environment (tests/run-tests.sh): abs_top_srcdir, abs_top_builddir.
# Optional: CC, KCG_SECONDS (how long KCachegrind runs, default 8).
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
CC=${CC:-gcc}
secs=${KCG_SECONDS:-8}
progs=$abs_top_srcdir/tests/progs
mkdir -p out || exit 2
work=$(cd out && pwd -P)

for p in kcachegrind dbus-run-session timeout; do
  if ! command -v "$p" >/dev/null 2>&1; then
    skip kcachegrind "no $p (apt-get install kcachegrind dbus-daemon)"
    exit 0
  fi
done

# The runs: NAME PROGRAM ARGS... with the tool options in $opts.
vg=$abs_top_builddir/vg-in-place
build() {
  _f=$(sed -n 's/.*cflags: *//p' "$progs/$1.c" | sed -n '1{s/ *\*\/.*//;p;}')
  # shellcheck disable=SC2086
  mkdir -p "$work/bin" && { [ -x "$work/bin/$1" ] || $CC -g -I"$abs_top_srcdir/include" -o "$work/bin/$1" "$progs/$1.c" $_f; }
}
profile() {
  _n=$1 _p=$2
  shift 2
  rm -rf "${work:?}/$_n" && mkdir -p "$work/$_n"
  build "$_p" >"$work/$_n/build.log" 2>&1 || return 1
  # shellcheck disable=SC2086
  (cd "$work/$_n" && env -i PATH=/usr/bin:/bin "$vg" --tool=cachegrind $opts \
    --cachegrind-out-file=cg.out "$work/bin/$_p" "$@" >stdout 2>stderr)
}

# kcg FILE LOG: KCachegrind on FILE for $secs seconds; its stderr in LOG.
# Succeeds when it was still running at the end (timeout's status 124).
kcg() {
  mkdir -p -m 700 "$work/xdg"
  env QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$work/xdg" HOME="$work/home" \
    timeout -k 5 "$secs" dbus-run-session -- kcachegrind "$1" </dev/null >/dev/null 2>"$2"
  [ $? -eq 124 ]
}

check() { # NAME FILE
  if ! kcg "$2" "$work/$1.kcg"; then
    fail "kcachegrind/$1" "KCachegrind did not keep running on ${2##*/}:"
    tail -n 5 "$work/$1.kcg" | indent 20
  elif grep -q '^Loading "' "$work/$1.kcg"; then
    fail "kcachegrind/$1" "KCachegrind's loader warns:"
    grep '^Loading "' "$work/$1.kcg" | head -n 5 | indent 20
  else
    pass "kcachegrind/$1"
  fi
}

pids=
run_case() { # NAME OPTS PROGRAM ARGS...
  _name=$1 opts=$2
  shift 2
  if ! profile "$_name" "$@"; then
    fail "kcachegrind/$_name" "the run failed:"
    tail -n 5 "$work/$_name/stderr" "$work/$_name/build.log" 2>/dev/null | indent 20
    return
  fi
  for _f in "$work/$_name"/cg.out*; do
    _b=$_name${_f##*/cg.out}
    check "$_b" "$_f" >"$work/$_b.result" &
    pids="$pids $!"
  done
}

run_case recursion "--call-graph=callgrind --cache-sim=yes --branch-sim=yes" recursion
run_case deeprec "--call-graph=callgrind --cache-sim=no --branch-sim=no" deeprec
run_case threads "--call-graph=callgrind --cache-sim=yes --branch-sim=no" regthreads
run_case dumps "--call-graph=callgrind --cache-sim=no --branch-sim=yes" dumps phases
run_case signals "--call-graph=callgrind --cache-sim=no --branch-sim=no" sigstack above
run_case default "--cache-sim=yes --branch-sim=yes" recursion
# With the costs by instruction (`#i` lines) in both formats.
run_case inline "--call-graph=callgrind --inline-frames=yes --cache-sim=yes --branch-sim=yes" recursion
run_case inline-default "--inline-frames=yes --cache-sim=yes --branch-sim=yes" recursion

# The control: a malformed line must be reported.
mkdir -p "$work/detects"
printf '# callgrind format\nversion: 1\npositions: line\nevents: Ir\nfl=a.c\nfn=f\n1 2\nnot a line\n' \
  >"$work/detects/cg.out"
(if kcg "$work/detects/cg.out" "$work/detects.kcg" && grep -q '^Loading "' "$work/detects.kcg"; then
  pass kcachegrind/detects
else
  fail kcachegrind/detects "KCachegrind gave no loader message for a malformed line:"
  tail -n 5 "$work/detects.kcg" | indent 20
fi) >"$work/detects.result" &
pids="$pids $!"

# shellcheck disable=SC2086
wait $pids
cat "$work"/*.result
exit 0
