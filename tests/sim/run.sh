#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/sim/run.sh: runs the sim unit-test binaries built by `make check` (cwd
# is the build dir) and checks that sim/ builds freestanding with tool flags.
set -u
srcdir="$abs_top_srcdir/sim"
status=0

for t in test_cache test_branch test_cacheconf; do
  if [ ! -x "./$t" ]; then
    echo "FAIL: $t (not built: run 'make check' in tests/sim first)"
    status=1
    continue
  fi
  out=$(./$t 2>&1)
  rc=$?
  printf '%s\n' "$out"
  if [ "$rc" -ne 0 ]; then
    status=1
    # A crash or exit without a FAIL line must still show up as a failure.
    printf '%s\n' "$out" | grep -q '^FAIL: ' || echo "FAIL: $t (exit status $rc)"
  fi
done

# sim/ is also compiled into the tool, which has no libc: only stdint.h and
# stddef.h may be included, and the objects may need no symbol except the
# memset/memcpy/memmove that the Valgrind core itself provides for the
# compiler's own use.
name=sim/freestanding_includes
bad=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "$srcdir"/*.c "$srcdir"/*.h |
      grep -v -e '<stdint\.h>' -e '<stddef\.h>')
if [ -z "$bad" ]; then echo "PASS: $name"; else
  echo "FAIL: $name"; printf '%s\n' "$bad" | sed 's/^/    # /'; status=1; fi

name=sim/freestanding_objects
cc=${CC:-cc}
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "SKIP: $name (no C compiler '$cc')"
else
  tmp=$(mktemp -d) || exit 2
  log=""
  for f in "$srcdir"/*.c; do
    o="$tmp/$(basename "$f" .c).o"
    if ! msg=$("$cc" -m64 -O2 -g -Wall -Wextra -Werror \
        -fno-strict-aliasing -fno-builtin -fno-stack-protector -fno-pie -fno-pic \
        -DVGA_amd64=1 -I"$srcdir" -c "$f" -o "$o" 2>&1); then
      log="$log$f: compile failed
$msg
"
      continue
    fi
    und=$(nm -u "$o" | awk '{print $NF}' | grep -v -x -e memset -e memcpy -e memmove)
    [ -n "$und" ] && log="$log$f needs: $(echo $und)
"
  done
  rm -rf "$tmp"
  if [ -z "$log" ]; then echo "PASS: $name"; else
    echo "FAIL: $name"; printf '%s' "$log" | sed 's/^/    # /'; status=1; fi
fi

exit $status
