#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/faults/run.sh: the tool's output when writing fails, and many
# processes writing at once.
#
# * fsize-limit: under `ulimit -f`, writing the profile fails with EFBIG (the
#   tool must not die of SIGXFSZ): the error message, no file under the final
#   name, and the client's exit status unchanged.
# * full-fs: the same on a file system with no room (a 64 KiB tmpfs, mounted
#   in a private mount namespace with `unshare -m` or, as root, directly; the
#   case is skipped where neither is allowed).
# * concurrent-100: 100 processes writing cachegrind.out.%p files into one
#   directory at once: 100 complete profiles.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
tool=$abs_top_builddir/tool/cachegrind-$VG_PLATFORM
names="fsize-limit full-fs concurrent-100"
if [ ! -x "$VALGRIND" ]; then
  for n in $names; do skip "$n" "valgrind not found at $VALGRIND"; done
  exit 0
fi
if [ ! -f "$tool" ]; then
  for n in $names; do fail "$n" "our tool is not built: $tool"; done
  exit 0
fi
work=$(pwd)/out
rm -rf "$work" && vg_links "$work/vglib" || exit 2
ln -sf "$tool" "$work/vglib/cgours-$VG_PLATFORM"
# A program with a profile of some kilobytes: sort from coreutils.
prog=/usr/bin/sort
printf '%s\n' c b a >"$work/in.txt"
vg() { VALGRIND_LIB="$work/vglib" "$VALGRIND" --tool=cgours --cache-sim=yes "$@"; }

# --- fsize-limit --------------------------------------------------------
d=$work/fsize && mkdir -p "$d"
(cd "$d" && ulimit -f 2 && vg --cachegrind-out-file="$d/cg.out" "$prog" "$work/in.txt") \
  >"$d/stdout" 2>"$d/stderr"
rc=$?
why=
[ "$rc" -eq 0 ] || why="exit status $rc, expected the client's 0"
grep -q "error: can't write output data file '$d/cg.out'" "$d/stderr" || why="$why; no error message"
[ -e "$d/cg.out" ] && why="$why; a truncated cg.out was left"
[ -n "$(ls "$d" | grep -v '^std')" ] && why="$why; files left: $(ls "$d" | tr '\n' ' ')"
[ "$(cat "$d/stdout")" = "$(printf 'a\nb\nc')" ] || why="$why; the client's output changed"
if [ -z "$why" ]; then pass fsize-limit; else fail fsize-limit "$why"; indent 5 <"$d/stderr"; fi

# --- full-fs ------------------------------------------------------------
d=$work/fullfs && mkdir -p "$d/mnt"
cat >"$d/inner.sh" <<INNER
mount -t tmpfs -o size=64k tmpfs "$d/mnt" || exit 77
# Fill it up, leaving no room for the profile.
dd if=/dev/zero of="$d/mnt/filler" bs=4k 2>/dev/null
VALGRIND_LIB="$work/vglib" "$VALGRIND" --tool=cgours --cache-sim=yes \
  --cachegrind-out-file="$d/mnt/cg.out" "$prog" "$work/in.txt" >"$d/stdout" 2>"$d/stderr"
echo \$? >"$d/status"
ls "$d/mnt" >"$d/listing"
umount "$d/mnt"
INNER
if command -v unshare >/dev/null 2>&1 && unshare -m true 2>/dev/null; then
  unshare -m sh "$d/inner.sh"
  rc=$?
elif [ "$(id -u)" = 0 ]; then
  sh "$d/inner.sh"
  rc=$?
else
  rc=77
fi
if [ "$rc" = 77 ]; then
  skip full-fs "this machine allows no tmpfs mount here (no unshare -m, not root)"
else
  why=
  [ "$(cat "$d/status" 2>/dev/null)" = 0 ] || why="exit status $(cat "$d/status" 2>/dev/null), expected 0"
  grep -q "error: can't write output data file\|error: can't open output data file" "$d/stderr" ||
    why="$why; no error message"
  grep -qx 'cg.out' "$d/listing" && why="$why; a truncated cg.out was left"
  if [ -z "$why" ]; then pass full-fs; else fail full-fs "$why"; indent 5 <"$d/stderr"; fi
fi

# --- concurrent-100 -----------------------------------------------------
d=$work/many && mkdir -p "$d"
i=0
while [ $i -lt 100 ]; do
  (cd "$d" && VALGRIND_LIB="$work/vglib" "$VALGRIND" -q --tool=cgours --cache-sim=no \
    --cachegrind-out-file="$d/cachegrind.out.%p" /bin/true) 2>>"$d/stderr" &
  i=$((i + 1))
done
wait
n=$(ls "$d" | grep -c '^cachegrind\.out\.')
bad=0
for f in "$d"/cachegrind.out.*; do
  "$abs_top_builddir/post/cg_annotate" --no-annotate "$f" >/dev/null 2>&1 || bad=$((bad + 1))
done
if [ "$n" -eq 100 ] && [ "$bad" -eq 0 ] && [ ! -s "$d/stderr" ]; then pass concurrent-100
else fail concurrent-100 "$n profiles, $bad unreadable, stderr:"; indent 5 <"$d/stderr"; fi
exit 0
