#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/package/run.sh: the Debian package (debian/), built from this tree
# and lived through on a new Debian root, never on this machine: installing
# it diverts the system's Cachegrind, which the tool suites use as their
# oracle.
#
# 1. The tree as it would be shipped (make distdir) is built twice with
#    dpkg-buildpackage: at its version (source and binary) and at VERSION~prev
#    (binary), the older package the upgrade starts from.
# 2. lintian on this version's .changes (the source and the binary): no
#    error and no warning (debian/*lintian-overrides say why for the rest).
# 3. A minimal root of this machine's Debian release (debootstrap, from the
#    archive this machine's apt uses; built while the packages build), with
#    the packages and the source tree in /life, entered in a private mount
#    and PID namespace, where lifecycle.sh installs, upgrades, profiles,
#    removes and purges (see there).  The root is deleted afterwards; its
#    log is kept as out/life.log.
#
# Needs root (debootstrap, chroot) and Debian's packaging tools
# (scripts/install-deps.sh --tests installs them); skips without them, and
# fails under CI=true, which must have them.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
work=$(pwd)/out
rm -rf "$work" && mkdir -p "$work" || exit 2

if [ "$(id -u)" != 0 ]; then
  missing package "needs root: it builds a Debian root with debootstrap and enters it"
  exit 0
fi
missing=
for c in dpkg-buildpackage dh lintian debootstrap unshare chroot; do
  command -v "$c" >/dev/null 2>&1 || missing="$missing $c"
done
if [ -n "$missing" ]; then
  missing package "no$missing (sh scripts/install-deps.sh --tests installs them)"
  exit 0
fi
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
if [ -z "$codename" ] || [ ! -r "/usr/share/debootstrap/scripts/$codename" ]; then
  missing package "not a Debian release debootstrap knows ('$codename' from /etc/os-release)"
  exit 0
fi
if ! mirror=$(sh "$abs_top_srcdir/scripts/debian-mirror.sh" 2>&1); then
  missing package "$mirror"
  exit 0
fi

# --- the new root, made while the packages build -------------------------------
root=$work/root
(debootstrap --variant=minbase "$codename" "$root" "$mirror" >"$work/debootstrap.log" 2>&1
  echo $? >"$work/debootstrap.rc") &
boot=$!

# --- build both versions ----------------------------------------------------------
version=$(sh "$abs_top_srcdir/scripts/version.sh")
name=cachegrind-rebuilt
rel=${work#"$(cd "$abs_top_builddir" && pwd)"/}
mkdir -p "$work/cur" "$work/prev" || exit 2
if ! make -s -C "$abs_top_builddir" distdir distdir="$rel/src" >"$work/distdir.log" 2>&1; then
  fail package/build "make distdir failed:"
  indent <"$work/distdir.log"
  wait $boot
  exit 0
fi
cp -a "$work/src" "$work/cur/$name-$version" && cp -a "$work/src" "$work/prev/$name-$version~prev" || exit 2
sed -i "1s/($version)/($version~prev)/" "$work/prev/$name-$version~prev/debian/changelog"

# build DIR DPKG-BUILDPACKAGE-OPTION...: one build; its log is DIR.log.
build() {
  _d=$1
  shift
  (cd "$_d" && DEB_BUILD_OPTIONS="parallel=$(nproc)" dpkg-buildpackage -us -uc "$@") >"$_d.log" 2>&1 && return 0
  fail package/build "dpkg-buildpackage $* in out/${_d#"$work"/} failed; the log's last lines:"
  tail -n 20 "$_d.log" | indent
  return 1
}
deb_of() { ls "$1"/${name}_*_amd64.deb 2>/dev/null | head -n 1; }
if ! build "$work/cur/$name-$version" || ! build "$work/prev/$name-$version~prev" -b; then
  wait $boot
  exit 0
fi
cur=$(deb_of "$work/cur") prev=$(deb_of "$work/prev")
if [ -z "$cur" ] || [ -z "$prev" ]; then
  fail package/build "no .deb: $(ls "$work/cur" "$work/prev" | tr '\n' ' ')"
  wait $boot
  exit 0
fi
pass package/build

# --- lintian ---------------------------------------------------------------
if lintian --fail-on error,warning --info "$work"/cur/*.changes >"$work/lintian.log" 2>&1; then
  pass package/lintian
else
  fail package/lintian "lintian on the .changes (the source and the binary):"
  grep -E '^[EW]: ' "$work/lintian.log" | sort -u | indent 40
fi

# --- the package's life on the new root -------------------------------------------
wait $boot
if [ "$(cat "$work/debootstrap.rc" 2>/dev/null)" != 0 ]; then
  # Without the archive there is no root (a machine off line).
  missing package/root "debootstrap $codename from $mirror failed (out/debootstrap.log)"
  tail -n 10 "$work/debootstrap.log" | indent
  rm -rf "$root"
  exit 0
fi
mkdir -p "$root/life" || exit 2
cp "$cur" "$root/life/cur.deb" && cp "$prev" "$root/life/prev.deb" &&
  cp -a "$work/src" "$root/life/src" && cp "$abs_top_srcdir/tests/package/lifecycle.sh" "$root/life/" &&
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" || exit 2
# A private mount namespace: proc, /dev and /sys are mounted for the root
# there and vanish with it, whatever happens to this script.  Making the
# new namespace's mounts private fails where / is not a mount point (this
# suite run in a chroot, as by fresh-machine); there it is enough that no
# mount here propagates to another namespace (no "shared:" mount).
if unshare --mount --propagation private true 2>/dev/null; then
  propagation=private
elif ! grep -q ' shared:' /proc/self/mountinfo; then
  propagation=unchanged
else
  fail package/life "cannot make a private mount namespace (unshare --propagation private fails and some mounts are shared)"
  rm -rf "$root"
  exit 0
fi
timeout -k 30 1200 unshare --mount --pid --fork --propagation $propagation sh -c '
  r=$1
  mount -t proc proc "$r/proc" && mount --bind /dev "$r/dev" && mount --bind /dev/pts "$r/dev/pts" &&
    mount --bind /sys "$r/sys" || exit 2
  exec chroot "$r" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 /bin/sh /life/lifecycle.sh /life "tests/package/out/life.log"' sh "$root" >"$work/life.out" 2>&1
rc=$?
cp "$root/life/life.log" "$work/life.log" 2>/dev/null
grep -E '^(PASS|FAIL|SKIP): |^    ' "$work/life.out"
if [ $rc -ne 0 ] || ! grep -q '^PASS: package/purge$' "$work/life.out"; then
  grep -q '^FAIL: ' "$work/life.out" || {
    fail package/life "lifecycle.sh stopped (status $rc) before the end:"
    grep -vE '^(PASS|FAIL|SKIP): |^    ' "$work/life.out" | tail -n 10 | indent
  }
fi
rm -rf "$root"
