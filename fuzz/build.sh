#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz/build.sh: `make fuzz`: builds every libFuzzer target as
# fuzz-TARGET in the current directory, with the library sources compiled
# for coverage and AddressSanitizer + UndefinedBehaviorSanitizer.
# Environment (set by fuzz/Makefile): FUZZ_CC, top_srcdir, PACKAGE_VERSION,
# PCRE2_CFLAGS, PCRE2_LIBS, DWARF_CFLAGS, DWARF_LIBS (post/dwarf's libdw
# and libiberty: the library's objects are linked whole, not from an
# archive, so the DWARF reader comes too), FUZZ_TARGETS, POST_CPPFLAGS (the
# library's include folders).
set -eu
: "${FUZZ_CC:?}" "${top_srcdir:?}" "${FUZZ_TARGETS:?}" "${POST_CPPFLAGS:?}"
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-g -O1 -fno-omit-frame-pointer -Wall -Wextra $san -D_GNU_SOURCE -DPACKAGE_VERSION=\"${PACKAGE_VERSION:?}\" ${PCRE2_CFLAGS:-} ${DWARF_CFLAGS:-}
  $POST_CPPFLAGS -I$top_srcdir/sim -I$top_srcdir/fuzz"
mkdir -p obj
objs=
cc() { # SRC OBJ EXTRA-FLAGS
  echo "  FUZZCC   $2"
  # shellcheck disable=SC2086
  $FUZZ_CC $cflags $3 -c "$1" -o "$2"
}
# The library: every source of post/'s folders but the three programs'
# mains, and the simulator.  -fsanitize=fuzzer-no-link gives them coverage
# feedback.
for f in "$top_srcdir"/post/*/*.c "$top_srcdir"/sim/cache.c "$top_srcdir"/sim/cacheconf.c; do
  case $f in */cg_annotate.c|*/cg_merge.c|*/cg_diff.c) continue ;; esac
  o=obj/lib-$(basename "$f" .c).o
  cc "$f" "$o" -fsanitize=fuzzer-no-link
  objs="$objs $o"
done
for f in common profiles; do
  cc "$top_srcdir/fuzz/$f.c" "obj/$f.o" -fsanitize=fuzzer-no-link
  objs="$objs obj/$f.o"
done
for t in $FUZZ_TARGETS; do
  cc "$top_srcdir/fuzz/$t.c" "obj/$t.o" -fsanitize=fuzzer-no-link
  echo "  FUZZLD   fuzz-$t"
  # shellcheck disable=SC2086
  $FUZZ_CC $san -fsanitize=fuzzer -o "fuzz-$t" "obj/$t.o" $objs ${PCRE2_LIBS:-} ${DWARF_LIBS:-} -lm
done
