#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/package/lifecycle.sh DIR [LOG-NAME]: the Debian package's life on a fresh
# Debian root, run inside that root as root by tests/package/run.sh (never on
# a machine of value: it installs, diverts and purges).  DIR holds prev.deb
# and cur.deb (the package at an older version and at this one, built from
# the same tree) and src/ (the source tree, for the autopkgtest).  Every
# step's output goes to DIR/life.log, which a failure names as LOG-NAME.
#
# The life: Debian's valgrind is installed first, as on a user's machine, and
# its files are recorded (list and SHA-256) with the whole root's file list;
# then install the previous package, upgrade to this one, profile (ours
# equal to the diverted upstream tool, the autopkgtest too), use the
# system's other tools, see what apt would do with a newer valgrind (hold
# it back; remove ours to take it), remove, install again, purge.  While installed,
# `dpkg --verify valgrind` is clean and valgrind's other files are
# untouched; after removal and after purge every valgrind file is back byte
# for byte and no file of ours is left.
#
# Prints the tests/run-tests.sh protocol's PASS/FAIL lines, named
# package/CASE; the first failing step ends the life (later steps would only
# report its consequences).
set -u
dir=${1:?usage: lifecycle.sh DIR}
cd "$dir" || exit 2
pkg=cachegrind-rebuilt
export DEBIAN_FRONTEND=noninteractive
log=$dir/life.log
shown=${2:-$log}
: >"$log"
pass() { echo "PASS: package/$1"; }
fail() {
  _n=$1
  shift
  echo "FAIL: package/$_n"
  for _l in "$@"; do printf '%s\n' "$_l" | sed 's/^/    /'; done
  echo "    (every step's output: $shown)"
  exit 0
}
# step NAME CMD...: runs CMD with its output in the log; a failure ends the life.
step() {
  _n=$1
  shift
  echo "== $_n: $*" >>"$log"
  "$@" >>"$log" 2>&1 || fail "$_n" "'$*' failed; its last lines:" "$(tail -n 8 "$log" | sed 's/^/  /')"
}
apt_get() { apt-get -y -q -o Dpkg::Use-Pty=0 --no-install-recommends "$@"; }

# The files of the valgrind package with their checksums, read where dpkg
# has them now (a diverted file under its new name), so two records compare
# byte for byte whatever is diverted.
# A few processes for the ~300 files (a dpkg-divert and a sha256sum per file
# took some 1,500 process starts a record): the diversions listed once, the
# files checksummed by one sha256sum under their true names.
valgrind_files() {
  dpkg-divert --list | sed -n 's/^\(local \)\{0,1\}diversion of \([^ ]*\) to \([^ ]*\).*/\2 \3/p' >"$dir/vg.divs"
  dpkg-query -L valgrind | while read -r f; do
    [ -f "$f" ] && [ ! -h "$f" ] && printf '%s\n' "$f"
  done | awk 'NR == FNR { to[$1] = $2; next } { print $0, ($0 in to ? to[$0] : $0) }' "$dir/vg.divs" - >"$dir/vg.map"
  cut -d' ' -f2 "$dir/vg.map" | xargs -r sha256sum >"$dir/vg.sums"
  awk 'NR == FNR { sum[$2] = $1; next } { print $1, sum[$2] }' "$dir/vg.sums" "$dir/vg.map" | sort
}
# Every file and link of the root outside the package manager's state, logs
# and caches (Python's bytecode among them, written when autopkgtest runs):
# what a package may leave behind.
root_files() {
  find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp -o -path /run \
    -o -path /var/cache -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/log \
    -o -path /root -o -path "$dir" -o -name __pycache__ \) -prune -o ! -type d -print | sort
}
diversions() { dpkg-divert --list "$pkg" | sort; }
verify_valgrind() {
  out=$(dpkg --verify valgrind 2>&1)
  [ -z "$out" ] || fail "$1" "dpkg --verify valgrind is not clean:" "$out"
}

# --- the machine before: Debian's valgrind and a compiler -------------------
step setup apt-get -q update
# autopkgtest too, which runs the package's own test later, and dpkg-dev,
# which it installs to read a source tree: their files are then part of the
# record of the machine before.
step setup apt_get install valgrind gcc libc6-dev autopkgtest dpkg-dev
valgrind_files >valgrind.before
root_files >files.before
verify_valgrind setup
pass setup

# --- install the previous version, then upgrade ------------------------------
prev=$(dpkg-deb -f prev.deb Version)
cur=$(dpkg-deb -f cur.deb Version)
step install apt_get install ./prev.deb
[ "$(dpkg-query -W -f='${Version}' $pkg)" = "$prev" ] || fail install "not at version $prev after installing it"
# Every line of the package's diversions list that this valgrind owns.
diversions >diversions.prev
[ -s diversions.prev ] || fail install "no diversions after installing"
valgrind --tool=cachegrind --help 2>&1 | grep -q "Cachegrind, rebuilt $prev" ||
  fail install "valgrind --tool=cachegrind is not version $prev of ours"
pass install

step upgrade apt_get install ./cur.deb
[ "$(dpkg-query -W -f='${Version}' $pkg)" = "$cur" ] || fail upgrade "not at version $cur after the upgrade"
diversions >diversions.cur
cmp -s diversions.prev diversions.cur || fail upgrade "the diversions changed:" "$(diff diversions.prev diversions.cur)"
valgrind --tool=cachegrind --help 2>&1 | grep -q "Cachegrind, rebuilt $cur" ||
  fail upgrade "valgrind --tool=cachegrind is not version $cur of ours"
pass upgrade

# --- while installed -----------------------------------------------------------
# Each diverted file of valgrind's is where the list says, unchanged.
valgrind_files >valgrind.installed
cmp -s valgrind.before valgrind.installed ||
  fail installed-valgrind-files "valgrind's files changed:" "$(diff valgrind.before valgrind.installed | head -n 10)"
verify_valgrind installed-valgrind-files
while read -r line; do
  to=$(echo "$line" | sed -n 's/^diversion of \(.*\) to \(.*\) by .*/\2/p')
  [ -f "$to" ] || fail installed-valgrind-files "no $to ($line)"
done <diversions.cur
pass installed-valgrind-files

# Ours under the system's names, Valgrind's own under the -upstream names.
for p in cg_annotate cg_merge cg_diff; do
  $p --version 2>&1 | grep -q "(Cachegrind, rebuilt) $cur" || fail installed-programs "$p is not ours"
  [ -x /usr/bin/$p-upstream ] || fail installed-programs "no /usr/bin/$p-upstream"
  [ -f /usr/share/man/man1/$p.1.gz ] && [ -f /usr/share/man/man1/$p-upstream.1.gz ] ||
    fail installed-programs "the manual pages of $p are not both there"
done
grep -q 'CACHEGRIND_START_INSTRUMENTATION' /usr/include/valgrind/cachegrind.h ||
  fail installed-programs "no cachegrind.h"
pass installed-programs

# The exactness check, as the autopkgtest makes it; then by autopkgtest.
step exactness sh src/debian/tests/exactness
pass exactness
step autopkgtest autopkgtest --no-built-binaries --output-dir "$dir/autopkgtest" src/ -- null
pass autopkgtest

# Valgrind's own tools, the 32-bit ones among them, and its readers.
cat >hello.c <<'EOF'
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
EOF
step other-tools gcc -g -o hello hello.c
step other-tools valgrind -q --tool=memcheck --error-exitcode=9 ./hello
step other-tools valgrind -q --tool=callgrind --callgrind-out-file=cg.out ./hello
step other-tools callgrind_annotate cg.out
step other-tools valgrind -q --tool=massif --massif-out-file=ms.out ./hello
step other-tools ms_print ms.out
step other-tools valgrind -q --tool=cachegrind-upstream --cachegrind-out-file=up.out ./hello
step other-tools cg_annotate-upstream up.out
grep -q '^creator: callgrind-' cg.out || fail other-tools "--tool=callgrind did not write Callgrind's file"
for t in memcheck cachegrind callgrind; do
  [ -f /usr/libexec/valgrind/$t-x86-linux ] || fail other-tools "no /usr/libexec/valgrind/$t-x86-linux"
done
# Ours reads the upstream file too, and the Callgrind entry runs ours.
step other-tools cg_annotate up.out
step other-tools /usr/libexec/$pkg/callgrind/valgrind -q --tool=callgrind --callgrind-out-file=entry.out ./hello
grep -q '^# callgrind format' entry.out && grep -q '^creator: Cachegrind, rebuilt' entry.out ||
  fail other-tools "the Callgrind entry did not write our Callgrind-format file"
pass other-tools

# --- the exact pin: the next valgrind is held back, and taking it removes ours --
# A stand-in for it (an empty package of a higher version) in a repository
# of its own, which only a private apt configuration reads: the system's
# lists and caches are untouched, and nothing is installed (apt-get -s).
mkdir -p pin/fake/DEBIAN pin/lists/partial pin/parts
cat >pin/fake/DEBIAN/control <<EOF
Package: valgrind
Version: $(dpkg-query -W -f='${Version}' valgrind)+newer
Architecture: amd64
Maintainer: tests <tests@example.org>
Description: a stand-in for the next valgrind (never installed)
EOF
step pin dpkg-deb -b pin/fake pin/valgrind-newer.deb
(cd pin && dpkg-scanpackages . /dev/null >Packages 2>>"$log")
echo "deb [trusted=yes] file:$dir/pin ./" >pin/sources.list
pin_apt() {
  apt-get -q -o Dir::Etc::SourceList="$dir/pin/sources.list" -o Dir::Etc::SourceParts="$dir/pin/parts" \
    -o Dir::State::Lists="$dir/pin/lists" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= "$@"
}
step pin pin_apt update
# apt's words differ between releases ("kept back", "Not upgrading"); its
# simulation's Inst and Remv lines do not.
pin_apt -s install valgrind >pin/install 2>&1
grep -q "^Remv $pkg " pin/install && grep -q '^Inst valgrind ' pin/install ||
  fail pin "apt-get install valgrind does not remove $pkg to take the newer valgrind:" "$(cat pin/install)"
pin_apt -s upgrade >pin/upgrade 2>&1
# Held back: named (as kept back), neither installed nor anything removed.
if grep -q '^Inst valgrind ' pin/upgrade || grep -q '^Remv ' pin/upgrade || ! grep -q valgrind pin/upgrade; then
  fail pin "apt-get upgrade does not keep the newer valgrind back:" "$(cat pin/upgrade)"
fi
pass pin

# --- remove: valgrind's files back where they were ------------------------------
step remove apt_get remove $pkg
[ -z "$(diversions)" ] || fail remove "diversions left:" "$(diversions)"
valgrind_files >valgrind.removed
cmp -s valgrind.before valgrind.removed ||
  fail remove "valgrind's files differ:" "$(diff valgrind.before valgrind.removed | head -n 10)"
verify_valgrind remove
valgrind --tool=cachegrind --help 2>&1 | grep -q 'Cachegrind, rebuilt' && fail remove "ours still runs"
pass remove

# --- install again and purge: nothing of ours left ---------------------------
step purge apt_get install ./cur.deb
step purge apt_get purge --autoremove $pkg
[ -z "$(diversions)" ] || fail purge "diversions left:" "$(diversions)"
valgrind_files >valgrind.purged
cmp -s valgrind.before valgrind.purged ||
  fail purge "valgrind's files differ:" "$(diff valgrind.before valgrind.purged | head -n 10)"
verify_valgrind purge
root_files >files.purged
cmp -s files.before files.purged || fail purge "files differ from before the install:" \
  "$(diff files.before files.purged | head -n 20)"
dpkg-query -W $pkg >/dev/null 2>&1 && fail purge "dpkg still knows $pkg"
pass purge
