#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/install/run.sh: what `make install` writes and where it may write.
# Installs into a scratch DESTDIR (never into the configured prefix), checks
# the files and the launcher, runs the installed tool through the system's
# Valgrind, and checks configure's prefix rule (scripts/check-prefix.sh).
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
work=$(pwd)/out
rm -rf "$work" && mkdir -p "$work" || exit 2

# ---- the prefix rule -------------------------------------------------------
check_prefix() { sh "$abs_top_srcdir/scripts/check-prefix.sh" "$@" >"$work/why" 2>&1; }
expect_refused() { # NAME PREFIX LAUNCHER PATTERN
  if check_prefix "$2" "$3"; then fail "$1" "prefix $2 was accepted"
  elif ! grep -q "$4" "$work/why"; then fail "$1" "refused for another reason: $(cat "$work/why")"
  else pass "$1"; fi
}
expect_accepted() { # NAME PREFIX LAUNCHER
  if check_prefix "$2" "$3"; then pass "$1"; else fail "$1" "refused: $(cat "$work/why")"; fi
}
p=$work/prefixes
mkdir -p "$p/empty" "$p/foreign/bin" "$p/ours/bin" "$p/self/bin"
printf '#!/bin/sh\necho another valgrind\n' >"$p/foreign/bin/valgrind"
cp "$abs_top_builddir/post/cg_merge" "$p/ours/bin/cg_merge"
printf '#!/bin/sh\n' >"$p/self/bin/valgrind"
expect_refused prefix-usr /usr /usr/bin/valgrind "distribution's"
expect_refused prefix-usr-slash /usr/ /usr/bin/valgrind "distribution's"
expect_refused prefix-root / /usr/bin/valgrind "distribution's"
expect_refused prefix-foreign-file "$p/foreign" /usr/bin/valgrind "bin/valgrind exists and is not ours"
expect_refused prefix-own-launcher "$p/self" "$p/self/bin/valgrind" "is the Valgrind launcher this build runs"
expect_accepted prefix-empty "$p/empty" /usr/bin/valgrind
expect_accepted prefix-our-files "$p/ours" /usr/bin/valgrind

# ---- make install into a DESTDIR ------------------------------------------
dest=$work/dest
prefix=$(sed -n 's/^prefix = //p' "$abs_top_builddir/Makefile")
if ! make -s -C "$abs_top_builddir" install DESTDIR="$dest" >"$work/install.log" 2>&1; then
  fail install "make install DESTDIR=... failed:"
  indent 20 <"$work/install.log"
  exit 0
fi
root=$dest$prefix
missing=
for f in bin/valgrind bin/cg_annotate bin/cg_merge bin/cg_diff \
  "libexec/valgrind/cachegrind-$VG_PLATFORM" include/valgrind/cachegrind.h \
  share/man/man1/cachegrind.1 share/man/man1/valgrind-cachegrind.1 share/man/man1/cg_annotate.1 \
  share/man/man1/cg_merge.1 share/man/man1/cg_diff.1; do
  [ -e "$root/$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then fail install-files "not installed:$missing"; else pass install-files; fi

# The launcher runs the configured Valgrind on the configured tool directory.
want="VALGRIND_LIB='$prefix/libexec/valgrind'"
if grep -qx "$want" "$root/bin/valgrind" && [ -x "$root/bin/valgrind" ]; then pass install-launcher
else fail install-launcher "expected the line $want in an executable bin/valgrind:"; indent 10 <"$root/bin/valgrind"; fi

# The installed tool directory works as VALGRIND_LIB: our tool, with the
# system's support files beside it.
if [ ! -x "$VALGRIND" ]; then
  skip install-runs "valgrind not found at $VALGRIND"
else
  (cd "$work" && VALGRIND_LIB="$root/libexec/valgrind" "$VALGRIND" --tool=cachegrind \
    --cachegrind-out-file=installed.out /bin/true) >"$work/run.out" 2>"$work/run.err"
  if [ -s "$work/installed.out" ] && grep -q 'Cachegrind, rebuilt authors' "$work/run.err"; then
    pass install-runs
  else
    fail install-runs "the installed tool did not write a profile, or is not ours:"; indent 10 <"$work/run.err"
  fi
fi

# The opt-in entry for harnesses that run Callgrind: its launcher, and
# --tool=callgrind through it is our tool run as Callgrind.
asg=$root/libexec/cachegrind-rebuilt/callgrind
want="VALGRIND_LIB='$prefix/libexec/cachegrind-rebuilt/callgrind/lib'"
if [ -x "$asg/valgrind" ] && grep -qx "$want" "$asg/valgrind" &&
   [ -e "$asg/lib/callgrind-$VG_PLATFORM" ] && [ -e "$asg/lib/memcheck-$VG_PLATFORM" ]; then
  pass install-as-callgrind-files
else
  fail install-as-callgrind-files "expected $asg/valgrind with the line $want, and lib/ with callgrind-$VG_PLATFORM and the system's tools"
fi
if [ ! -x "$VALGRIND" ]; then
  skip install-as-callgrind-runs "valgrind not found at $VALGRIND"
else
  (cd "$work" && VALGRIND_LIB="$asg/lib" "$VALGRIND" --tool=callgrind \
    --callgrind-out-file=as-callgrind.out /bin/true) >"$work/asg.out" 2>"$work/asg.err"
  if grep -qx 'creator: Cachegrind, rebuilt .*' "$work/as-callgrind.out" 2>/dev/null &&
     grep -qx 'desc: Trigger: Program termination' "$work/as-callgrind.out"; then
    pass install-as-callgrind-runs
  else
    fail install-as-callgrind-runs "--tool=callgrind did not run our tool as Callgrind:"; indent 10 <"$work/asg.err"
  fi
fi

# Uninstalling leaves no file behind.
make -s -C "$abs_top_builddir" uninstall DESTDIR="$dest" >"$work/uninstall.log" 2>&1
left=$(find "$dest" -type f -o -type l | sed "s|^$dest||")
if [ -z "$left" ]; then pass uninstall; else fail uninstall "left behind:"; echo "$left" | indent 10; fi
exit 0
