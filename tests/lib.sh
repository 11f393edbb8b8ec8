# SPDX-License-Identifier: GPL-2.0-or-later
# tests/lib.sh: shell helpers shared by the suites' run.sh scripts: the
# PASS/FAIL/SKIP lines of the tests/run-tests.sh protocol.  Keep it small.

# pass NAME
pass() { echo "PASS: $1"; }

# fail NAME [DETAIL...]: each detail becomes an indented line.
fail() {
  _n=$1; shift
  echo "FAIL: $_n"
  for _l in "$@"; do echo "    $_l"; done
}

# skip NAME REASON: something outside the project is missing: another
# Valgrind, an oracle, a program, a CPU feature or a mount the machine lacks.
skip() { echo "SKIP: $1 ($2)"; }

# skip_ours NAME REASON: something of ours is missing or refuses (a part not
# built or not configured).  A skip outside CI; under CI=true the driver
# (tests/run-tests.sh) counts it as a failure.
skip_ours() { echo "SKIP: $1 ($2) [ours]"; }

# missing NAME REASON: something outside the project that a case needs is
# not on this machine: a skip, but under CI=true a failure, since CI
# installs everything the suites need (scripts/install-deps.sh --tests).
missing() {
  if [ "${CI:-}" = true ]; then fail "$1" "$2 (CI=true: required)"; else skip "$1" "$2"; fi
}

# indent [MAX] < text: detail lines for a FAIL (at most MAX lines, default 20),
# each prefixed with four spaces so the driver keeps them with their case.
indent() { sed -n "1,${1:-20}s/^/    /p"; }

# selected NAME: whether case NAME is among the shell patterns of $CASES
# (every case when CASES is unset or empty).
selected() {
  [ -n "${CASES:-}" ] || return 0
  # The patterns split on blanks but must not match file names here.
  case $- in *f*) _glob_off=yes ;; *) _glob_off=no; set -f ;; esac
  _sel=1
  for _p in $CASES; do
    # shellcheck disable=SC2254
    case $1 in $_p) _sel=0; break ;; esac
  done
  [ "$_glob_off" = yes ] || set +f
  return $_sel
}

# release_dir SUITE: sets $release_top (the build tree's
# .valgrind-releases/SUITE, made if need be) and $release_root (where that
# release's package is unpacked: under $VG_RELEASES_DIR when set).
release_dir() {
  _b=$(cd "$abs_top_builddir" && pwd -P) || exit 2
  release_top=$_b/.valgrind-releases/$1
  mkdir -p "$release_top" || exit 2
  if [ -n "${VG_RELEASES_DIR:-}" ]; then
    mkdir -p "$VG_RELEASES_DIR/$1" || exit 2
    release_root=$(cd "$VG_RELEASES_DIR" && pwd -P)/$1/root
  else
    release_root=$release_top/root
  fi
}

# dir_lock DIR: waits until this process holds DIR/.lock (one run at a time
# fetches or builds in a release directory, or writes a suite's out/; a
# dead holder's lock is taken over).  dir_unlock DIR gives it back.
dir_lock() {
  while ! mkdir "$1/.lock" 2>/dev/null; do
    _h=$(cat "$1/.lock/pid" 2>/dev/null)
    if [ -n "$_h" ] && ! kill -0 "$_h" 2>/dev/null; then rm -rf "$1/.lock"; continue; fi
    sleep 2
  done
  echo $$ >"$1/.lock/pid"
}
dir_unlock() { rm -rf "$1/.lock"; }

# fetch_release SUITE LOG: scripts/fetch-valgrind.sh SUITE into
# $release_root (after release_dir), its output in LOG, its exit status
# returned.  The fetch has a lock of its own, held for the fetch only: the
# suites that share a release (tool-SUITE holds the release directory for
# its whole run; callgrind only reads the package) wait for each other's
# fetch, never for each other's runs (CI measured the callgrind suite idle
# for 474 s while tool-sid ran).
fetch_release() {
  mkdir -p "$release_top/fetch" || return 1
  dir_lock "$release_top/fetch"
  sh "$abs_top_srcdir/scripts/fetch-valgrind.sh" "$1" "$release_root" >"$2" 2>&1
  _fr=$?
  dir_unlock "$release_top/fetch"
  return $_fr
}

# vg_env: the Valgrind a suite runs and our tool (the environment may name
# others: VALGRIND, VG_LIBEXECDIR, VG_PLATFORM), in those variables and
# `tool`.
vg_env() {
  VALGRIND=${VALGRIND:-/usr/bin/valgrind}
  VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
  VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
  tool=$abs_top_builddir/tool/cachegrind-$VG_PLATFORM
}

# vg_links DIR [PATTERN...]: DIR (made if needed) holds a symlink to each
# file of the release's library directory, $VG_LIBEXECDIR, but those whose
# names match a PATTERN (a tool's files, where another takes their place).
# One ln for them all: a library directory is made some forty times a run,
# and a process per file (143 of them) cost 0.8 s each time.
vg_links() {
  _d=$1
  shift
  mkdir -p "$_d" && ln -s "$VG_LIBEXECDIR"/* "$_d/" || return 1
  [ $# -eq 0 ] || (cd "$_d" && for _p in "$@"; do rm -f -- $_p; done)
}

# vg_lib DIR: a VALGRIND_LIB directory at DIR holding the release's tools
# and a copy of ours as `cgours` (after vg_env).
vg_lib() {
  vg_links "$1" || return 1
  cp "$tool" "$1/cgours-$VG_PLATFORM"
}
