#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/inline/run.sh: the inline-chain resolver (post/dwarf/dwarf-inline.h)
# against the independent oracle, binutils' `addr2line -i -f -C`.  Each
# program of progs/ is built here, and for every instruction address that
# `objdump -d` shows in it (all its code sections: .init, .plt, .text, ...)
# the driver inline-chain must print exactly what addr2line prints, one run
# of each over the same addresses in the same order:
#
#   inline/c        C at -O2 -g: static inline helpers, one inlined in many
#                   places, a recursive function partly inlined into itself
#   inline/cxx      C++ at -O2 -g: std::sort with a lambda, iterators, a
#                   class's accessors in a namespace, templates, a function
#                   inlined three times and called out of line once
#   inline/rust     Rust with Debian's rustc (/usr/bin/rustc -O -g): iterator
#                   chains, closures, a HashMap, std inlined into our code,
#                   and std's own code with it (tens of thousands of addresses)
#   inline/lto      C built with -flto: functions inlined across files, whose
#                   origins are in other compilation units (DW_FORM_ref_addr)
#   inline/steady   the steady mode (--steady) on the C++ program: the same
#                   levels, files and lines as addr2line, and the same answer
#                   for each address when the addresses are asked in reverse
#   inline/no-debug an object without DWARF is refused with a clear message
#   inline/unreadable  so are a missing file and a file that is not ELF
#   inline/outside  addresses in no function (in no section, in .plt, in
#                   .rodata) have 0 levels, where addr2line prints ?? / ??:0
#   inline/debuglink   the C++ program with its DWARF split off as Debian's
#                   -dbgsym packages do it (objcopy --only-keep-debug, strip
#                   --strip-debug, objcopy --add-gnu-debuglink) into the
#                   .debug/ subdirectory, found by its .gnu_debuglink past a
#                   decoy of the same name with another CRC in the object's
#                   own directory, the first place binutils looks
#   inline/build-id the C++ program stripped of everything, symbols too
#                   (strip --strip-all), its debug file found by build ID
#                   alone as .build-id/NN/NNN...debug under ./.debug/, past
#                   a decoy with another build ID under ./: the current
#                   directory is the root binutils tries first and the one
#                   a test can move without root (/usr/lib/debug's: libc)
#   inline/build-id-cwd  that root is the current directory, not the
#                   object's: from elsewhere neither finds the debug file
#   inline/debuglink-crc  a debuglink's file whose CRC is not the link's is
#                   not read: addr2line knows no line, ours refuses
#   inline/libc     the C library with libc6-dbg's debug file, found by build
#                   ID in /usr/lib/debug/.build-id: every instruction address
#                   (SKIP without libc6-dbg)
#   inline/profile-* the profiles of these programs against the oracles:
#                   profiles.sh (also run against other releases by
#                   tests/release.sh)
#
# After a PASS a `#` line says how many addresses were compared.  Runs in
# the build directory (tests/inline); everything goes to out/.
#
# The oracle is `addr2line`, or the program ADDR2LINE names (another
# binutils release's, e.g. one unpacked from another Debian release's
# packages); its release, the last word of its `--version` line, is passed
# to the driver (--binutils=2.40), whose one-run answers are that release's
# where releases differ (post/dwarf/dwarf-inline.h, cg_binutils; a release
# the resolver does not know is answered as the newest known one, and the
# comparison shows what differs).  With ADDR2LINE the profile cases are run
# with it too, as `addr2line` first in PATH.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
src=$abs_top_srcdir/tests/inline
work=$(pwd)/out
names="inline/c inline/cxx inline/rust inline/lto inline/steady inline/no-debug inline/unreadable inline/outside
inline/debuglink inline/build-id inline/build-id-cwd inline/debuglink-crc inline/libc"
rm -rf "$work" && mkdir -p "$work" || exit 2

# The driver: made by `make check`, or here when the suite runs alone.
drv=$(pwd)/inline-chain
if [ -f Makefile ] && ! ${MAKE:-make} -s inline-chain >"$work/make.log" 2>&1; then
  for n in $names; do fail "$n" "the driver does not build:" "$(tail -5 "$work/make.log")"; done
  sh "$src/profiles.sh"
  exit 0
fi
if [ ! -x "$drv" ]; then
  for n in $names; do skip_ours "$n" "no driver $drv: run 'make check' in tests/inline"; done
  sh "$src/profiles.sh"
  exit 0
fi
a2l=${ADDR2LINE:-addr2line}
for t in "$a2l" objdump readelf objcopy strip; do
  if ! command -v "$t" >/dev/null 2>&1; then
    for n in $names; do missing "$n" "no $t (Debian package binutils)"; done
    exit 0
  fi
done
a2l=$(command -v "$a2l")
binutils=$("$a2l" --version 2>/dev/null | awk 'NR == 1 { print $NF }')
echo "# inline: the oracle is $a2l, binutils ${binutils:-of no known release}"
cd "$work" || exit 2

# addrs BIN: every instruction address objdump shows in BIN, one a line.
addrs() {
  objdump -d --no-show-raw-insn "$1" | awk '/^ *[0-9a-f]+:\t/ { sub(":", "", $1); print "0x" $1 }'
}

# compare NAME BIN: the driver against addr2line on all of BIN's addresses.
compare() {
  addrs "$2" >"$2.addrs"
  _n=$(wc -l <"$2.addrs")
  if [ "$_n" -eq 0 ]; then
    fail "$1" "objdump shows no instruction in $2"
    return
  fi
  "$a2l" -a -i -f -C -e "$2" <"$2.addrs" >"$2.a2l" 2>"$2.a2l.err"
  if ! "$drv" --binutils="$binutils" -a "$2" <"$2.addrs" >"$2.ours" 2>"$2.ours.err"; then
    fail "$1" "the driver failed: $(head -3 "$2.ours.err")"
    return
  fi
  if cmp -s "$2.a2l" "$2.ours"; then
    pass "$1"
    echo "# $1: $_n addresses, $(grep -vc '^0x' "$2.a2l") lines besides them, identical"
  else
    fail "$1" "differs from addr2line -i -f -C on $_n addresses ($(diff "$2.a2l" "$2.ours" |
      grep -c '^<') lines of addr2line's); the first differences (< addr2line, > ours):"
    diff "$2.a2l" "$2.ours" | indent 30
  fi
}

# build NAME OUT COMMAND...: builds a program, or FAILs NAME.
build() {
  _name=$1 _out=$2
  shift 2
  if ! "$@" -o "$_out" >"$_out.build.log" 2>&1; then
    fail "$_name" "cannot build $_out: $*" "$(head -5 "$_out.build.log")"
    return 1
  fi
}

p=$src/progs
if build inline/c c gcc -O2 -g "$p/inl-c.c"; then compare inline/c c; fi

cxx_built=false
if ! command -v g++ >/dev/null 2>&1; then
  missing inline/cxx "no g++ (Debian package g++)"
elif build inline/cxx cxx g++ -O2 -g "$p/inl-cxx.cc"; then
  cxx_built=true
  compare inline/cxx cxx
fi

# Debian's rustc, named by its path: a newer one earlier in PATH is not the
# compiler whose output this case is about.
if [ ! -x /usr/bin/rustc ]; then
  missing inline/rust "no /usr/bin/rustc (Debian package rustc)"
elif build inline/rust rust /usr/bin/rustc -O -g "$p/inl-rust.rs"; then
  compare inline/rust rust
fi

if build inline/lto lto gcc -flto -O2 -g "$p/inl-lto-main.c" "$p/inl-lto-lib.c"; then
  if readelf --debug-dump=abbrev lto | grep -q DW_FORM_ref_addr; then
    compare inline/lto lto
  else
    fail inline/lto "gcc -flto wrote no DW_FORM_ref_addr: the case no longer tests references across units"
  fi
fi

# blocks FILE: each address's answer (from -a output) on one line.
blocks() {
  awk '/^0x/ { if (r != "") print r; r = $0; next } { r = r "|" $0 } END { if (r != "") print r }' "$1"
}
if [ "$cxx_built" = true ]; then
  "$drv" --steady cxx <cxx.addrs >steady.out 2>steady.err
  "$a2l" -i -f -C -e cxx <cxx.addrs >steady.a2l
  sed -n '1!G;h;$p' cxx.addrs >cxx.rev
  "$drv" --steady -a cxx <cxx.addrs >steady.fwd 2>>steady.err
  "$drv" --steady -a cxx <cxx.rev >steady.rev 2>>steady.err
  blocks steady.fwd | sort >steady.fwd.b
  blocks steady.rev | sort >steady.rev.b
  awk 'NR % 2 == 0' steady.out >steady.out.files
  awk 'NR % 2 == 0' steady.a2l >steady.a2l.files
  if [ "$(wc -l <steady.out)" != "$(wc -l <steady.a2l)" ]; then
    fail inline/steady "the levels differ from addr2line's:" "$(diff steady.a2l steady.out | head -5)"
  elif ! cmp -s steady.out.files steady.a2l.files; then
    fail inline/steady "files or lines differ from addr2line's:" "$(diff steady.a2l.files steady.out.files | head -5)"
  elif ! cmp -s steady.fwd.b steady.rev.b; then
    fail inline/steady "answers depend on the order of the addresses:" "$(diff steady.fwd.b steady.rev.b | head -5)"
  else
    pass inline/steady
    echo "# inline/steady: $(wc -l <cxx.addrs) addresses; names other than addr2line's: $(diff steady.a2l steady.out | grep -c '^<')"
  fi
else
  skip inline/steady "the C++ program was not built"
fi

if build inline/no-debug nodebug gcc -O2 "$p/inl-c.c"; then
  "$drv" nodebug 0x1000 >nodebug.out 2>nodebug.err
  rc=$?
  if [ $rc -eq 1 ] && [ ! -s nodebug.out ] &&
    grep -q "^inline-chain: error: nodebug: no DWARF debugging information" nodebug.err; then
    pass inline/no-debug
  else
    fail inline/no-debug "exit status $rc, expected 1 with the message; stderr:" "$(head -3 nodebug.err)"
  fi
fi

"$drv" does-not-exist 0x1000 >missing.out 2>missing.err
rc1=$?
"$drv" "$p/inl-c.c" 0x1000 >notelf.out 2>notelf.err
rc2=$?
if [ $rc1 -eq 1 ] && grep -q "No such file or directory: 'does-not-exist'" missing.err &&
  [ $rc2 -eq 1 ] && grep -q "inl-c.c: not an ELF object" notelf.err; then
  pass inline/unreadable
else
  fail inline/unreadable "missing file: status $rc1, $(head -1 missing.err)" \
    "not ELF: status $rc2, $(head -1 notelf.err)"
fi

if [ -f c ]; then
  plt=$(objdump -d --no-show-raw-insn -j .plt c | awk '/^ *[0-9a-f]+:\t/ { sub(":", "", $1); print "0x" $1; exit }')
  rodata=$(objdump -h c | awk '$2 == ".rodata" { print "0x" $4 }')
  printf '%s\n' 0x0 "$plt" "$rodata" >outside.addrs
  "$a2l" -i -f -C -e c <outside.addrs >outside.a2l
  "$drv" --binutils="$binutils" c <outside.addrs >outside.out 2>outside.err
  # The driver prints ?? and ??:0 for an address only when it has 0 levels.
  printf '??\n??:0\n??\n??:0\n??\n??:0\n' >outside.exp
  if [ -z "$plt" ] || [ -z "$rodata" ]; then
    fail inline/outside "no .plt or .rodata in the C program"
  elif cmp -s outside.exp outside.a2l && cmp -s outside.exp outside.out; then
    pass inline/outside
  else
    fail inline/outside "addresses $(tr '\n' ' ' <outside.addrs): addr2line and ours:" \
      "$(tr '\n' ' ' <outside.a2l)" "$(tr '\n' ' ' <outside.out)"
  fi
else
  skip_ours inline/outside "the C program was not built"
fi

# ---- separate debug files: where binutils reads the DWARF from ----------

# compare_split NAME BIN ORIG: compare on BIN, whose DWARF lies in a
# separate debug file, once addr2line is seen to find that file: its
# answers for BIN must be those for ORIG, the program BIN was made from.
compare_split() {
  addrs "$2" >"$2.addrs"
  "$a2l" -a -i -f -C -e "$3" <"$2.addrs" >"$2.orig.a2l" 2>&1
  if ! "$a2l" -a -i -f -C -e "$2" <"$2.addrs" 2>&1 | cmp -s - "$2.orig.a2l"; then
    fail "$1" "addr2line's answers for $2 are not those for $3: it does not find $2's debug file"
    return
  fi
  compare "$1" "$2"
}

# build_id BIN: BIN's build ID, in hex.
build_id() { readelf -n "$1" 2>/dev/null | awk '/Build ID:/ { print $3; exit }'; }

# only_unknown FILE: whether every FILE:LINE line of addr2line's answers
# (without -a) in FILE is ??:? or ??:0, which it prints without DWARF.
only_unknown() { awk 'NR % 2 == 0' "$1" | grep -qv '^??:' && return 1; return 0; }

if [ "$cxx_built" = true ]; then
  # The decoy in dl/ has the debug file's name and another CRC: the C
  # program's debug file, whose DWARF would answer otherwise.
  rm -rf dl && mkdir -p dl/.debug
  if ! { cp cxx dl/cxx && objcopy --only-keep-debug dl/cxx dl/.debug/cxx.debug &&
    strip --strip-debug dl/cxx && (cd dl && objcopy --add-gnu-debuglink=.debug/cxx.debug cxx) &&
    objcopy --only-keep-debug c dl/cxx.debug; } >dl.log 2>&1; then
    fail inline/debuglink "cannot split the C++ program's debug file or make the decoy:" "$(head -3 dl.log)"
  else
    compare_split inline/debuglink dl/cxx cxx
  fi

  # binutils' first two places for .build-id/NN/NNN...debug are relative
  # to the current directory: both run in bid/.  The debug file is in the
  # second, ./.debug/.build-id/; in the first lies a decoy with another
  # build ID, the C program's debug file.
  bid=$(build_id cxx)
  nn=$(printf %.2s "$bid")
  rm -rf bid && mkdir -p bid
  if [ -z "$bid" ]; then
    fail inline/build-id "the C++ program has no build ID (readelf -n)"
    skip inline/build-id-cwd "the C++ program has no build ID"
  elif ! { mkdir -p "bid/.build-id/$nn" "bid/.debug/.build-id/$nn" &&
    objcopy --only-keep-debug cxx "bid/.debug/.build-id/$nn/${bid#??}.debug" &&
    objcopy --only-keep-debug c "bid/.build-id/$nn/${bid#??}.debug" &&
    strip --strip-all -o bid/cxx cxx; } >bid.log 2>&1; then
    fail inline/build-id "cannot split the C++ program's debug file:" "$(head -3 bid.log)"
    skip inline/build-id-cwd "the debug file was not made"
  else
    (cd bid && compare_split inline/build-id cxx ../cxx)
    "$a2l" -i -f -C -e bid/cxx <bid/cxx.addrs >bid-cwd.a2l 2>&1
    "$drv" bid/cxx "$(head -1 bid/cxx.addrs)" >bid-cwd.out 2>bid-cwd.err
    rc=$?
    if [ $rc -eq 1 ] && grep -q "^inline-chain: error: bid/cxx: no DWARF debugging information" bid-cwd.err &&
      only_unknown bid-cwd.a2l; then
      pass inline/build-id-cwd
    else
      fail inline/build-id-cwd "from out/, expected no line from addr2line and ours refusing bid/cxx;" \
        "ours: status $rc, $(head -c 200 bid-cwd.err)" \
        "addr2line: $(awk 'NR % 2 == 0' bid-cwd.a2l | grep -v '^??:' | head -3 | tr '\n' ' ')"
    fi
  fi
else
  for n in inline/debuglink inline/build-id inline/build-id-cwd; do
    skip "$n" "the C++ program was not built"
  done
fi

# The debug file with a byte appended: its DWARF is the program's, only
# its CRC is not the link's.
if [ -f c ]; then
  rm -rf crc && mkdir -p crc/.debug
  if ! { cp c crc/c && objcopy --only-keep-debug crc/c crc/.debug/c.debug &&
    strip --strip-debug crc/c && (cd crc && objcopy --add-gnu-debuglink=.debug/c.debug c) &&
    printf '\n' >>crc/.debug/c.debug; } >crc.log 2>&1; then
    fail inline/debuglink-crc "cannot split the C program's debug file:" "$(head -3 crc.log)"
  else
    addrs crc/c >crc/c.addrs
    "$a2l" -i -f -C -e crc/c <crc/c.addrs >crc.a2l 2>&1
    "$drv" crc/c "$(head -1 crc/c.addrs)" >crc.out 2>crc.err
    rc=$?
    if [ $rc -eq 1 ] && [ ! -s crc.out ] &&
      grep -q "^inline-chain: error: crc/c: no DWARF debugging information" crc.err &&
      grep -q "crc/.debug/c.debug has CRC" crc.err && only_unknown crc.a2l; then
      pass inline/debuglink-crc
    else
      fail inline/debuglink-crc "expected no line from addr2line and ours refusing crc/c, naming the CRC;" \
        "ours: status $rc, $(head -c 400 crc.err)" \
        "addr2line: $(awk 'NR % 2 == 0' crc.a2l | grep -v '^??:' | head -3 | tr '\n' ' ')"
    fi
  fi
else
  skip_ours inline/debuglink-crc "the C program was not built"
fi

# The C library as Debian ships it: stripped, its DWARF and symbol table in
# libc6-dbg's /usr/lib/debug/.build-id/NN/NNN...debug.  Asked through a
# link in out/, where the suite writes its files.
libc=/lib/x86_64-linux-gnu/libc.so.6
lbid=$(build_id "$libc")
ldbg=/usr/lib/debug/.build-id/$(printf %.2s "$lbid")/${lbid#??}.debug
if [ ! -f "$libc" ]; then
  skip inline/libc "no $libc (the case is about Debian's amd64 C library)"
elif readelf -S -W "$libc" | grep -q ' \.z*debug_info '; then
  skip inline/libc "$libc carries its own DWARF: there is no separate debug file to find"
elif [ -z "$lbid" ]; then
  skip inline/libc "$libc has no build ID"
elif [ ! -f "$ldbg" ]; then
  skip inline/libc "no $ldbg: libc's debug file is in Debian's libc6-dbg"
else
  ln -sf "$libc" libc.so.6
  compare inline/libc libc.so.6
  # A third of a million addresses: the answers take some 60 MB.
  if cmp -s libc.so.6.a2l libc.so.6.ours; then rm -f libc.so.6.a2l libc.so.6.ours libc.so.6.addrs; fi
fi

# The profile cases: their own script, which tests/release.sh runs too,
# against another release's tools; against ADDR2LINE when it is set.
if [ -n "${ADDR2LINE:-}" ]; then
  mkdir -p "$work/a2l" && ln -sf "$a2l" "$work/a2l/addr2line"
  PATH=$work/a2l:$PATH sh "$src/profiles.sh"
else
  sh "$src/profiles.sh"
fi
exit 0
