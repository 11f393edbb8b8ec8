#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fetch-valgrind.sh SUITE DIR: downloads the `valgrind` package of a Debian
# release and unpacks it under DIR (DIR/usr/include/valgrind, DIR/usr/lib/
# <triplet>/valgrind with the core libraries and pkgconfig/valgrind.pc,
# DIR/usr/libexec/valgrind with that release's tools), for
# `./configure --with-valgrind-root=DIR`.  Nothing is installed: apt-get runs
# with a private sources list, package lists and cache (no root needed), and
# checks the archive's signature with Debian's archive keyring.
#
# SUITE is a Debian suite (trixie, sid, unstable, bookworm, ...) or the
# Valgrind release it stands for: 3.24 = trixie, 3.27 = sid, 3.19 = bookworm
# (with a version, the package found must be that release).
#
# The mirror is the system's apt's (scripts/debian-mirror.sh);
# DEBIAN_MIRROR=http://host/debian overrides it.
#
# Idempotent: when DIR already holds a package fetched for SUITE, nothing is
# done.  Remove DIR to fetch again (e.g. when sid moves on).
#
# Exit status: 0 done (or already there); 1 error (e.g. the signature does
# not verify, the package lacks what a build needs); 2 usage; 3 nothing can
# be fetched from here (no network, archive unreachable, not a Debian system
# with apt, no mirror configured).
set -u
me=fetch-valgrind
die() { echo "$me: $*" >&2; exit 1; }
# unreachable MESSAGE: the archive or the package could not be fetched.
unreachable() { echo "$me: $*" >&2; exit 3; }

[ $# -eq 2 ] || { echo "usage: $0 SUITE DIR   (SUITE: trixie|sid|3.24|3.27|any Debian suite)" >&2; exit 2; }
want_version=
case $1 in
  3.19) suite=bookworm want_version=3.19 ;;
  3.24) suite=trixie want_version=3.24 ;;
  3.27) suite=sid want_version=3.27 ;;
  unstable) suite=sid ;;
  [a-z]*) suite=$1 ;;
  *) echo "$me: unknown suite '$1' (trixie, sid, 3.24, 3.27, or a Debian suite name)" >&2; exit 2 ;;
esac
case $suite in *[!a-z0-9-]*) echo "$me: bad suite name '$suite'" >&2; exit 2 ;; esac
dir=$2
case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
stamp=$dir/.fetched

# Already there?
if [ -f "$stamp" ]; then
  got_suite=$(sed -n 's/^suite=//p' "$stamp")
  got_version=$(sed -n 's/^version=//p' "$stamp")
  [ "$got_suite" = "$suite" ] ||
    die "$dir holds the valgrind of '$got_suite', not '$suite': remove it or use another DIR"
  case ${got_version#*:} in
    "$want_version".*) ;;
    *) [ -z "$want_version" ] ||
         die "$dir holds valgrind $got_version from $suite, not $want_version: $suite has moved on; ask for '$suite'" ;;
  esac
  echo "$me: valgrind $got_version ($suite) is already in $dir"
  exit 0
fi
if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
  die "$dir exists but holds no fetched package (no .fetched): remove it or use another DIR"
fi

for t in apt-get apt-cache dpkg-deb; do
  command -v "$t" >/dev/null 2>&1 || unreachable "$t not found: this needs a Debian system (packages apt and dpkg)"
done
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$keyring" ] || unreachable "no $keyring: install the Debian package 'debian-archive-keyring'"
arch=$(dpkg --print-architecture 2>/dev/null) || arch=amd64

# The mirror: the system's apt's, or DEBIAN_MIRROR (debian-mirror.sh).
mirror=$(sh "$(dirname "$0")/debian-mirror.sh" 2>&1) || unreachable "$mirror"

# Private apt state, removed on exit.
tmp=$dir.partial.$$
work=$(mktemp -d "${TMPDIR:-/tmp}/fetch-valgrind.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$work" "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/deb" "$work/none" || die "cannot make $work"
echo "deb [signed-by=$keyring] $mirror $suite main" >"$work/sources.list"
set -- -o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts="$work/none" \
  -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$work/none" \
  -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache" -o Dir::State::status=/dev/null \
  -o APT::Architecture="$arch" -o APT::Architectures="$arch" -o Acquire::Languages=none \
  -o APT::Update::Error-Mode=any -o APT::Default-Release= -o Acquire::Retries=1 \
  -o Acquire::Check-Valid-Until=false
# Check-Valid-Until: a mirror that is a snapshot serves Release files past
# their Valid-Until date (sid's expires within days).  The signature is still
# verified; only the freshness check, which guards a live system against
# stale updates, is not wanted for fetching one package to test against.
# As root, apt would hand the downloads to the _apt user, who cannot write
# into this private directory.
[ "$(id -u)" -eq 0 ] && set -- "$@" -o APT::Sandbox::User=root

echo "$me: reading the package list of $suite from $mirror"
if ! apt-get "$@" update >"$work/update.log" 2>&1 ||
   grep -q '^\(E:\|W: Failed\|Err:\)' "$work/update.log"; then
  sed 's/^/    /' "$work/update.log" | tail -n 8 >&2
  if grep -q 'NO_PUBKEY\|EXPKEYSIG\|is not signed\|BADSIG' "$work/update.log"; then
    die "the signature of $suite's Release file does not verify with $keyring (a newer debian-archive-keyring may be needed)"
  fi
  unreachable "cannot read $suite's package list from $mirror (no network, or the archive is unreachable)"
fi
# candidate APT-OPTIONS...: the version of $pkg apt would download, or nothing.
candidate() {
  apt-cache "$@" policy "$pkg" 2>/dev/null | sed -n -e '/^ *Candidate: *(none)/d' -e 's/^ *Candidate: *//p'
}
pkg=valgrind version=$(candidate "$@")
[ -n "$version" ] || die "$suite has no package 'valgrind' for $arch"
case ${version#*:} in
  "$want_version".*) ;;
  *) [ -z "$want_version" ] || die "$suite now has valgrind $version, not $want_version: ask for '$suite'" ;;
esac
pkgs=valgrind
# Debian ships the tool headers, valgrind.pc and the core libraries in the
# `valgrind` package itself; take a -dev package as well should one appear.
pkg=valgrind-dev
[ -n "$(candidate "$@")" ] && pkgs="$pkgs valgrind-dev"

echo "$me: downloading $pkgs $version"
if ! (cd "$work/deb" && apt-get "$@" download $pkgs) >"$work/download.log" 2>&1; then
  sed 's/^/    /' "$work/download.log" | tail -n 8 >&2
  unreachable "could not download $pkgs from $mirror"
fi

rm -rf "$tmp"
mkdir -p "$tmp" || die "cannot create $tmp"
for deb in "$work"/deb/*.deb; do
  dpkg-deb -x "$deb" "$tmp" || { rm -rf "$tmp"; die "could not unpack $deb"; }
done
# What --with-valgrind-root needs.
for want in usr/include/valgrind/pub_tool_tooliface.h usr/libexec/valgrind/cachegrind-*; do
  set -- "$tmp"/$want
  [ -e "$1" ] || { rm -rf "$tmp"; die "the package lacks $want"; }
done
set -- "$tmp"/usr/lib/*/pkgconfig/valgrind.pc "$tmp"/usr/lib/*/valgrind/libcoregrind-*.a
if [ ! -e "$1" ] || [ ! -e "$2" ]; then
  rm -rf "$tmp"
  die "the package lacks valgrind.pc or the core libraries"
fi
printf 'suite=%s\nversion=%s\nmirror=%s\n' "$suite" "$version" "$mirror" >"$tmp/.fetched"
[ -d "$dir" ] && rmdir "$dir"
mv "$tmp" "$dir" || { rm -rf "$tmp"; die "cannot move $tmp to $dir"; }
echo "$me: valgrind $version ($suite) is in $dir"
