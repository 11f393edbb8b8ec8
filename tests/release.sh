#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/release.sh SUITE [VERSION]: the tool suite (tests/tool) against the
# Valgrind of another Debian release.  Called by the suites tool-trixie and
# tool-sid (tests/tool-SUITE/run.sh); prints PASS/FAIL/SKIP lines for
# tests/run-tests.sh, each case named SUITE-X.Y.Z/CASE after the release
# actually tested.
#
# 1. fetch: scripts/fetch-valgrind.sh unpacks the release's `valgrind`
#    package into .valgrind-releases/SUITE/root (kept: a later run reuses it);
#    VERSION (e.g. 3.24), when given, is the release the suite must have.
# 2. build: a snapshot of this tree (`make distdir`, so exactly what a
#    tarball would hold) is configured with --with-valgrind-root in its own
#    build directory, and the tool is built there.
# 3. core: our tool and the release's cachegrind both report that release's
#    core in their banner (the tool binary carries the core it was linked
#    with; the launcher is the system's).
# 4. the tool suite, with our tool from step 2 as CG_OURS and the release's
#    tool directory as VG_LIBEXECDIR, so the oracle is the release's own
#    cachegrind, both run by the system's launcher with VALGRIND_LIB; then
#    the harnesses' suite (tests/clients) the same way, against the
#    release's own Callgrind (cases named SUITE-X.Y.Z/clients/CASE), and
#    the inlined frames' oracle (tests/inline/profiles.sh, cases named
#    SUITE-X.Y.Z/inline/profile-PROG), against that Callgrind too.
#
# When the package cannot be fetched (no network), the suite SKIPs with the
# reason, except under CI=true, where every release must be tested: FAIL.
#
# Everything is written under $abs_top_builddir/.valgrind-releases/SUITE.
#
# Environment: abs_top_srcdir, abs_top_builddir (a configured tree), VALGRIND
# (the launcher); optional VG_RELEASES_DIR (where the packages are kept, as
# VG_RELEASES_DIR/SUITE/root, e.g. a cache shared by several trees; default
# the build tree's .valgrind-releases), DEBIAN_MIRROR (for the fetch),
# CASES, CG_REPEAT, CG_TIMEOUT, CC as for tests/tool.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
suite=${1:?usage: release.sh SUITE [VERSION]}
want=${2:-}
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
tag=$suite${want:+-$want}
# Our own make must not hand its jobserver or flags to the builds below.
unset MAKEFLAGS MFLAGS MAKELEVEL

# $top: this release's snapshot, build and logs, always in the build tree;
# $root: the unpacked package, there too unless VG_RELEASES_DIR says where.
btop=$(cd "$abs_top_builddir" && pwd -P) || exit 2
release_dir "$suite"
top=$release_top root=$release_root
# One run per release directory at a time (the snapshot, the build and out/
# are this suite's); the fetch has its own lock (fetch_release).
dir_lock "$top"
trap 'rm -rf "$top/.lock"' EXIT
trap 'exit 130' INT TERM

# --- 1. fetch ---------------------------------------------------------------
fetch_release "${want:-$suite}" "$top/fetch.log"
rc=$?
if [ "$rc" -eq 3 ] && [ "${CI:-}" != true ]; then
  skip "$tag/fetch" "$(tail -n 1 "$top/fetch.log" | sed 's/^fetch-valgrind: //')"
  exit 0
elif [ "$rc" -ne 0 ]; then
  fail "$tag/fetch" "scripts/fetch-valgrind.sh ${want:-$suite} $root: exit status $rc${CI:+ (CI=$CI: every release must be tested)}"
  indent 20 <"$top/fetch.log"
  exit 0
fi
pkgversion=$(sed -n 's/^version=//p' "$root/.fetched")
upstream=${pkgversion#*:}
upstream=${upstream%%-*}
tag=$suite-$upstream
pass "$tag/fetch (Debian $suite: valgrind $pkgversion)"

# --- 2. build ---------------------------------------------------------------
src=$top/src
build=$top/build
log=$top/build.log
: >"$log"
step() { echo "+ $*" >>"$log"; "$@" >>"$log" 2>&1; }
built=no
# The snapshot is remade every run; files keep their times, so the build
# directory only recompiles what changed.  (distdir must be relative.)
if rm -rf "$src" && step make -s -C "$btop" distdir distdir=".valgrind-releases/$suite/src" &&
   mkdir -p "$build" &&
   { [ -f "$build/config.status" ] && [ "$build/config.status" -nt "$src/configure" ] &&
       grep -q -- "--with-valgrind-root=$root" "$build/config.status" ||
     (cd "$build" && step "$src/configure" --with-valgrind-root="$root" --with-valgrind="$VALGRIND"); } &&
   step make -C "$build/tool" -j2; then
  built=yes
fi
mkvar() { sed -n "s/^$1 = //p" "$build/Makefile" 2>/dev/null; }
ours=$build/tool/cachegrind-$(mkvar VG_PLATFORM)
if [ "$built" = yes ] && [ -f "$ours" ]; then
  bversion=$(mkvar VG_VERSION)
  if [ "$bversion" = "$upstream" ]; then
    pass "$tag/build"
  else
    fail "$tag/build" "configure found Valgrind '$bversion' in $root, the package is $upstream"
    exit 0
  fi
else
  fail "$tag/build" "could not build the tool against $root (log: $log):"
  tail -n 25 "$log" | indent 25
  exit 0
fi
VG_LIBEXECDIR=$(mkvar VG_LIBEXECDIR)
VG_INCLUDEDIR=$(mkvar VG_INCLUDEDIR)
VG_PLATFORM=$(mkvar VG_PLATFORM)
export VALGRIND VG_LIBEXECDIR VG_INCLUDEDIR VG_PLATFORM

# --- 3. both tools carry the release's core -----------------------------------
vglib=$top/vglib
rm -rf "$vglib" && vg_links "$vglib" || exit 2
ln -s "$ours" "$vglib/cgours-$VG_PLATFORM"
bad=
rm -rf "$top/core" && mkdir -p "$top/core" || exit 2
for t in cachegrind cgours; do
  b=$(cd "$top/core" && env -i PATH=/usr/bin:/bin VALGRIND_LIB="$vglib" "$VALGRIND" --tool=$t \
        --cache-sim=no --branch-sim=no --cachegrind-out-file=$t.out /bin/true 2>&1 </dev/null |
      sed -n 's/^==[0-9]*== Using \(Valgrind-[^ ]*\) and LibVEX.*/\1/p')
  [ "$b" = "Valgrind-$upstream" ] || bad="$bad --tool=$t says '$b';"
done
if [ -z "$bad" ]; then pass "$tag/core"
else fail "$tag/core" "expected Valgrind-$upstream from both tools:$bad"; fi

# --- 4. the tool suite ----------------------------------------------------------
mkdir -p "$build/tests/tool" || exit 2
# The post-processors do not depend on the release: this tree's cg_annotate.
cga=$abs_top_builddir/post/cg_annotate
(cd "$build/tests/tool" && abs_top_srcdir=$src abs_top_builddir=$build CG_OURS=$ours \
   CG_ANNOTATE=$cga sh "$src/tests/tool/run.sh") 2>&1 |
  sed -e "s#^\\(PASS\\|FAIL\\|SKIP\\): #\\1: $tag/#"
# Only the whole suite: CASES names tool cases.
if [ -z "${CASES:-}" ]; then
  mkdir -p "$build/tests/clients" || exit 2
  (cd "$build/tests/clients" && abs_top_srcdir=$src abs_top_builddir=$build \
     sh "$src/tests/clients/run.sh") 2>&1 |
    sed -e "s#^\\(PASS\\|FAIL\\|SKIP\\): #\\1: $tag/clients/#"
  # Inlined frames against this release's Callgrind (tests/inline).
  mkdir -p "$build/tests/inline" || exit 2
  (cd "$build/tests/inline" && abs_top_srcdir=$src abs_top_builddir=$build CG_ANNOTATE=$cga \
     INLINE_VGLIB=$vglib INLINE_TAG=$tag/inline sh "$src/tests/inline/profiles.sh") 2>&1
fi
exit 0
